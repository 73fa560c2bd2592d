import Foundation
import Testing
import UnderstudyDocuments
import UnderstudyOpenAPI

/// A gate that reads the document's file itself (the command line's helper) starts with the loader's own read,
/// not after it: on a 3 MB document the two reads then run side by side.
@Suite struct FileGateTests {
    /// NSLock, not Synchronization.Mutex: ThreadSanitizer does not see the futex-based Mutex on Linux and reported its
    /// guarded array as a race (make check).
    final class Calls: Sendable {
        let files = Guarded()

        final class Guarded: @unchecked Sendable {
            private let lock = NSLock()
            private var value: [String] = []
            func withLock<T>(_ body: (inout [String]) -> T) -> T {
                lock.lock()
                defer { lock.unlock() }
                return body(&value)
            }
        }
    }

    func gate(_ calls: Calls, answering problems: [FileProblem] = []) -> OpenAPIGate {
        OpenAPIGate(checkingFile: { file, displayName in
            calls.files.withLock { $0.append(displayName) }
            return problems
        })
    }

    @Test func itStartsBeforeTheLoaderHasReadTheFile() async throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("broken.yaml")
        try "openapi: 3.1.0\ninfo: [unclosed\n".write(to: url, atomically: true, encoding: .utf8)
        let calls = Calls()
        #expect(throws: FileProblems.self) { try OpenAPILoader.load(fileAt: url, displayName: "broken.yaml", gate: gate(calls)) }
        // The loader refused the file at its own parse; the gate had been started before it, on a thread of its own,
        // so it is waited for (ten seconds at most, a watchdog, not a measurement).
        for _ in 0..<1000 where calls.files.withLock({ $0.isEmpty }) { try await Task.sleep(for: .milliseconds(10)) }
        #expect(calls.files.withLock { $0 } == ["broken.yaml"])
    }

    @Test func itsRefusalRefusesAndLenientlyWarns() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("tiny.yaml")
        try "openapi: 3.1.0\ninfo: {title: tiny, version: '1'}\npaths: {}\n".write(to: url, atomically: true, encoding: .utf8)
        let refusal = FileProblem(file: "tiny.yaml", line: 2, message: "refused by the gate")
        let strict = Calls()
        let problems = #expect(throws: FileProblems.self) {
            try OpenAPILoader.load(fileAt: url, displayName: "tiny.yaml", gate: gate(strict, answering: [refusal]))
        }
        #expect(problems?.problems.map(\.message) == ["refused by the gate"])
        let lenient = try OpenAPILoader.load(fileAt: url, displayName: "tiny.yaml", gate: gate(Calls(), answering: [refusal]), lenient: true)
        #expect(lenient.warnings.map(\.message) == ["OpenAPIKit refuses this; served anyway (lenient): refused by the gate"])
        #expect(strict.files.withLock { $0 } == ["tiny.yaml"], "one check a load")
    }
}
