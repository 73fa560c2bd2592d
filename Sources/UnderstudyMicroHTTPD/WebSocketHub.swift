import CMicroHTTPD
import Dispatch
import UnderstudyHTTP

/// Every upgraded WebSocket of a server, served by one thread: a poll loop over the sockets (and a wake pipe),
/// with the scripts' timed messages in a heap, so an open socket waiting for its next message holds no thread.
///
/// libmicrohttpd hands a socket over after the 101 (`adopt`, from its worker thread) and takes it back to close
/// it (`cmhd_upgrade_close`); the socket is this loop's alone in between. Bounds: `maxSockets` open at once
/// (`reserve` fails past it and the handshake gets a 503), `maxBufferedBytes` written and unread by a client per
/// socket and `totalBufferedBytes` across them (a socket past either is dropped with a reset: its client is not
/// reading), and each message's size (the script's `maxMessageBytes`, answered with close code 1009).
final class WebSocketHub: @unchecked Sendable {
    /// Unread bytes kept for one socket: an echoed message at the largest size, and room to spare.
    static let perSocketBufferBound = 2 << 20 + 64 << 10
    /// Unread bytes kept for all sockets together.
    static let totalBufferBound = 64 << 20
    let maxSockets: Int
    let maxBufferedBytes: Int
    let totalBufferedBytes: Int
    /// Sockets open or promised (a 101 queued, not yet handed over).
    private let reserved = Locked(0)
    /// Sockets handed over and not yet taken by the loop; whether the server is stopping; whether the loop's
    /// thread has started (on the first socket: a server that never upgrades has no such thread).
    private let incoming = Locked<(peers: [WebSocketPeer], stopping: Bool, running: Bool)>(([], false, false))
    private let wake: (read: Int32, write: Int32)
    private let finished = DispatchSemaphore(value: 0)

    // The loop's own state.
    private var peers: [Int: WebSocketPeer] = [:]
    private var timers = TimerHeap()
    private var buffered = 0
    private var nextID = 0

    init(maxSockets: Int, maxBufferedBytes: Int, totalBufferedBytes: Int) {
        self.maxSockets = maxSockets
        self.maxBufferedBytes = maxBufferedBytes
        self.totalBufferedBytes = totalBufferedBytes
        var ends: [Int32] = [-1, -1]
        _ = pipe(&ends)
        for end in ends {
            _ = fcntl(end, F_SETFD, fcntl(end, F_GETFD) | FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
        }
        wake = (ends[0], ends[1])
    }

    deinit {
        close(wake.read)
        close(wake.write)
    }

    /// Sockets open now (and promised by a 101 on its way).
    var openSockets: Int { reserved.withLock { $0 } }

    /// Holds a place for a socket about to be upgraded; false when the hub is full or stopping.
    func reserve() -> Bool {
        guard !incoming.withLock({ $0.stopping }) else { return false }
        return reserved.withLock { count in
            guard count < maxSockets else { return false }
            count += 1
            return true
        }
    }

    /// Gives back a place whose socket never came (the client left before the 101 went out).
    func release() { reserved.withLock { $0 -= 1 } }

    /// Takes an upgraded socket (on a libmicrohttpd thread): the loop starts its script.
    func adopt(socket: Int32, handle: OpaquePointer, extra: [UInt8], script: WebSocketScript) {
        _ = fcntl(socket, F_SETFL, fcntl(socket, F_GETFL) | O_NONBLOCK)
        let now = DispatchTime.now().uptimeNanoseconds
        let peer = WebSocketPeer(id: 0, socket: socket, handle: handle, script: script, now: now)
        peer.reader.append(extra)
        let (stopping, starts) = incoming.withLock { state in
            guard !state.stopping else { return (true, false) }
            state.peers.append(peer)
            defer { state.running = true }
            return (false, !state.running)
        }
        if stopping {
            // Too late to serve it: the server is stopping and the loop has (or will have) gone.
            peer.queue(frame: WebSocketFrame.close(.goingAway, reason: "server stopping"))
            _ = peer.flush()
            hangUp(peer)
            return
        }
        if starts {
            DispatchQueue(label: "understudy.websockets").async { [self] in
                run()
                finished.signal()
            }
        }
        poke()
    }

    /// Closes every socket with 1001 (going away), waits up to a second for the close frames to go, and ends
    /// the loop; a socket handed over later is closed at once.
    func stop() {
        let running = incoming.withLock { state in
            state.stopping = true
            return state.running
        }
        guard running else { return }
        poke()
        _ = finished.wait(timeout: .now() + 3)
    }

    private func poke() {
        var byte: UInt8 = 1
        _ = write(wake.write, &byte, 1)
    }

    // MARK: - The loop

    private func run() {
        var stopDeadline: UInt64?
        var drain = [UInt8](repeating: 0, count: 64)
        var polled: [pollfd] = []
        var order: [WebSocketPeer] = []
        while true {
            let now = DispatchTime.now().uptimeNanoseconds
            let (arrived, stopping) = incoming.withLock { state in
                defer { state.peers = [] }
                return (state.peers, state.stopping)
            }
            for peer in arrived { open(peer, now: now) }
            if stopping, stopDeadline == nil {
                stopDeadline = now + 1_000_000_000
                for peer in peers.values { change(peer) { $0.end(.close(.goingAway, reason: "server stopping"), now: now) } }
            }
            reap(now: now)
            if let stopDeadline, peers.isEmpty || now >= stopDeadline { break }

            polled.removeAll(keepingCapacity: true)
            order.removeAll(keepingCapacity: true)
            polled.append(pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0))
            for peer in peers.values {
                var events: Int16 = peer.isReading ? Int16(POLLIN) : 0
                if peer.pendingOutput > 0 { events |= Int16(POLLOUT) }
                polled.append(pollfd(fd: peer.socket, events: events, revents: 0))
                order.append(peer)
            }
            var timeout: Int32 = stopDeadline == nil ? 1000 : 50
            if let next = timers.earliest { timeout = next <= now ? 0 : Int32(min(UInt64(timeout), (next - now + 999_999) / 1_000_000)) }
            if poll(&polled, nfds_t(polled.count), timeout) < 0, errno != EINTR { break }
            if polled[0].revents != 0 { while read(wake.read, &drain, drain.count) > 0 {} }

            let after = DispatchTime.now().uptimeNanoseconds
            for (index, peer) in order.enumerated() {
                let events = polled[index + 1].revents
                guard events != 0 else { continue }
                change(peer) { peer in
                    if events & Int16(POLLIN | POLLHUP | POLLERR) != 0 { peer.readAvailable(now: after) }
                    if events & Int16(POLLOUT) != 0 { _ = peer.flush() }
                }
            }
            while let (deadline, id) = timers.popDue(now: after) {
                guard let peer = peers[id], peer.timerDeadline == deadline else { continue }
                peer.timerDeadline = nil
                change(peer) { $0.fireTimers(now: after) }
            }
        }
        for peer in peers.values { hangUp(peer) }
        peers = [:]
        incoming.withLock { state in
            for peer in state.peers { hangUp(peer) }
            state.peers = []
        }
    }

    private func open(_ peer: WebSocketPeer, now: UInt64) {
        nextID += 1
        peer.id = nextID
        peers[peer.id] = peer
        change(peer) { peer in
            peer.schedule(peer.script.onOpen, after: now)
            // A fault after no messages at all: right after the 101.
            if let fault = peer.script.endAfterMessages, fault.count == 0 { peer.end(fault.ending, now: now) }
            // Bytes the client sent behind its handshake.
            peer.processFrames(now: now)
            peer.fireTimers(now: now)
        }
    }

    /// Runs `work` on the peer, then keeps the books: the bytes it buffers (dropping it past a bound), what it
    /// wrote, and when it next needs the loop.
    private func change(_ peer: WebSocketPeer, _ work: (WebSocketPeer) -> Void) {
        let before = peer.pendingOutput
        work(peer)
        if peer.pendingOutput > 0, !peer.broken { _ = peer.flush() }
        buffered += peer.pendingOutput - before
        if peer.pendingOutput > maxBufferedBytes || buffered > totalBufferedBytes {
            // A client that does not read: no more bytes are kept for it.
            peer.resets = true
            peer.broken = true
        }
        if let next = peer.nextDeadline, peer.timerDeadline.map({ next < $0 }) ?? true {
            peer.timerDeadline = next
            timers.push(next, id: peer.id)
        }
    }

    /// Gives back the peers that are done: broken, or finished with their output written.
    private func reap(now: UInt64) {
        for peer in peers.values where peer.broken || (peer.isFinished && (peer.pendingOutput == 0 || now >= peer.finishBy ?? 0)) {
            buffered -= peer.pendingOutput
            peers[peer.id] = nil
            hangUp(peer)
        }
    }

    private func hangUp(_ peer: WebSocketPeer) {
        if peer.resets {
            var lingerOption = linger(l_onoff: 1, l_linger: 0)
            setsockopt(peer.socket, SOL_SOCKET, SO_LINGER, &lingerOption, socklen_t(MemoryLayout<linger>.size))
        }
        _ = cmhd_upgrade_close(peer.handle)
        release()
    }
}
