import CMicroHTTPD
import Dispatch
import UnderstudyHTTP

/// The open connections of a server, for the two questions asked of all of
/// them at once: which missed their deadline, and is any still busy.
///
/// libmicrohttpd's connection timeout is an idle timeout: a client that
/// sends one header byte every few seconds (slowloris) keeps a connection
/// forever. So a connection also gets a deadline: it must deliver a
/// request's headers within the timeout of opening, or of its previous
/// response; a sweep shuts down the sockets that miss it. The table changes
/// only when a connection opens or closes, never per request.
final class ConnectionTable: @unchecked Sendable {
    private let open = Locked<[ObjectIdentifier: Connection]>([:])
    private var timer: (any DispatchSourceTimer)?
    /// Above this many open connections, the one waiting longest for a request is shut down; 0: never.
    private var reclaimAbove = 0

    /// Keeps idle and half-sent connections from filling a server limited to `limit` connections
    /// (see ``ServerConfiguration/reclaimsIdleConnections``). Call before the server starts.
    func reclaimIdleConnections(limit: Int) {
        reclaimAbove = max(1, limit - max(1, limit / 8))
    }

    /// Creates the connection's object; the caller keeps it in the socket context (retained).
    func opened(_ handle: OpaquePointer) -> Connection {
        let now = DispatchTime.now().uptimeNanoseconds
        let connection = Connection(handle: handle, now: now)
        open.withLock { open in
            open[ObjectIdentifier(connection)] = connection
            if reclaimAbove > 0, open.count > reclaimAbove { reclaimOldestWaiting(in: open, sparing: connection, now: now) }
        }
        return connection
    }

    /// Shuts down the connection that has waited longest for a request's headers (not `spared`,
    /// the newcomer, which most likely carries its request already). Under the table's lock, as
    /// in `sweep`: a socket found here still belongs to its connection.
    private func reclaimOldestWaiting(in open: [ObjectIdentifier: Connection], sparing spared: Connection, now: UInt64) {
        var oldest: (connection: Connection, since: UInt64)?
        for connection in open.values where connection !== spared && connection.socket >= 0 {
            guard let since = connection.deadline.waitingSince else { continue }
            if oldest == nil || since < oldest!.since { oldest = (connection, since) }
        }
        // takeLateness with no grace: true once, so a connection being closed is not picked again.
        if let oldest, oldest.connection.takeLateness(now: max(now, oldest.since + 1), limit: 0) {
            shutdown(oldest.connection.socket, Int32(SHUT_RDWR))
        }
    }

    func closed(_ connection: Connection) {
        open.withLock { _ = $0.removeValue(forKey: ObjectIdentifier(connection)) }
    }

    var requestsInFlight: Int {
        open.withLock { open in open.values.reduce(0) { $0 + ($1.deadline.inRequest ? 1 : 0) } }
    }

    /// Whether requests are being handled, or a connection accepted in the last
    /// `window` nanoseconds has not delivered its first request yet (it most
    /// likely carries one): what a graceful stop waits for.
    func isBusy(freshWindow window: UInt64) -> Bool {
        let now = DispatchTime.now().uptimeNanoseconds
        return open.withLock { open in
            open.values.contains { connection in
                let state = connection.deadline
                return state.inRequest || (!state.served && elapsed(from: connection.openedAt, to: now) < window)
            }
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
        // Under the table's lock: libmicrohttpd reports a connection closed (and removes it here)
        // before closing its socket, so a socket found here still belongs to that connection.
        open.withLock { open in
            for connection in open.values where connection.socket >= 0 {
                if connection.takeLateness(now: now, limit: limit) { shutdown(connection.socket, Int32(SHUT_RDWR)) }
            }
        }
    }
}

/// `now - start`, or 0 when another thread stamped `start` after `now` was read
/// (a plain subtraction traps on that underflow: seen as a crash under load).
private func elapsed(from start: UInt64, to now: UInt64) -> UInt64 {
    now > start ? now - start : 0
}
