import Foundation
import Testing
import UnderstudyTestSupport
import UnderstudyTesting

/// `understudy record --api` also writes the answers it saw as datasets (`<name>-dataset.yaml` and
/// `data/<name>/<api>/…`): the folder validates, and served from a fresh server the datasets answer with the
/// recorded items, pagination computed over them and links on the new host.
@Suite struct RecordDatasetTests {
    func object(_ answer: Answer) -> [String: Any] { answer.json as? [String: Any] ?? [:] }

    @Test func recordsTheThreeAPIsIntoDatasetsAndServesThem() async throws {
        let upstream = try await UnderstudyTestServer.start()
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let base = "http://127.0.0.1:\(upstream.port)"
        let recorder = try RecorderProcess([
            "--api", "catfact=\(base)/catfact", "--api", "swapi=\(base)/swapi/api", "--api", "artic=\(base)/artic/api/v1",
            "--into", folder.appendingPathComponent("live.yaml").path,
        ])
        let port = recorder.port
        // Page 2 first: the dataset keeps the service's order, not the order pages were visited in.
        let page2 = (object(try request(port, "/catfact/facts?page=2"))["data"] as? [[String: Any]] ?? []).compactMap { $0["fact"] as? String }
        let page1 = (object(try request(port, "/catfact/facts"))["data"] as? [[String: Any]] ?? []).compactMap { $0["fact"] as? String }
        let breeds = object(try request(port, "/catfact/breeds"))["data"] as? [[String: Any]] ?? []
        let person = object(try request(port, "/swapi/api/people/1/"))
        _ = try request(port, "/swapi/api/people/")
        _ = try request(port, "/swapi/api/planets/1/")
        let artworks = object(try request(port, "/artic/api/v1/artworks?limit=3"))["data"] as? [[String: Any]] ?? []
        let artworkID = try #require(artworks.first?["id"] as? Int)
        let artwork = object(try request(port, "/artic/api/v1/artworks/\(artworkID)"))["data"] as? [String: Any] ?? [:]
        #expect(page1.count == 10 && page2.count == 10 && !breeds.isEmpty && person["name"] != nil && artwork["title"] != nil)
        let (status, stderr) = recorder.stop()
        #expect(status == 0, "\(stderr)")
        #expect(stderr.contains("live-dataset.yaml: catfact: 20 facts, \(breeds.count) breeds"), "\(stderr)")

        let validate = try UnderstudyProcess(["validate", folder.path]).finish()
        #expect(validate.status == 0, "understudy validate: \(validate.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("data/live/swapi/films.json").path))

        let replay = try await UnderstudyTestServer.start(scenarios: folder, scenario: "live-dataset")
        let origin = "http://127.0.0.1:\(replay.port)"
        let facts = object(try request(replay.port, "/catfact/facts?limit=15&page=2"))
        #expect(facts["total"] as? Int == 20)
        #expect(facts["last_page"] as? Int == 2)
        #expect((facts["data"] as? [[String: Any]] ?? []).compactMap { $0["fact"] as? String } == Array((page1 + page2).suffix(5)))
        let replayedBreeds = object(try request(replay.port, "/catfact/breeds"))
        #expect(replayedBreeds["total"] as? Int == breeds.count)

        let luke = object(try request(replay.port, "/swapi/api/people/1/"))
        #expect(luke["name"] as? String == person["name"] as? String)
        #expect(luke["homeworld"] as? String == "\(origin)/swapi/api/planets/1/", "the recorded planet is linked on the new host")
        #expect(luke["url"] as? String == "\(origin)/swapi/api/people/1/")
        let planet = object(try request(replay.port, "/swapi/api/planets/1/"))
        #expect((planet["residents"] as? [String] ?? []).contains("\(origin)/swapi/api/people/1/"), "reverse relations are computed")
        #expect(try request(replay.port, "/swapi/api/films/1/").status == 404, "what was not recorded is not there")

        let served = object(try request(replay.port, "/artic/api/v1/artworks/\(artworkID)"))["data"] as? [String: Any] ?? [:]
        #expect(served["title"] as? String == artwork["title"] as? String)
        #expect(served["api_link"] as? String == "\(origin)/artic/api/v1/artworks/\(artworkID)")
        let list = object(try request(replay.port, "/artic/api/v1/artworks"))
        #expect((list["pagination"] as? [String: Any])?["total"] as? Int == artworks.count)
    }

    @Test func anAPIWithNothingUsableGetsNoDataset() async throws {
        let upstream = try await UnderstudyTestServer.start()
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let base = "http://127.0.0.1:\(upstream.port)"
        let recorder = try RecorderProcess([
            "--api", "catfact=\(base)/catfact", "--api", "artic=\(base)/artic/api/v1", "--into", folder.appendingPathComponent("live.yaml").path,
        ])
        _ = try request(recorder.port, "/catfact/fact")
        _ = try request(recorder.port, "/artic/api/v1/nothing-here")
        let (status, stderr) = recorder.stop()
        #expect(status == 0, "\(stderr)")
        #expect(stderr.contains("artic: nothing usable recorded"), "\(stderr)")
        let yaml = try String(contentsOf: folder.appendingPathComponent("live-dataset.yaml"), encoding: .utf8)
        #expect(yaml.contains("catfact") && !yaml.contains("artic:"))
        let validate = try UnderstudyProcess(["validate", folder.path]).finish()
        #expect(validate.status == 0, "understudy validate: \(validate.stderr)")
    }
}
