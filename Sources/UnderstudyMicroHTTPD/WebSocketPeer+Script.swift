import UnderstudyHTTP

/// A peer's conversation: the client's frames read and answered, the script's messages sent at their times, and
/// the endings (a close handshake, a reset, a cut frame). Called by ``WebSocketHub`` on its thread.
extension WebSocketPeer {
    /// How long a close frame waits for the client's own before the socket is closed anyway.
    static let closeWaitNanoseconds: UInt64 = 2_000_000_000
    /// Bytes read from the socket per wake: a client sending without pause cannot hold the loop.
    static let readChunk = 16 << 10
    static let readsPerWake = 4

    var isFinished: Bool {
        if case .finished = state { return true }
        return false
    }

    /// Whether the loop should read the socket: not once finished (the rest is discarded when it closes).
    var isReading: Bool { !isFinished && !broken }

    /// Reads what has arrived and answers it; a read of 0 bytes (the client closed its side) or an error
    /// ends the peer.
    func readAvailable(now: UInt64) {
        var chunk = [UInt8](repeating: 0, count: Self.readChunk)
        for _ in 0..<Self.readsPerWake {
            let count = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress!, Self.readChunk, 0) }
            if count > 0 {
                reader.append(chunk.prefix(count))
                processFrames(now: now)
                if !isReading || count < Self.readChunk { return }
                continue
            }
            if count < 0, errno == EINTR { continue }
            if count < 0, errno == EAGAIN || errno == EWOULDBLOCK { return }
            // Gone without a close frame (1006 on the client's side, had it stayed).
            broken = true
            return
        }
    }

    /// Handles every whole frame the reader holds.
    func processFrames(now: UInt64) {
        while isReading {
            let event: WebSocketEvent?
            do throws(WebSocketFailure) {
                event = try reader.next()
            } catch {
                // A broken rule (a wrong mask, a bad opcode, a message past the bound): its close code, and the
                // connection ends, as section 7.1.7 says.
                fail(error.code, reason: error.reason, now: now)
                return
            }
            guard let event else { return }
            switch event {
            case .message(let message):
                script.observe(message, .fromClient)
                if case .open = state { schedule(script.answer(message), after: now) }
            case .ping(let payload):
                if case .open = state { queue(frame: WebSocketFrame.pong(payload)) }
            case .pong:
                break
            case .close(let code, let reason):
                if case .closing = state {
                    state = .finished
                } else {
                    // The closing handshake (5.5.1): the same code back, then the socket closes.
                    queue(frame: WebSocketFrame.close(code ?? .normal, reason: code == nil ? "" : reason))
                    state = .finished
                    clearSchedule()
                }
            }
        }
    }

    /// Sends the messages that are due, and ends the peer when its time or its count has come.
    func fireTimers(now: UInt64) {
        if case .closing(let deadline) = state, now >= deadline {
            state = .finished
            return
        }
        guard case .open = state else { return }
        for message in takeDue(now: now) {
            guard case .open = state else { return }
            send(message, now: now)
        }
        if case .open = state, let endsAt, now >= endsAt, let ending = script.endAfterMilliseconds?.ending {
            end(ending, now: now)
        }
    }

    private func send(_ message: WebSocketMessage, now: UInt64) {
        queue(frame: WebSocketFrame.message(message))
        script.observe(message, .fromServer)
        messagesSent += 1
        if let fault = script.endAfterMessages, messagesSent >= fault.count { end(fault.ending, now: now) }
    }

    /// Ends the conversation the script's way.
    func end(_ ending: WebSocketScript.Ending, now: UInt64) {
        guard case .open = state else { return }
        clearSchedule()
        switch ending {
        case .close(let code, let reason):
            queue(frame: WebSocketFrame.close(code, reason: reason))
            state = .closing(deadline: now + Self.closeWaitNanoseconds)
        case .reset:
            resets = true
            state = .finished
        case .cut:
            // Half of a close frame (1011), then the stream ends: the client sees a frame cut in the middle.
            let close = WebSocketFrame.close(.internalError, reason: "cut")
            queue(frame: Array(close.prefix(close.count / 2)))
            state = .finished
        }
    }

    /// A client that broke the protocol: the close code, and nothing more is read.
    private func fail(_ code: WebSocketCloseCode, reason: String, now: UInt64) {
        clearSchedule()
        queue(frame: WebSocketFrame.close(code, reason: reason))
        state = .finished
    }
}
