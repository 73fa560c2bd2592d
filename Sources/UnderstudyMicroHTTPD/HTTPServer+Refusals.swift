import CMicroHTTPD
import CUnderstudyHTTPWire
import HTTPTypes
import UnderstudyHTTP

/// What the server answers itself, before (or instead of) the responder: the strict-HTTP refusals,
/// absurd chunk sizes, a body over the limit and bytes that are not HTTP. Every body is the one
/// error body (``ErrorBody``).
extension HTTPServer {

    /// RFC 9110/9112's MUSTs that libmicrohttpd 0.9.75 lets through (a method or field name that
    /// is not a token, NUL or bare CR in the target or a value, a missing, repeated or malformed
    /// Host, Content-Length with Transfer-Encoding, unknown codings, an announced body over the
    /// limit), answered before the responder runs. Queued in the first handler call on purpose:
    /// libmicrohttpd then closes the connection after the answer, without reading a body.
    func checkStrictly(
        connection: OpaquePointer, url: UnsafePointer<CChar>, method: UnsafePointer<CChar>, version: UnsafePointer<CChar>?,
        exchange: Connection.Exchange
    ) -> MHD_Result {
        // MHD is done with the request line: put back the query byte blanked for it.
        uhw_restore_query(exchange.target)
        var check = uhw_check()
        check.body_limit = UInt64(max(0, configuration.maxRequestBodyBytes))
        uhw_check_request(connection, method, url, version, exchange.target, &check)
        guard check.verdict == UHW_OK.rawValue else {
            let reason = check.reason.map { String(cString: $0) } ?? "The request is malformed."
            return reject(connection: connection, status: Int(check.verdict), detail: reason, exchange: exchange)
        }
        if check.hosts == 1, let host = check.host {
            exchange.host = UnsafeRawBufferPointer(start: host, count: check.host_length)
        }
        if let authority = check.authority {
            exchange.absoluteAuthority = String(
                decoding: UnsafeRawBufferPointer(start: authority, count: check.authority_length), as: UTF8.self
            )
            exchange.pathOffset = check.path_offset
        }
        guard check.encodings > 0 else { return .YES }
        exchange.chunkedSectionEnd = check.section_end
        return checkFirstChunkSize(connection, method: method, exchange: exchange)
    }

    /// A whole HTTP/1.1 error response with a JSON body and `Connection: close`, for writing to a socket.
    static func errorResponse(status: Int, detail: String) -> [UInt8] {
        let body = errorBody(status: status, detail: detail)
        // libmicrohttpd's own table, the one its queued responses use.
        let reason = String(cString: MHD_get_reason_phrase_for(UInt32(status)))
        return Array(
            "HTTP/1.1 \(status) \(reason)\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\nConnection: close\r\n\r\n".utf8)
            + body
    }

    /// The error body of a request answered before the responder runs, titled by its status.
    private static func errorBody(status: Int, detail: String) -> [UInt8] {
        let title =
            switch status {
            case 408: "request timeout"
            case 413: "request body too large"
            case 501: "not implemented"
            default: "bad request"
            }
        return ErrorBody.bytes(error: title, detail: detail)
    }

    /// Answers `status` with a JSON error body and `Connection: close`; the responder never sees the request.
    private func reject(connection: OpaquePointer, status: Int, detail: String, exchange: Connection.Exchange) -> MHD_Result {
        Self.markRejected(exchange, status: status, detail: detail)
        let body = Self.errorBody(status: status, detail: detail)
        return body.withUnsafeBytes { bytes in
            guard
                let response = MHD_create_response_from_buffer(
                    bytes.count, UnsafeMutableRawPointer(mutating: bytes.baseAddress), .RESPMEM_MUST_COPY
                )
            else { return .NO }
            defer { MHD_destroy_response(response) }
            MHD_add_response_header(response, "Content-Type", "application/json")
            MHD_add_response_header(response, "Connection", "close")
            WireResponse.addHeaders(configuration.responseFields, to: response)
            return MHD_queue_response(connection, UInt32(status), response)
        }
    }

    static func tooLargeReply(limit: Int) -> Reply {
        Reply(
            .respond(
                ErrorBody.response(
                    .contentTooLarge, error: "request body too large", detail: "The request body exceeds the limit of \(limit) bytes.")))
    }

    /// The exchange answered before its responder ran, and a log line saying why.
    static func markRejected(_ exchange: Connection.Exchange, status: Int, detail: String) {
        exchange.phase = .answered
        exchange.status = status
        HTTPServerLog.handler.current?("rejected with \(status): \(detail)")
    }

    /// The answer to a connection whose first bytes are not HTTP (see ``connectionOpened(_:)``).
    static let garbageReply = errorResponse(
        status: 400, detail: "This is not an HTTP/1.x request (TLS or binary data?). This server speaks plain HTTP.")
}
