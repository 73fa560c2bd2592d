import Foundation
import Testing
import UnderstudyDocuments
import UnderstudyTestSupport
import UnderstudyTesting

@testable import Understudy
@testable import UnderstudyStaging

/// No scenario folder can exhaust the server: alias bombs, nesting through
/// aliases, huge files, FIFOs and symlinks out of the folder are each
/// rejected quickly with the file (and line) at fault, by `validate`, by a
/// reload and by `--watch`, while the server keeps serving.
@Suite(.serialized) struct ScenarioFileBoundsTests {
    /// Ten anchors, each aliasing the previous one ten times (YAML's "billion
    /// laughs"): 10^10 strings once expanded, from a file of about 600 bytes.
    static let billionLaughs: String = {
        var lines = ["description: laughs", "routes:", "  - path: /lol", "    json:"]
        lines.append("      a0: &a0 [" + Array(repeating: "lol", count: 10).joined(separator: ",") + "]")
        for level in 1..<10 {
            lines.append("      a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ",") + "]")
        }
        return lines.joined(separator: "\n") + "\n"
    }()

    /// Anchors 400 levels deep, each aliased inside the next: every anchor
    /// passes the depth check where it is written, the whole is 2,400 deep.
    static let nestedAliases: String = {
        var lines = ["description: deep", "routes:", "  - path: /deep", "    json:"]
        let levels = 400
        lines.append("      a0: &a0 " + String(repeating: "[", count: levels) + "1" + String(repeating: "]", count: levels))
        for index in 1..<6 {
            lines.append(
                "      a\(index): &a\(index) " + String(repeating: "[", count: levels) + "*a\(index - 1)" + String(repeating: "]", count: levels))
        }
        return lines.joined(separator: "\n") + "\n"
    }()

    // MARK: - In process: the composer's bounds

    @Test func aliasBudgetStopsTheExpansionAtTheAliasThatCrossesIt() throws {
        let problem = thrown { () throws(FileProblem) in _ = try DocumentParser.parse(Self.billionLaughs, file: "laughs.yaml") }
        let found = try #require(problem)
        #expect(found.file == "laughs.yaml")
        #expect(found.line == 9, "a4, whose aliases of a3 cross 100,000 nodes: \(found)")
        #expect(found.column != nil)
        #expect(found.message.contains("aliases expand to more than 100000 nodes"))
    }

    @Test func aliasDepthCountsWhatTheAliasCopies() throws {
        let problem = thrown { () throws(FileProblem) in _ = try DocumentParser.parse(Self.nestedAliases, file: "deep.yaml") }
        let found = try #require(problem)
        #expect(found.line == 6, "a1 is where *a0 makes it 800 deep: \(found)")
        #expect(found.message.contains("nesting deeper than 512 levels (through *a0)"))
    }

    @Test func ordinaryAliasesStillExpand() throws {
        let node = try DocumentParser.parse("base: &b {k: v, n: [1, 2]}\ncopy: *b\nlist: [*b, *b]\n", file: "t.yaml")
        let value = JSONValue(node: node)
        #expect(value["copy"] == value["base"])
        #expect(value["list"]?.arrayValue?.count == 2)
    }

    @Test func largeJSONBodyRendersInLinearTime() {
        // 105,000 numbers (945 KB): appending to the body copied all of it on every
        // append, about 100 GB of copying; now a fraction of a second.
        var template = BodyTemplate()
        let started = Date()
        for index in 0..<105_000 {
            template.append(index == 0 ? "[" : ",")
            template.append(String(10_000_000 + index))
        }
        template.append("]")
        #expect(template.render(origin: Origin("http://x")).count == 945_001)
        #expect(Date().timeIntervalSince(started) < 15, "generous: only a quadratic append takes this long")
    }

    // MARK: - validate

    @Test func validateRejectsTheBombsFastWithFileAndLine() throws {
        let folder = try ScratchScenarios()
        defer { folder.remove() }
        try folder.write("laughs.yaml", Self.billionLaughs)
        try folder.write("deep.yaml", Self.nestedAliases)
        let result = try runValidate(folder.scenarios)
        #expect(!result.signalled, "validate crashed: \(result.stderr.prefix(2000))")
        #expect(result.status == 1)
        #expect(result.stderr.contains("laughs.yaml:9:"), "\(result.stderr)")
        #expect(result.stderr.contains("aliases expand to more than 100000 nodes"))
        #expect(result.stderr.contains("deep.yaml:6:"), "\(result.stderr)")
        #expect(result.stderr.contains("nesting deeper than 512 levels"))
        #expect(result.seconds < 20, "generous: the bombs are rejected in milliseconds")
    }

    @Test func aLargeJSONBodyLoads() throws {
        let folder = try ScratchScenarios()
        defer { folder.remove() }
        let items = (0..<105_000).map { String(10_000_000 + $0) }.joined(separator: ",")
        try folder.write("bigbody.yaml", "description: big body\nroutes:\n  - path: /big\n    json: [\(items)]\n")
        let result = try runValidate(folder.scenarios, within: 120)
        #expect(result.status == 0, "\(result.stderr.prefix(2000))")
        #expect(result.seconds < 30, "generous: quadratic rendering took minutes here, linear takes under a second")
    }

    @Test func oversizeFilesAreRejectedBeforeTheyAreRead() throws {
        let folder = try ScratchScenarios()
        defer { folder.remove() }
        try folder.write("huge.yaml", "description: huge\n# " + String(repeating: "x", count: 1_100_000) + "\n")
        // A sparse 17 MiB dataset: the size is known from stat, nothing is read.
        try folder.write("hugedata.yaml", "description: huge dataset\napis:\n  artic:\n    dataset: data/huge.json\n")
        let huge = folder.scenarios.appendingPathComponent("data/huge.json")
        FileManager.default.createFile(atPath: huge.path, contents: Data("[]".utf8))
        #expect(truncate(huge.path, 17 << 20) == 0)
        let result = try runValidate(folder.scenarios)
        #expect(result.status == 1)
        #expect(result.stderr.contains("huge.yaml: the file is 1100021 bytes; scenario files may be at most 1 MiB"), "\(result.stderr)")
        #expect(result.stderr.contains("data/huge.json: the file is 17825792 bytes; dataset files may be at most 16 MiB"), "\(result.stderr)")
    }

    @Test func aFIFOIsRejectedInsteadOfBlockingTheLoad() throws {
        let folder = try ScratchScenarios()
        defer { folder.remove() }
        #expect(mkfifo(folder.scenarios.appendingPathComponent("fifo.yaml").path, 0o644) == 0)
        let result = try runValidate(folder.scenarios, within: 20)
        #expect(!result.signalled, "validate blocked on the FIFO and was killed")
        #expect(result.stderr.contains("fifo.yaml: not a regular file"), "\(result.stderr)")
    }

    @Test func aDatasetFileLinkedOutOfTheFolderIsRejected() throws {
        let folder = try ScratchScenarios()
        defer { folder.remove() }
        // A real folder inside, whose facts.json is a symlink out.
        let cats = folder.scenarios.appendingPathComponent("data/cats")
        try FileManager.default.createDirectory(at: cats, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: folder.scenarios.appendingPathComponent("data/catfact/breeds.json"), to: cats.appendingPathComponent("breeds.json"))
        let secret = folder.outside.appendingPathComponent("facts.json")
        try Data(#"["a secret from outside the folder"]"#.utf8).write(to: secret)
        try FileManager.default.createSymbolicLink(at: cats.appendingPathComponent("facts.json"), withDestinationURL: secret)
        try folder.write("leak.yaml", "description: leak\napis:\n  catfact:\n    dataset: data/cats\n")
        let result = try runValidate(folder.scenarios)
        #expect(result.status == 1, "the outside file was loaded: \(result.stderr)")
        #expect(result.stderr.contains("data/cats/facts.json: the file resolves to"), "\(result.stderr)")
        #expect(result.stderr.contains("outside the scenarios folder"))
    }

    @Test func aScenarioFileLinkedOutOfTheFolderIsRejected() throws {
        let folder = try ScratchScenarios()
        defer { folder.remove() }
        let outside = folder.outside.appendingPathComponent("evil.yaml")
        try Data("description: from outside\nextends: happy\n".utf8).write(to: outside)
        try FileManager.default.createSymbolicLink(at: folder.scenarios.appendingPathComponent("evil.yaml"), withDestinationURL: outside)
        // A link that stays inside is fine.
        try folder.write("target.yaml", "description: linked to from inside\n")
        try FileManager.default.createSymbolicLink(
            at: folder.scenarios.appendingPathComponent("alias.yaml"), withDestinationURL: folder.scenarios.appendingPathComponent("target.yaml"))
        let result = try runValidate(folder.scenarios)
        #expect(result.status == 1)
        #expect(result.stderr.contains("evil.yaml: the file resolves to"), "\(result.stderr)")
        #expect(!result.stderr.contains("alias.yaml"), "\(result.stderr)")
    }

    // MARK: - reload and --watch

    @Test func reloadAndWatchRejectTheBombsAndTheServerKeepsServing() async throws {
        let folder = try ScratchScenarios()
        defer { folder.remove() }
        let server = try UnderstudyProcess(["serve", "--port", "0", "--scenarios", folder.scenarios.path, "--log-level", "warning", "--watch"])
        let port = URL(string: try server.waitUntilListening())!.port!
        defer { if server.isRunning { server.signal(SIGKILL) } }
        try folder.write("laughs.yaml", Self.billionLaughs)
        try folder.write("deep.yaml", Self.nestedAliases)
        // --watch notices, reloads, rejects.
        try await waitUntil(seconds: 30) { server.stderr.contains("reload rejected") || !server.isRunning }
        #expect(server.isRunning, "the server died: \(server.stderr.suffix(2000))")
        #expect(server.stderr.contains("laughs.yaml:9:"), "\(server.stderr.suffix(2000))")
        // The admin call too, with file:line in the answer.
        let reply = try RawHTTP.exchange(
            port: port, "POST /__admin/reload HTTP/1.1\r\nHost: localhost\r\nContent-Length: 0\r\nConnection: close\r\n\r\n", timeout: 30)
        #expect(statusCode(reply) == 422, "\(reply)")
        #expect(reply.contains("laughs.yaml:9:"))
        #expect(reply.contains("deep.yaml:6:"))
        #expect(healthy(port))
        let fact = try RawHTTP.exchange(port: port, "GET /catfact/fact HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
        #expect(statusCode(fact) == 200)
        server.signal(SIGTERM)
        #expect(server.finish().status == 0)
    }
}

// MARK: - Helpers shared with ReloadTests

/// A copy of the bundled scenarios in a fresh temporary folder, with a
/// sibling folder `outside` for files that must stay out of reach.
struct ScratchScenarios {
    let root: URL
    var scenarios: URL { root.appendingPathComponent("scenarios") }
    var outside: URL { root.appendingPathComponent("outside") }

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("understudy-bounds-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: bundledScenarios, to: scenarios)
    }

    func write(_ name: String, _ text: String) throws {
        try Data(text.utf8).write(to: scenarios.appendingPathComponent(name))
    }

    /// A set that takes seconds to load in a debug build: one 850 KB scenario
    /// file and `links` symlinks to it (inside the folder, so allowed).
    func addSlowSet(links: Int) throws {
        let items = (0..<14_000).map { "\"item number \($0) with some padding text to make it longer\"" }.joined(separator: ",")
        try write("big.yaml", "description: big\nextends: happy\nroutes:\n  - path: /big\n    json: [\(items)]\n")
        for index in 0..<links {
            try FileManager.default.createSymbolicLink(
                atPath: scenarios.appendingPathComponent("big\(index).yaml").path, withDestinationPath: "big.yaml")
        }
    }

    func remove() { try? FileManager.default.removeItem(at: root) }
}

/// Runs `understudy validate` on `folder`, killing it after `seconds`.
func runValidate(_ folder: URL, within seconds: Double = 60) throws -> (status: Int32, stderr: String, seconds: Double, signalled: Bool) {
    let started = Date()
    let child = try UnderstudyProcess(["validate", folder.path])
    let watchdog = DispatchWorkItem { if child.isRunning { child.signal(SIGKILL) } }
    DispatchQueue.global().asyncAfter(deadline: .now() + seconds, execute: watchdog)
    let result = child.finish()
    watchdog.cancel()
    return (result.status, result.stderr, Date().timeIntervalSince(started), child.process.terminationReason == .uncaughtSignal)
}

/// The problem `body` throws, or nil.
private func thrown(_ body: () throws(FileProblem) -> Void) -> FileProblem? {
    do { try body() } catch { return error }
    return nil
}
