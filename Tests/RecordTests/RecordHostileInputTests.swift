import Foundation
import Testing
import UnderstudyTestSupport
import UnderstudyTesting

/// Bad input to `understudy record` gets a clear error and loses nothing.
@Suite struct RecordHostileInputTests {
    @Test(arguments: ["/swapi", "/artic/api", "/catfact", "/__admin", "/__admin/x"])
    func aPrefixCollidingWithWhatUnderstudyServesIsRefused(_ prefix: String) throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try UnderstudyProcess([
            "record", "--port", "0", "--upstream", "http://127.0.0.1:9", "--prefix", prefix,
            "--into", folder.appendingPathComponent("x.yaml").path,
        ]).finish()
        #expect(run.status != 0)
        #expect(run.stderr.contains("collides with"), "\(run.stderr)")
    }

    @Test func badArgumentsAreRefusedBeforeAnythingListens() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let into = folder.appendingPathComponent("x.yaml").path
        for (arguments, message) in [
            (["--upstream", "http://a", "--into", into], "give one --prefix for each --upstream"),
            (["--upstream", "file:///etc", "--prefix", "/a", "--into", into], "http:// or https://"),
            (["--api", "nasa", "--into", into], "unknown API"),
            (["--upstream", "http://a", "--prefix", "/a", "--into", folder.appendingPathComponent("x.txt").path], ".yaml"),
            (["--upstream", "http://a", "--prefix", "/a b", "--into", into], "may hold only"),
        ] {
            let run = try UnderstudyProcess(["record", "--port", "0"] + arguments).finish()
            #expect(run.status != 0, "\(arguments)")
            #expect(run.stderr.contains(message), "\(arguments): \(run.stderr)")
        }
    }

    /// A save that cannot complete (here: `data` is a file, so no body file can be written) reports it and
    /// leaves the previous scenario file exactly as it was.
    @Test func aFailedSaveLeavesThePreviousFileIntact() async throws {
        let (upstream, upstreamFolder) = try await LocalUpstream.start()
        defer { try? FileManager.default.removeItem(at: upstreamFolder) }
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let previous = "description: the previous recording\nroutes:\n  - path: /myapi/old\n    json: {old: true}\n"
        try write(["myapi.yaml": previous, "data": "not a folder"], into: folder)
        let recorder = try RecorderProcess([
            "--upstream", "http://127.0.0.1:\(upstream.port)/v1", "--prefix", "/myapi",
            "--into", folder.appendingPathComponent("myapi.yaml").path,
        ])
        #expect(try request(recorder.port, "/myapi/big").status == 200)
        let (status, stderr) = recorder.stop()
        #expect(status == 1)
        #expect(stderr.contains("previous scenario file (if any) is unchanged"), "\(stderr)")
        #expect(try String(contentsOf: folder.appendingPathComponent("myapi.yaml"), encoding: .utf8) == previous)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(leftovers == ["data", "myapi.yaml"], "no temporary file is left behind")
    }

    /// The admin call saves without stopping; a later save replaces the file whole.
    @Test func theAdminCallSavesWhileRecording() async throws {
        let (upstream, upstreamFolder) = try await LocalUpstream.start()
        defer { try? FileManager.default.removeItem(at: upstreamFolder) }
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let recorder = try RecorderProcess([
            "--upstream", "http://127.0.0.1:\(upstream.port)/v1", "--prefix", "/myapi",
            "--into", folder.appendingPathComponent("myapi.yaml").path,
        ])
        _ = try request(recorder.port, "/myapi/readme")
        let saved = try request(recorder.port, "/__admin/recording/save", method: "POST")
        #expect(saved.status == 200, "\(saved.body)")
        let first = try String(contentsOf: folder.appendingPathComponent("myapi.yaml"), encoding: .utf8)
        #expect(first.contains("/myapi/readme") && !first.contains("/myapi/users"))
        _ = try request(recorder.port, "/myapi/users/3")
        #expect(recorder.stop().status == 0)
        let second = try String(contentsOf: folder.appendingPathComponent("myapi.yaml"), encoding: .utf8)
        #expect(second.contains("/myapi/readme") && second.contains("/myapi/users/3"))
    }
}
