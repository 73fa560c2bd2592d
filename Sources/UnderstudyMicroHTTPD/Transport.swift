public import UnderstudyHTTP

extension HTTPServer: HTTPListener {}

extension HTTPTransport {
    /// HTTP/1.1 over libmicrohttpd (``HTTPServer``): worker threads with epoll (poll on Darwin),
    /// delays parked without a thread, strict request checks in C.
    public static let libmicrohttpd = HTTPTransport { configuration, responder, log in
        HTTPServerLog.setSink(log)
        return HTTPServer(configuration: configuration, responder: responder)
    }
}
