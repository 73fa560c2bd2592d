import Foundation
import Testing
import UnderstudyRecording
import UnderstudyTesting

@testable import Understudy
@testable import UnderstudyStaging

/// The dataset writer against bodies that are not the shape it expects: each is skipped, nothing crashes,
/// and what is written loads.
@Suite struct DatasetWriterHostileTests {
    static let person =
        #"{"name":"P","height":"1","mass":"2","hair_color":"h","skin_color":"s","eye_color":"e","birth_year":"b","gender":"g","#
        + #""homeworld":"http://x/api/planets/9/","films":["http://x/api/films/1/"],"species":[],"vehicles":[],"starships":[],"#
        + #""created":"c","edited":"e","unknown":1,"url":"http://x/api/people/1/?format=json"}"#

    static let bodies: [(UnderstudyAPI, String)] = [
        (.catfact, "<html>not json</html>"), (.catfact, #"{"fact":5}"#), (.catfact, #"{"data":"x"}"#), (.catfact, "[]"),
        (.catfact, #"{"from":-9,"data":[{"fact":""},{"breed":"a","country":1},3,null,{"fact":"ok"}]}"#),
        (.catfact, #"{"from":1e400,"data":[{"fact":"ok"},{"fact":"second"}]}"#),
        (.catfact, #"{"data":[{"pattern":"p","coat":"c","origin":"o","country":"k","breed":"b"}]}"#),
        (.swapi, #"{"results":[{"url":"x"},{"url":7},{"url":"http://x/api/people/-1/"},{"url":"http://x/api/people/2/"},1]}"#),
        (.swapi, person), (.swapi, #"{"results":"#), (.swapi, #"{"url":"http://x/api/planets/abc/"}"#),
        (.artic, #"{"data":[{"id":"1"},{"id":2,"title":"x","_score":3},{"id":2,"title":"y","date":1},7]}"#),
        (.artic, #"{"data":7}"#), (.artic, #"{"data":{"id":1e400}}"#), (.artic, #"{"data":{"id":3,"id":4}}"#),
    ]

    @Test func badBodiesAreSkippedAndWhatIsWrittenLoads() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var exchanges: [RecordedExchange] = []
        for (index, (api, body)) in Self.bodies.enumerated() {
            let mapping = try UpstreamMapping(prefix: api.prefix, upstream: "http://upstream.test", builtIn: api)
            exchanges.append(
                RecordedExchange(
                    method: "GET", path: "\(api.prefix)/p\(index)", query: "", status: 200, headers: [], body: Array(body.utf8), mapping: mapping))
        }
        let writer = DatasetWriter(name: "hostile", apis: [.catfact, .swapi, .artic])
        let output = writer.render(exchanges)
        #expect(output.written == ["catfact: 2 facts, 1 breeds", "swapi: 1 people", "artic: 1 artworks"], "\(output.written)")
        #expect(output.notes.contains { $0.contains("links to items not recorded") }, "\(output.notes)")
        try writer.save(output, into: folder)
        _ = try ScenarioLoader.load(directory: folder)
        let facts = try String(contentsOf: folder.appendingPathComponent("data/hostile/catfact/facts.json"), encoding: .utf8)
        #expect(facts == "[\n  \"ok\",\n  \"second\"\n]\n")
        // The fullest answer for an id is kept, without a search's `_score`.
        let artworks = try String(contentsOf: folder.appendingPathComponent("data/hostile/artic/artworks.json"), encoding: .utf8)
        #expect(artworks == "[\n  {\"id\":2,\"title\":\"y\",\"date\":1}\n]\n")
    }

    @Test func nothingUsableWritesNoScenario() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let mapping = try UpstreamMapping(prefix: UnderstudyAPI.swapi.prefix, upstream: "http://upstream.test", builtIn: .swapi)
        let exchange = RecordedExchange(
            method: "GET", path: "/swapi/api/people/", query: "", status: 200, headers: [], body: Array("{}".utf8), mapping: mapping)
        let writer = DatasetWriter(name: "none", apis: [.swapi])
        let output = writer.render([exchange])
        #expect(output.yaml == nil && output.files.isEmpty)
        #expect(output.notes == ["swapi: nothing usable recorded for a dataset; none written"])
        try writer.save(output, into: folder)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("none-dataset.yaml").path))
    }
}
