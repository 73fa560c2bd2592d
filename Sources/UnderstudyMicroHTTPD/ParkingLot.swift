import CMicroHTTPD
import Dispatch
import UnderstudyHTTP

/// The suspended connections of a server and the timers that resume them.
///
/// libmicrohttpd neither times out nor notices a hang-up while a connection
/// is suspended, so a sweep peeks at every parked socket four times a second
/// and resumes (to close) those whose client has gone: a test suite that times
/// out on the `timeout` scenario a thousand times does not pile up sockets, and
/// the journal records an abandoned exchange within about 250 ms of the hang-up
/// (a peek is one `poll` per parked socket: 2,000 parked cost 8,000 calls a second).
final class ParkingLot: @unchecked Sendable {
    private struct State {
        var draining = false
        /// Connection (bit pattern) → its socket and which parking this is.
        var parked: [UInt: (socket: Int32, generation: UInt64)] = [:]
        var generation: UInt64 = 0
        var abandoned: Set<UInt> = []
        var sweeping = false
    }

    private let state = Locked(State())
    private let timers = DispatchQueue(label: "understudy.http.timers")
    static let sweepInterval = DispatchTimeInterval.milliseconds(250)
    /// Decides how a hang-up is noticed (``Platform/peerHungUp(_:eventLoop:)``).
    private let eventLoop: MicroHTTPDOptions.EventLoop

    init(eventLoop: MicroHTTPDOptions.EventLoop) {
        self.eventLoop = eventLoop
    }

    /// Suspends `connection` and resumes it after `nanoseconds`; false (and no
    /// suspension) while draining, when everything is answered at once.
    func park(_ connection: UInt, forNanoseconds nanoseconds: UInt64) -> Bool {
        guard suspend(connection) != nil else { return false }
        timers.asyncAfter(deadline: .now() + .nanoseconds(Int(min(nanoseconds, UInt64(Int.max))))) { [self] in
            resume(connection)
        }
        return true
    }

    /// Suspends `connection` until ``resume(_:parking:)`` is called with the
    /// number returned (or a drain, or its client hanging up); nil (and no
    /// suspension) while draining.
    func parkUntilResumed(_ connection: UInt) -> UInt64? {
        suspend(connection)
    }

    /// Resumes `connection` if it is still parked by the parking numbered
    /// `parking` (the connection may have been drained and reused since).
    func resume(_ connection: UInt, parking: UInt64) {
        let parked = state.withLock { state -> Bool in
            guard state.parked[connection]?.generation == parking else { return false }
            state.parked[connection] = nil
            return true
        }
        if parked { MHD_resume_connection(OpaquePointer(bitPattern: connection)) }
    }

    /// Suspends and records `connection`; its parking number, or nil while draining.
    private func suspend(_ connection: UInt) -> UInt64? {
        let handle = OpaquePointer(bitPattern: connection)
        let fd = cmhd_connection_fd(handle)
        let (parking, startSweep) = state.withLock { state -> (UInt64?, Bool) in
            guard !state.draining else { return (nil, false) }
            MHD_suspend_connection(handle)
            // libmicrohttpd may close an abandoned connection without calling the handler again,
            // leaving its mark; connection memory is reused, so a new parking clears any old mark.
            state.abandoned.remove(connection)
            state.generation += 1
            state.parked[connection] = (fd, state.generation)
            defer { state.sweeping = true }
            return (state.generation, !state.sweeping)
        }
        if parking != nil, startSweep { timers.asyncAfter(deadline: .now() + Self.sweepInterval) { [self] in sweep() } }
        return parking
    }

    /// Resumes `connection` if it is still parked.
    private func resume(_ connection: UInt) {
        let parked = state.withLock { $0.parked.removeValue(forKey: connection) != nil }
        if parked { MHD_resume_connection(OpaquePointer(bitPattern: connection)) }
    }

    /// Refuses new parking and resumes every parked connection now.
    func drain() {
        let parked = state.withLock { state -> [UInt] in
            state.draining = true
            defer { state.parked = [:] }
            return Array(state.parked.keys)
        }
        for connection in parked { MHD_resume_connection(OpaquePointer(bitPattern: connection)) }
    }

    var count: Int { state.withLock { $0.parked.count } }
    var isDraining: Bool { state.withLock { $0.draining } }

    /// Whether `connection` was resumed because its client hung up (answered once).
    func takeAbandoned(_ connection: UInt) -> Bool {
        state.withLock { $0.abandoned.remove(connection) != nil }
    }

    private func sweep() {
        let sockets = state.withLock { $0.parked }
        let gone = sockets.compactMap { connection, entry -> (UInt, UInt64)? in
            Platform.peerHungUp(entry.socket, eventLoop: eventLoop) ? (connection, entry.generation) : nil
        }
        let (resumable, again) = state.withLock { state -> ([UInt], Bool) in
            // Only the parking that was probed: the connection may have been resumed and parked again since.
            let resumable = gone.filter { connection, generation in
                guard state.parked[connection]?.generation == generation else { return false }
                state.parked[connection] = nil
                return true
            }.map(\.0)
            state.abandoned.formUnion(resumable)
            state.sweeping = !state.parked.isEmpty
            return (resumable, state.sweeping)
        }
        for connection in resumable { MHD_resume_connection(OpaquePointer(bitPattern: connection)) }
        if again { timers.asyncAfter(deadline: .now() + Self.sweepInterval) { [self] in sweep() } }
    }
}
