import Foundation
import Testing
import UnderstudyRecording
import UnderstudyStaging
import UnderstudyTestSupport

/// HAR files arrive in pull requests: each wrong shape is a located error (file:line:column, the key path), each
/// bound holds, and nothing is written outside the scenarios folder.
@Suite struct HARHostileTests {
    static let mapping = try! UpstreamMapping(prefix: "/api", upstream: "https://h.example")
    static let options = HARImportOptions(name: "hostile", mappings: [mapping], source: "bad.har")

    /// A HAR whose one entry is `entry` (a JSON object's text).
    static func har(_ entries: [String]) -> [UInt8] {
        Array(
            "{\"log\": {\"version\": \"1.2\", \"creator\": {\"name\": \"t\", \"version\": \"1\"}, \"entries\": [\(entries.joined(separator: ","))]}}"
                .utf8)
    }

    /// An entry under the mapping, with `content` (the members of response.content) and `status`.
    static func entry(url: String = "https://h.example/x", status: String = "200", headers: String = "[]", content: String) -> String {
        """
        {"startedDateTime": "2024-01-01T00:00:00Z", "request": {"method": "GET", "url": "\(url)", "headers": []},
         "response": {"status": \(status), "headers": \(headers), "content": {\(content)}}}
        """
    }

    static func problem(_ bytes: [UInt8]) -> String? {
        do {
            _ = try HARImporter.run(bytes: bytes, display: "bad.har", options: options)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func wrongTypesAreLocatedByEntryAndKey() {
        #expect(
            Self.problem(Self.har([Self.entry(content: "\"size\": 1, \"mimeType\": \"text/plain\", \"text\": 5")]))
                == "bad.har:2:102: log.entries[0].response.content.text: expected a string, found a number")
        #expect(
            Self.problem(Self.har([Self.entry(status: "\"200\"", content: "\"text\": \"x\"")]))?.hasSuffix(
                "log.entries[0].response.status: expected a number, found a string") == true)
        #expect(
            Self.problem(Self.har([Self.entry(content: "\"text\": \"a\""), Self.entry(status: "200.5", content: "")]))?.hasSuffix(
                "log.entries[1].response.status: expected a whole number from 0 to 999, found 200.5") == true)
        #expect(
            Self.problem(Self.har([Self.entry(headers: "[{\"name\": \"a\", \"value\": \"b\"}, \"c\"]", content: "")]))?.hasSuffix(
                "log.entries[0].response.headers[1]: expected an object, found a string") == true)
        #expect(Self.problem(Self.har(["{\"response\": {}}"]))?.hasSuffix("log.entries[0]: 'request' is missing (HAR 1.2 requires it)") == true)
        #expect(Self.problem(Array("{\"log\": {\"entries\": {}}}".utf8)) == "bad.har:1:21: log.entries: expected an array of entries")
        #expect(Self.problem(Array("[1, 2]".utf8))?.hasSuffix("expected an object, found an array") == true)
        #expect(Self.problem(Array("{\"log\": ".utf8))?.hasPrefix("bad.har:1:9: not a HAR file:") == true)
        #expect(Self.problem([])?.contains("not a HAR file: the file is empty") == true)
    }

    @Test func invalidBase64AndUnknownEncodingsAreLocated() {
        let base64 = Self.problem(Self.har([Self.entry(content: "\"text\": \"aGVs*G8=\", \"encoding\": \"base64\"")]))
        #expect(
            base64?.hasSuffix("log.entries[0].response.content.text: not valid base64 (encoding: base64): character 4 is '*'") == true,
            "\(base64 ?? "")")
        #expect(
            Self.problem(Self.har([Self.entry(content: "\"text\": \"aGVsbG8\", \"encoding\": \"base64\"")])) == nil, "padding is optional")
        #expect(
            Self.problem(Self.har([Self.entry(content: "\"text\": \"=aGk\", \"encoding\": \"base64\"")]))?.contains("text after the '=' padding")
                == true)
        #expect(
            Self.problem(Self.har([Self.entry(content: "\"text\": \"x\", \"encoding\": \"quoted-printable\"")]))?.hasSuffix(
                "log.entries[0].response.content.encoding: unknown encoding 'quoted-printable' (HAR 1.2 names only base64)") == true)
        // gzip's magic number then garbage: the file's own fault, located.
        let gzip = Self.problem(
            Self.har([
                Self.entry(
                    headers: "[{\"name\": \"Content-Encoding\", \"value\": \"gzip\"}]",
                    content: "\"text\": \"H4sIAAAAAAAAA2NkYGBgBGIQAAA=\", \"encoding\": \"base64\"")
            ]))
        #expect(
            gzip?.contains("log.entries[0].response.content.text: the body starts as gzip (Content-Encoding: gzip) but does not decode") == true,
            "\(gzip ?? "")")
    }

    @Test func nestingAndEntryCountAreBounded() {
        let deep = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
        let nested = Self.problem(Self.har([Self.entry(content: "\"x\": \(deep)")]))
        #expect(nested?.contains("nesting deeper than 512 levels") == true, "\(nested ?? "")")
        let many = Self.problem(Self.har(Array(repeating: "{}", count: HARLimits.maxEntries + 1)))
        #expect(many?.hasSuffix("log.entries: 100001 entries; an import reads at most 100000 (export a shorter session)") == true, "\(many ?? "")")
    }

    /// A few KiB that decode to more than 64 MiB stop at the bound: the entry is left out, counted, and nothing else.
    @Test(arguments: ["bomb-br.har", "bomb-gzip.har"])
    func decompressionBombsStopAtTheBound(_ fixture: String) throws {
        let bytes = try HARFixture.bytes(fixture)
        #expect(bytes.count < 100_000)
        let mapping = try UpstreamMapping(prefix: "/backend", upstream: "https://backend.example.com/api")
        let result = try HARImporter.run(
            bytes: bytes, display: fixture, options: HARImportOptions(name: "bomb", mappings: [mapping], source: fixture))
        #expect(result.summary.skipped.map(\.reason) == ["bodies over 64 MiB once decoded"])
        #expect(result.summary.routes == 0)
        let run = try HARImportRun.run(HARFixture.path(fixture), ["--prefix", "/backend=https://backend.example.com/api"])
        defer { run.remove() }
        #expect(run.status != 0)
        #expect(run.stderr.contains("1 bodies over 64 MiB once decoded") && run.stderr.contains("nothing was written"), "\(run.stderr)")
        #expect(run.files.isEmpty)
    }

    /// Paths a route cannot take and header values a scenario cannot hold are left out, with a note; the rest loads.
    @Test func hostileTextIsLeftOutOrEscaped() throws {
        let headers =
            "[{\"name\": \"Content-Type\", \"value\": \"text/plain\\r\\nX-Evil: 1\"}, {\"name\": \"Cache-Control\", \"value\": \"no-store\"}]"
        let result = try HARImporter.run(
            bytes: Self.har([
                Self.entry(url: "https://h.example/:id/x", content: "\"text\": \"a\""),
                Self.entry(url: "https://h.example/%7B%7Bx%7D%7D", content: "\"text\": \"a\""),
                Self.entry(url: "https://h.example/ok?q=%ZZ", content: "\"text\": \"a\""),
                Self.entry(url: "https://h.example/body", content: "\"text\": \"{{request.body}}\""),
                Self.entry(url: "https://h.example/headers", headers: headers, content: "\"text\": \"fine\""),
            ]), display: "bad.har", options: Self.options)
        #expect(result.summary.routes == 1, "\(result.summary.notes)")
        #expect(result.summary.notes.count == 5, "\(result.summary.notes)")
        #expect(!result.yaml.contains("X-Evil"))
        let folder = try temporaryFolder("har")
        defer { try? FileManager.default.removeItem(at: folder) }
        try HARImportFiles.write(result, name: "hostile", into: folder)
        #expect(try UnderstudyProcess(["validate", folder.path]).finish().status == 0)
    }

    @Test func oversizedAndIrregularFilesAreRefusedBeforeReading() throws {
        let folder = try temporaryFolder("har")
        defer { try? FileManager.default.removeItem(at: folder) }
        let big = folder.appendingPathComponent("big.har")
        #expect(FileManager.default.createFile(atPath: big.path, contents: nil))
        let handle = try FileHandle(forWritingTo: big)
        try handle.truncate(atOffset: UInt64(HARLimits.maxFileBytes) + 1)  // sparse: nothing is really written
        try handle.close()
        let run = try HARImportRun.run(big.path, ["--prefix", "/api=https://h.example"])
        defer { run.remove() }
        #expect(run.status != 0)
        #expect(run.stderr.contains("big.har: the file is 268435457 bytes; a HAR file an import reads may be at most 256 MiB"), "\(run.stderr)")
        #expect(run.files.isEmpty)
        let fifo = folder.appendingPathComponent("fifo.har")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        let piped = try HARImportRun.run(fifo.path, ["--prefix", "/api=https://h.example"])
        defer { piped.remove() }
        #expect(piped.status != 0 && piped.stderr.contains("not a regular file"), "\(piped.stderr)")
    }

    /// `data/NAME` or the scenario file itself linking out of the scenarios folder: refused, nothing written there.
    @Test func writingThroughALinkOutOfTheFolderIsRefused() throws {
        let outside = try temporaryFolder("outside")
        defer { try? FileManager.default.removeItem(at: outside) }
        for link in ["data/imported", "imported.yaml"] {
            let folder = try temporaryFolder("har")
            defer { try? FileManager.default.removeItem(at: folder) }
            try FileManager.default.createDirectory(at: folder.appendingPathComponent("data"), withIntermediateDirectories: true)
            let target = link == "imported.yaml" ? outside.appendingPathComponent("x.yaml") : outside
            try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent(link), withDestinationURL: target)
            let run = try HARImportRun.run(HARFixture.path("chrome.har"), folder: folder, ["--prefix", "/myapi=https://api.example.com/v1"])
            #expect(run.status != 0, "\(link)")
            #expect(run.stderr.contains("outside the scenarios folder") && run.stderr.contains("nothing was written"), "\(link): \(run.stderr)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path).isEmpty, "\(link)")
        }
        let badName = try UnderstudyProcess(["import", "har", HARFixture.path("chrome.har"), "--prefix", "/a=https://h", "--into", "/tmp/x y.yaml"])
            .finishWithOutput()
        #expect(badName.status != 0 && badName.stderr.contains("may hold only letters, digits, - and _"), "\(badName.stderr)")
        let noPrefix = try UnderstudyProcess(["import", "har", HARFixture.path("chrome.har"), "--into", "/tmp/x.yaml"]).finishWithOutput()
        #expect(noPrefix.status != 0 && noPrefix.stderr.contains("give at least one --prefix"), "\(noPrefix.stderr)")
    }
}
