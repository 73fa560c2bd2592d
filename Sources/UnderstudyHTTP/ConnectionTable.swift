import CMicroHTTPD
import Dispatch
#if canImport(Glibc)
import Glibc
#endif

/// The open connections of a server and whether each is busy with a request.
///
/// libmicrohttpd's connection timeout is an idle timeout: a client that
/// sends one header byte every few seconds (slowloris) keeps a connection
/// forever. So a connection also gets a deadline: it must deliver a
/// request's headers within the timeout of opening, or of its previous
/// response; a sweep shuts down the sockets that miss it.
final class ConnectionTable: @unchecked Sendable {
    private struct Entry {
        var socket: Int32
        var openedAt: UInt64
        /// Whether a request has started on this connection yet.
        var served = false
        /// When the connection started waiting for a request's headers; nil while one is being handled.
        var waitingSince: UInt64?
    }

    private struct State {
        var requestsInFlight = 0
        var connections: [UInt: Entry] = [:]
    }

    private let state = Locked(State())
    private var timer: DispatchSourceTimer?

    func opened(_ connection: OpaquePointer) {
        let socket = cmhd_connection_fd(connection)
        let now = DispatchTime.now().uptimeNanoseconds
        state.withLock { $0.connections[UInt(bitPattern: connection)] = Entry(socket: socket, openedAt: now, waitingSince: now) }
    }

    func closed(_ connection: OpaquePointer) {
        state.withLock { _ = $0.connections.removeValue(forKey: UInt(bitPattern: connection)) }
    }

    func requestStarted(_ connection: OpaquePointer) {
        state.withLock { state in
            state.requestsInFlight += 1
            state.connections[UInt(bitPattern: connection)]?.waitingSince = nil
            state.connections[UInt(bitPattern: connection)]?.served = true
        }
    }

    func requestEnded(_ connection: OpaquePointer?) {
        let now = DispatchTime.now().uptimeNanoseconds
        state.withLock { state in
            state.requestsInFlight -= 1
            if let connection { state.connections[UInt(bitPattern: connection)]?.waitingSince = now }
        }
    }

    var requestsInFlight: Int { state.withLock { $0.requestsInFlight } }

    /// Whether requests are being handled, or a connection accepted in the last
    /// `window` nanoseconds has not delivered its first request yet (it most
    /// likely carries one): what a graceful stop waits for.
    func isBusy(freshWindow window: UInt64) -> Bool {
        let now = DispatchTime.now().uptimeNanoseconds
        return state.withLock { state in
            state.requestsInFlight > 0 || state.connections.values.contains { !$0.served && elapsed(from: $0.openedAt, to: now) < window }
        }
    }

    /// Sweeps once a second, shutting down connections that waited longer than `seconds` for headers.
    func startSweeping(after seconds: Int) {
        let limit = UInt64(max(1, seconds)) * 1_000_000_000
        let timer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "understudy.http.deadlines"))
        timer.schedule(deadline: .now() + 1, repeating: 1)
        timer.setEventHandler { [weak self] in self?.sweep(limit) }
        timer.resume()
        self.timer = timer
    }

    func stopSweeping() {
        timer?.cancel()
        timer = nil
    }

    private func sweep(_ limit: UInt64) {
        let now = DispatchTime.now().uptimeNanoseconds
        // Under the lock: libmicrohttpd reports a connection closed (and removes it here) before closing
        // its socket, so a socket found here still belongs to that connection.
        state.withLock { state in
            for (key, entry) in state.connections {
                guard let since = entry.waitingSince, elapsed(from: since, to: now) > limit, entry.socket >= 0 else { continue }
                shutdown(entry.socket, Int32(SHUT_RDWR))
                state.connections[key]?.waitingSince = nil
            }
        }
    }
}

/// `now - start`, or 0 when another thread stamped `start` after `now` was read
/// (a plain subtraction traps on that underflow: seen as a crash under load).
private func elapsed(from start: UInt64, to now: UInt64) -> UInt64 {
    now > start ? now - start : 0
}
