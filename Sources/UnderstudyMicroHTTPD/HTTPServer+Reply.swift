import CMicroHTTPD
import Dispatch
import HTTPTypes
import UnderstudyHTTP

/// A ``Reply`` carried out on the wire: queued, streamed, parked until later, or a fault.
extension HTTPServer {
    func parkingDelay(for reply: Reply) -> Int {
        if case .hold = reply.action { return configuration.maxDelayMilliseconds }
        return min(max(reply.delayMilliseconds, 0), configuration.maxDelayMilliseconds)
    }

    func act(on reply: Reply, connection: OpaquePointer, exchange: Connection.Exchange) -> MHD_Result {
        exchange.phase = .answered
        switch reply.action {
        case .respond(let response):
            exchange.status = response.statusCode
            return MHD_queue_response(connection, UInt32(response.statusCode), WireResponse.of(response, extra: configuration.responseFields).handle)
        case .truncate(let response):
            exchange.status = response.statusCode
            return queueStream(response, mode: .truncate, connection: connection)
        case .dribble(let response, let milliseconds, let chunks):
            exchange.status = response.statusCode
            let pieces = max(1, chunks)
            let chunkSize = max(1, (response.body.count + pieces - 1) / pieces)
            let interval = UInt64(max(0, milliseconds)) * 1_000_000 / UInt64(pieces)
            return queueStream(response, mode: .dribble(intervalNanoseconds: interval, chunkSize: chunkSize), connection: connection)
        case .stream(let response, let body):
            exchange.status = response.statusCode
            return queueStream(response, mode: .paced(body), connection: connection)
        case .webSocket(let response, let script):
            return queueUpgrade(response, script: script, connection: connection, exchange: exchange)
        case .reset:
            resetOnClose(connection: UInt(bitPattern: connection))
            return .NO
        case .hold:
            return .NO
        case .deferred(let deferred):
            // Finished, or drained by a stop before it was.
            var final = deferred.reply ?? Self.stoppingReply
            if case .deferred = final.action { final = Self.stoppingReply }
            return act(on: final, connection: connection, exchange: exchange)
        }
    }

    /// Makes the connection's close a TCP reset (SO_LINGER 0), for the faults that reset it.
    func resetOnClose(connection: UInt) {
        let fd = cmhd_connection_fd(OpaquePointer(bitPattern: connection))
        guard fd >= 0 else { return }
        var lingerOption = linger(l_onoff: 1, l_linger: 0)
        setsockopt(fd, SOL_SOCKET, SO_LINGER, &lingerOption, socklen_t(MemoryLayout<linger>.size))
    }

    /// Ends a stream's connection in the middle, now: cut (a FIN without the last chunk) or reset.
    func endStreamNow(connection: UInt, reset: Bool) {
        if reset { resetOnClose(connection: connection) }
        let fd = cmhd_connection_fd(OpaquePointer(bitPattern: connection))
        guard fd >= 0 else { return }
        Platform.endStreamNow(fd, reset: reset)
    }

    /// Parks the connection, then starts the deferred work, whose `finish` resumes it.
    func parkUntilFinished(_ deferred: DeferredReply, connection handle: OpaquePointer, exchange: Connection.Exchange) -> MHD_Result {
        let connection = UInt(bitPattern: handle)
        guard let number = parking.parkUntilResumed(connection) else {
            return act(on: Self.stoppingReply, connection: handle, exchange: exchange)
        }
        exchange.phase = .parked
        // Parked first: `finish` may come before `start` returns.
        deferred.start { [parking] reply in
            deferred.store(reply)
            parking.resume(connection, parking: number)
        }
        return .YES
    }

    /// A deferred reply's answer that waits in turn (a delay, a hold, as a scenario's reply made off the
    /// worker thread may): the connection is parked again for it, and the answer is the exchange's reply
    /// from then on. False when there is nothing to wait for (or the server is draining).
    func parkForDeferredDelay(connection handle: OpaquePointer, exchange: Connection.Exchange) -> Bool {
        guard case .deferred(let deferred) = exchange.reply?.action, let answer = deferred.reply else { return false }
        if case .deferred = answer.action { return false }
        let delay = parkingDelay(for: answer)
        guard delay > 0, park(connection: UInt(bitPattern: handle), forNanoseconds: UInt64(delay) * 1_000_000) else { return false }
        exchange.reply = answer
        return true
    }

    static let stoppingReply = Reply(
        .respond(
            ErrorBody.response(.serviceUnavailable, error: "stopping", detail: "The server is stopping; this request was not completed.")))

    private func queueStream(_ response: Response, mode: BodyStream.Mode, connection: OpaquePointer) -> MHD_Result {
        let stream = BodyStream(body: response.body, mode: mode, connection: UInt(bitPattern: connection), server: self)
        let streamBox = Unmanaged.passRetained(stream).toOpaque()
        // A stream's length is unknown: chunked (HTTP/1.1), or closed at the end (HTTP/1.0).
        let size: UInt64 = if case .paced = mode { UInt64.max } else { UInt64(response.body.count) }  // UInt64.max: MHD_SIZE_UNKNOWN
        guard
            let handle = MHD_create_response_from_callback(
                size, 4096, mhdReadBody, streamBox, mhdFreeBody
            )
        else {
            Unmanaged<BodyStream>.fromOpaque(streamBox).release()
            return .NO
        }
        WireResponse.addHeaders(response.headerFields, to: handle)
        WireResponse.addHeaders(configuration.responseFields, to: handle)
        let result = MHD_queue_response(connection, UInt32(response.status.code), handle)
        MHD_destroy_response(handle)
        return result
    }
}
