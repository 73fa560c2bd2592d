import CMicroHTTPD
import HTTPTypes
import UnderstudyHTTP

/// A WebSocket handshake answered on the wire: the 101 queued through libmicrohttpd's upgrade response, then the
/// socket handed to ``WebSocketHub`` once the 101 has gone (`mhdUpgraded`). A server whose hub is full answers
/// 503 instead of 101, so open sockets never crowd out the HTTP requests (and the admin API) of the same port.
extension HTTPServer {
    func queueUpgrade(_ response: Response, script: WebSocketScript, connection: OpaquePointer, exchange: Connection.Exchange) -> MHD_Result {
        guard webSockets.reserve() else {
            // `Connection: close`: a refused client does not keep one of the connections the others need.
            let full = ErrorBody.response(
                .serviceUnavailable, error: "too many WebSockets",
                detail: "\(webSockets.maxSockets) WebSockets are open, the most this server keeps; try again when one has closed.",
                extra: [.connection: "close", .retryAfter: "1"])
            exchange.status = full.statusCode
            return MHD_queue_response(connection, UInt32(full.statusCode), WireResponse.of(full, extra: configuration.responseFields).handle)
        }
        guard let handle = MHD_create_response_for_upgrade(mhdUpgraded, Unmanaged.passUnretained(self).toOpaque()) else {
            webSockets.release()
            return .NO
        }
        exchange.webSocket = script
        exchange.status = response.statusCode
        WireResponse.addHeaders(response.headerFields, to: handle)
        let result = MHD_queue_response(connection, UInt32(response.statusCode), handle)
        MHD_destroy_response(handle)
        return result
    }

    /// The 101 went out: the socket is the hub's from now on.
    func upgraded(connection handle: OpaquePointer, extra: UnsafeRawBufferPointer, socket: Int32, upgrade: OpaquePointer) {
        guard let connection = Connection.of(handle), let script = connection.exchange.webSocket else {
            // No script: nothing asked for this upgrade. Give the socket straight back.
            _ = cmhd_upgrade_close(upgrade)
            return
        }
        connection.exchange.webSocket = nil
        connection.upgraded()
        webSockets.adopt(socket: socket, handle: upgrade, extra: Array(extra), script: script)
    }

    /// A connection that ended before its 101 went out gives its place in the hub back.
    func abandonUpgrade(_ exchange: Connection.Exchange) {
        guard exchange.webSocket != nil else { return }
        exchange.webSocket = nil
        webSockets.release()
    }
}

/// libmicrohttpd's upgrade handler: called once the 101 has been written, with the socket and any bytes the
/// client sent behind its handshake.
func mhdUpgraded(
    cls: UnsafeMutableRawPointer?, connection: OpaquePointer?, reqCls: UnsafeMutableRawPointer?,
    extraIn: UnsafePointer<CChar>?, extraInSize: Int, socket: Int32, upgrade: OpaquePointer?
) {
    guard let cls, let connection, let upgrade else { return }
    let server = Unmanaged<HTTPServer>.fromOpaque(cls).takeUnretainedValue()
    server.upgraded(
        connection: connection, extra: UnsafeRawBufferPointer(start: extraIn, count: extraIn == nil ? 0 : extraInSize), socket: socket,
        upgrade: upgrade)
}
