/// Turns requests into replies. Called on the transport's worker threads (libmicrohttpd's):
/// implementations must not block.
public protocol HTTPResponder: Sendable {
    func reply(to request: ServerRequest) -> Reply
    /// Called once per request after its response (or fault) is over.
    func completed(_ exchange: CompletedExchange)
}

extension HTTPResponder {
    public func completed(_ exchange: CompletedExchange) {}
}
