import Foundation

/// Thrown by ``waitUntil(seconds:_:fileID:line:)`` when its condition stays false.
public struct ConditionNeverMet: Error, CustomStringConvertible {
    public var description: String
}

/// Polls `condition` every 10 ms until it holds, for a test that must wait for
/// the server to reach a state (say, all its requests parked) instead of sleeping.
/// `seconds` is a watchdog against a hang, not a measurement; `state` describes what was
/// seen instead, so a CI failure says how far the server got.
public func waitUntil(
    seconds: Double = 30, _ condition: () -> Bool, state: (() -> String)? = nil, fileID: String = #fileID, line: Int = #line
) async throws {
    let deadline = Date().addingTimeInterval(seconds)
    while !condition() {
        guard Date() < deadline else {
            let seen = state.map { "; seen: \($0())" } ?? ""
            throw ConditionNeverMet(description: "the condition at \(fileID):\(line) did not hold within \(seconds) s\(seen)")
        }
        try await Task.sleep(for: .milliseconds(10))
    }
}
