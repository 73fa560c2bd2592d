import Dispatch
import SystemPackage
import UnderstudyHTTP

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reloads the scenarios when files in their folder change (`--watch`).
///
/// Polls modification times twice a second rather than using inotify, so it
/// also works on Docker bind mounts, and waits until the folder has been
/// quiet for a moment, so an editor's save-in-several-steps reloads once.
package final class ScenarioWatcher: Sendable {
    private struct State {
        var fingerprint: [String: Date] = [:]
        var changedAt: DispatchTime?
    }

    private let control: ServerControl
    private let state = Locked(State())
    /// Behind the lock only to make the class Sendable: the timer is set up once and cancelled once.
    private let timer: Locked<any DispatchSourceTimer>
    static let interval = DispatchTimeInterval.milliseconds(500)
    static let quiet: UInt64 = 300_000_000

    package init(control: ServerControl) {
        self.control = control
        let timer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "understudy.watch"))
        self.timer = Locked(timer)
        let initial = Self.fingerprint(control.directory)
        state.withLock { $0.fingerprint = initial }
        timer.schedule(deadline: .now() + Self.interval, repeating: Self.interval)
        timer.setEventHandler { [weak self] in self?.tick() }
        timer.resume()
    }

    package func stop() { timer.withLock { $0.cancel() } }

    private func tick() {
        let current = Self.fingerprint(control.directory)
        let now = DispatchTime.now()
        let due = state.withLock { state -> Bool in
            if current != state.fingerprint {
                state.fingerprint = current
                state.changedAt = now
                return false
            }
            guard let changed = state.changedAt, now.uptimeNanoseconds - changed.uptimeNanoseconds >= Self.quiet else { return false }
            state.changedAt = nil
            return true
        }
        // Handed to the reload thread: this timer's queue keeps polling meanwhile.
        if due { control.requestReload { _ in } }
    }

    /// Every file under the folder (symlinks followed) with its modification time.
    static func fingerprint(_ directory: URL) -> [String: Date] {
        var result: [String: Date] = [:]
        guard let paths = try? FileManager.default.subpathsOfDirectory(atPath: directory.path) else { return result }
        for path in paths {
            let full = directory.appendingPathComponent(path).path
            guard let status = try? Stat(FilePath(full)), status.type == .regular else { continue }
            result[full] = Date(timeIntervalSince1970: status.modifiedSeconds)
        }
        return result
    }
}
