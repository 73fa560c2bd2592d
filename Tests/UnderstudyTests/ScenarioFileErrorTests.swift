import Foundation
import Testing
import UnderstudyDocuments

@testable import Understudy
@testable import UnderstudyStaging

/// Every kind of scenario-file mistake is reported with the file, the line
/// where the parser knows it, and the key path.
@Suite struct ScenarioFileErrorTests {
    /// Writes `files` (path → contents) into a fresh folder and loads it.
    func load(_ files: [String: String]) throws -> [FileProblem] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("understudy-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        for (path, contents) in files {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try contents.write(to: url, atomically: true, encoding: .utf8)
        }
        do {
            _ = try ScenarioLoader.load(directory: folder)
            return []
        } catch {
            return error.problems
        }
    }

    func expectOne(
        _ problems: [FileProblem], file: String, line: Int? = nil, keyPath: String?, containing text: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let match = problems.first { $0.file == file && $0.keyPath == keyPath && $0.message.contains(text) && (line == nil || $0.line == line) }
        #expect(
            match != nil, "expected \(file):\(line.map(String.init) ?? "?") \(keyPath ?? "-") '\(text)' in \(problems)",
            sourceLocation: sourceLocation)
    }

    @Test func malformedYAMLNamesTheLine() throws {
        let problems = try load(["broken.yaml": "description: fine\napis:\n  swapi: [unclosed\n"])
        #expect(problems.count == 1)
        expectOne(problems, file: "broken.yaml", keyPath: nil, containing: "malformed YAML")
        #expect(problems.first?.line != nil)
    }

    @Test func duplicateKeysAndBadBytesAreLocated() throws {
        let duplicate = try load(["a.yaml": "description: x\ndelay: 1\ndescription: y\n"])
        #expect(duplicate.map(\.description) == ["a.yaml:3:1: duplicate keys: description"])
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("understudy-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(Array("description: fine\ndelay: caf".utf8) + [0xE9, 0x0A]).write(to: folder.appendingPathComponent("latin1.yaml"))
        do {
            _ = try ScenarioLoader.load(directory: folder)
            Issue.record("a file that is not UTF-8 loaded")
        } catch {
            #expect(error.problems.map(\.description) == ["latin1.yaml:2:11: unreadable text: incomplete UTF-8 octet sequence"])
        }
    }

    @Test func unknownKeysAreRejectedWithTheirPath() throws {
        let problems = try load(["a.yaml": "description: x\ncolour: red\napis:\n  swapi:\n    delay: 1\n    speed: 3\n"])
        expectOne(problems, file: "a.yaml", line: 2, keyPath: "colour", containing: "unknown key")
        expectOne(problems, file: "a.yaml", line: 6, keyPath: "apis.swapi.speed", containing: "allowed here: dataset, delay, fault, response")
    }

    @Test func unknownAPIsAndFaults() throws {
        let problems = try load(["a.yaml": "apis:\n  starwars:\n    delay: 1\n  artic:\n    fault: explode\n"])
        expectOne(problems, file: "a.yaml", line: 2, keyPath: "apis.starwars", containing: "unknown API (known: swapi, artic, catfact)")
        expectOne(problems, file: "a.yaml", line: 5, keyPath: "apis.artic.fault", containing: "unknown fault 'explode'")
    }

    @Test func wrongTypesAndValues() throws {
        let problems = try load(["a.yaml": "delay: soon\nresponse:\n  status: 999\n"])
        expectOne(problems, file: "a.yaml", line: 1, keyPath: "delay", containing: "expected a whole number")
        expectOne(problems, file: "a.yaml", line: 3, keyPath: "response.status", containing: "100 to 599")
    }

    @Test func missingBodyFile() throws {
        let problems = try load(["a.yaml": "apis:\n  catfact:\n    response:\n      status: 500\n      body_file: data/nope.json\n"])
        expectOne(problems, file: "a.yaml", keyPath: "apis.catfact.response.body_file", containing: "'data/nope.json' does not exist")
    }

    @Test func pathsMayNotLeaveTheScenariosFolder() throws {
        let problems = try load([
            "a.yaml": "apis:\n  swapi:\n    dataset: ../../etc\n  artic:\n    dataset: /etc/passwd\n"
        ])
        expectOne(problems, file: "a.yaml", keyPath: "apis.swapi.dataset", containing: "outside the scenarios folder")
        expectOne(problems, file: "a.yaml", keyPath: "apis.artic.dataset", containing: "absolute")
    }

    @Test func symlinksOutOfTheFolderAreRejected() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("understudy-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("data"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("data/passwd").path, withDestinationPath: "/etc/passwd")
        try "response:\n  body_file: data/passwd\n".write(to: folder.appendingPathComponent("a.yaml"), atomically: true, encoding: .utf8)
        #expect(throws: FileProblems.self) { try ScenarioLoader.load(directory: folder) }
        do { _ = try ScenarioLoader.load(directory: folder) } catch {
            #expect(error.problems.contains { $0.keyPath == "response.body_file" && $0.message.contains("outside the scenarios folder") })
        }
    }

    @Test func unknownParentAndCycles() throws {
        let unknown = try load(["a.yaml": "description: x\nextends: nothing\n"])
        expectOne(unknown, file: "a.yaml", line: 2, keyPath: "extends", containing: "unknown scenario 'nothing'")
        let cycle = try load(["a.yaml": "extends: b\n", "b.yaml": "extends: c\n", "c.yaml": "extends: a\n"])
        expectOne(cycle, file: "a.yaml", line: 1, keyPath: "extends", containing: "cycle: a → b → c → a")
    }

    @Test func nameMustMatchTheFile() throws {
        let problems = try load(["happy.yaml": "name: sad\n"])
        expectOne(problems, file: "happy.yaml", line: 1, keyPath: "name", containing: "differs from the file name")
    }

    @Test func duplicateNamesAcrossFormats() throws {
        let problems = try load(["a.yaml": "description: x\n", "a.json": #"{"description": "y"}"#])
        #expect(problems.contains { $0.message.contains("also defined by") })
    }

    @Test func jsonScenarioFilesReportLinesToo() throws {
        let problems = try load(["a.json": "{\n  \"description\": \"x\",\n  \"fault\": \"boom\"\n}\n"])
        expectOne(problems, file: "a.json", line: 3, keyPath: "fault", containing: "unknown fault 'boom'")
        #expect(try load(["ok.json": #"{"description": "fine", "delay": 5}"#]).isEmpty)
    }

    @Test func jsonScenarioFileSyntaxErrorsNameLineAndColumn() throws {
        let problems = try load(["a.json": "{\n  \"description\": \"x\",\n  \"delay\": 5,\n}\n"])
        let problem = try #require(problems.first)
        #expect(problems.count == 1 && problem.file == "a.json" && problem.line == 4 && problem.column == 1)
        #expect(problem.message == "malformed JSON: expected a key in double quotes")
    }

    @Test func jsonScenarioFilesHaveTheNestingBound() throws {
        let deep = "{\"routes\": " + String(repeating: "[", count: 600) + String(repeating: "]", count: 600) + "}"
        let problems = try load(["a.json": deep])
        let problem = try #require(problems.first)
        #expect(problems.count == 1 && problem.file == "a.json" && problem.line == 1)
        #expect(problem.message == "malformed JSON: nesting deeper than \(JSONParser.maxDepth) levels")
    }

    @Test func headerNamesAndMethodsAreHTTPTokens() throws {
        let good = "routes:\n  - path: /a\n    method: patch\n    headers: {X-Request-ID: '1', \"a!#$%&'*+-.^_`|~9\": '2'}\n    body: x\n"
        #expect(try load(["a.yaml": good]).isEmpty)
        let badName = try load(["a.yaml": "routes:\n  - path: /a\n    headers: {'Bad Name': '1'}\n    body: x\n"])
        expectOne(badName, file: "a.yaml", line: 3, keyPath: "routes[0].headers", containing: "'Bad Name' is not a valid header name")
        let badMethod = try load(["a.yaml": "routes:\n  - path: /a\n    method: 'GE T'\n    body: x\n"])
        expectOne(badMethod, file: "a.yaml", line: 3, keyPath: "routes[0].method", containing: "expected an HTTP method")
    }

    @Test func unknownPlaceholdersInBodies() throws {
        let problems = try load(["a.yaml": "routes:\n  - path: /u/:id\n    body: '{\"id\": \"{{id}}\", \"x\": \"{{user}}\"}'\n"])
        expectOne(problems, file: "a.yaml", keyPath: "routes[0]", containing: "unknown placeholder {{user}}")
    }

    @Test func routesNeedAPathAndAResponseOutsideTheAPIs() throws {
        let problems = try load(["a.yaml": "routes:\n  - method: GET\n  - path: /mine\n    delay: 5\n"])
        expectOne(problems, file: "a.yaml", line: 2, keyPath: "routes[0].path", containing: "missing")
        expectOne(problems, file: "a.yaml", keyPath: "routes[1]", containing: "needs a response")
    }

    @Test func datasetProblemsNameTheDatasetFileAndItem() throws {
        var files = ["a.yaml": "apis:\n  swapi:\n    dataset: data/sw\n"]
        for resource in ["planets", "films", "species", "starships", "vehicles"] { files["data/sw/\(resource).json"] = "[]" }
        files["data/sw/people.json"] = """
            [
              {"id": 1, "height": "1", "mass": "1", "hair_color": "", "skin_color": "", "eye_color": "", "birth_year": "",
               "gender": "", "homeworld": 7, "created": "", "edited": ""}
            ]
            """
        let problems = try load(files)
        expectOne(problems, file: "data/sw/people.json", line: 2, keyPath: "[0].name", containing: "missing key")
        let dangling = try load(
            files.merging([
                "data/sw/people.json": files["data/sw/people.json"]!.replacingOccurrences(of: #""height""#, with: #""name": "x", "height""#)
            ]) { $1 })
        expectOne(dangling, file: "data/sw/people.json", keyPath: "id 1.homeworld", containing: "planets 7, which is not in the dataset")
    }

    @Test func aBrokenFileDoesNotHideTheOthersProblems() throws {
        let problems = try load(["a.yaml": "fault: nope\n", "b.yaml": "delay: -5\n", "c.yaml": "description: fine\n"])
        #expect(Set(problems.map(\.file)) == ["a.yaml", "b.yaml"])
    }

    @Test func theBundledScenariosAreValid() throws {
        let set = try ScenarioLoader.load(
            directory: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("scenarios"))
        #expect(set.names.count >= 12)
    }
}

/// A route's `stream:`: every mistake located, each bound named.
@Suite struct StreamFileErrorTests {
    let errors = ScenarioFileErrorTests()

    @Test func everyStreamMistakeIsLocated() throws {
        let problems = try errors.load([
            "s.yaml": """
            routes:
              - path: /a
                stream: {events: [{data: x, id: "1\\n2"}, {event: ok}, {data: {a: 1}, delay: -1}], then: sometimes}
              - path: /b
                stream: {every: 0, events: [{data: x}], then: repeat}
              - path: /c
                stream: {events: []}
                json: {a: 1}
              - path: /d
                status: 200
                fault_after: 2
              - path: /e
                stream: {data: x}
            """
        ])
        errors.expectOne(problems, file: "s.yaml", line: 3, keyPath: "routes[0].stream.events[0].id", containing: "line break")
        errors.expectOne(problems, file: "s.yaml", keyPath: "routes[0].stream.events[1].data", containing: "an event needs data")
        errors.expectOne(problems, file: "s.yaml", keyPath: "routes[0].stream.events[2].delay", containing: "milliseconds")
        errors.expectOne(problems, file: "s.yaml", keyPath: "routes[0].stream.then", containing: "close, hold, repeat")
        errors.expectOne(problems, file: "s.yaml", keyPath: "routes[1].stream.then", containing: "needs a pause")
        errors.expectOne(problems, file: "s.yaml", keyPath: "routes[2].json", containing: "give stream or json, not both")
        errors.expectOne(problems, file: "s.yaml", keyPath: "routes[3].fault_after", containing: "needs stream or websocket beside it")
        errors.expectOne(problems, file: "s.yaml", keyPath: "routes[4].stream.data", containing: "unknown key")
        errors.expectOne(problems, file: "s.yaml", keyPath: "routes[4].stream.events", containing: "missing")
    }

    @Test func tooManyEventsAreRefusedWithTheBound() throws {
        let events = String(repeating: "{data: x}, ", count: EventStream.maxEvents + 1)
        let problems = try errors.load(["s.yaml": "routes:\n  - path: /a\n    stream: {events: [\(events)]}\n"])
        errors.expectOne(problems, file: "s.yaml", keyPath: "routes[0].stream.events", containing: "more than 10000 events")
    }
}
