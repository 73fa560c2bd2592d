import Foundation
import Testing
import UnderstudyTestSupport
import UnderstudyTesting

/// `UnderstudyProcess` is safe to use from a test that throws: its child stops when it is released,
/// and a missing binary is a clear error, not a crash or a silent hang.
@Suite struct UnderstudyProcessTests {
    @Test func releasingTheProcessStopsItsChild() async throws {
        var pid: Int32 = 0
        do {
            let server = try UnderstudyProcess(["serve", "--port", "0", "--scenarios", CommandLineTests.scenarios, "--log-level", "warning"])
            _ = try server.waitUntilListening()
            pid = server.pid
            #expect(kill(pid, 0) == 0)
        }
        // Gone (or a zombie already reaped by Foundation): signal 0 fails with ESRCH.
        try await waitUntil(seconds: 10) { kill(pid, 0) != 0 }
    }

    @Test func aMissingBinaryIsAClearError() throws {
        let missing = URL(fileURLWithPath: "/nonexistent/understudy")
        let error = #expect(throws: UnderstudyProcess.MissingExecutable.self) {
            _ = try UnderstudyProcess(executable: missing, ["serve"])
        }
        #expect(error?.description.contains("/nonexistent/understudy") == true)
        #expect(error?.description.contains("executable:") == true)
    }
}
