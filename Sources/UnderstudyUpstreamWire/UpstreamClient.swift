/// What the engine needs from an HTTP client to reach a real service (proxy pass-through,
/// `understudy record`). The engine defines it so that it links no client library of its own:
/// the command line injects an implementation (AsyncHTTPClient's, in `UnderstudyUpstream`).
package protocol UpstreamClient: Sendable {
    /// Sends `request` and calls `completion` once, from any thread, with the whole answer or a typed
    /// failure. Must not block the caller: the engine calls it on a server worker thread.
    func send(_ request: UpstreamRequest, completion: @escaping @Sendable (Result<UpstreamResponse, UpstreamError>) -> Void)
}

/// A request to an upstream: an absolute URL, the headers to forward, the body.
package struct UpstreamRequest: Sendable {
    package var method: String
    package var url: String
    package var headers: [(String, String)]
    package var body: [UInt8]

    package init(method: String, url: String, headers: [(String, String)], body: [UInt8]) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }
}

/// An upstream's answer, whole: redirects are not followed (the client sees them as sent).
package struct UpstreamResponse: Sendable {
    package var status: Int
    package var headers: [(String, String)]
    package var body: [UInt8]

    package init(status: Int, headers: [(String, String)], body: [UInt8]) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The first value of header `name` (case-insensitive).
    package func header(_ name: String) -> String? {
        let lowered = name.lowercased()
        return headers.first { $0.0.lowercased() == lowered }?.1
    }
}

/// Why an upstream gave no answer; each says which upstream in its description.
package enum UpstreamError: Error, Sendable, CustomStringConvertible {
    /// Connection refused, DNS failure, TLS failure: nothing was answered.
    case unreachable(upstream: String, reason: String)
    /// No complete answer within the client's deadline.
    case timedOut(upstream: String, seconds: Int)
    /// The answer's body was larger than the client accepts (memory stays bounded).
    case tooLarge(upstream: String, limit: Int)
    /// The connection broke mid-answer, or the answer was not HTTP.
    case broken(upstream: String, reason: String)

    package var upstream: String {
        switch self {
        case .unreachable(let upstream, _), .timedOut(let upstream, _), .tooLarge(let upstream, _), .broken(let upstream, _): upstream
        }
    }

    package var description: String {
        switch self {
        case .unreachable(let upstream, let reason): "upstream \(upstream) is unreachable: \(reason)"
        case .timedOut(let upstream, let seconds): "upstream \(upstream) did not answer within \(seconds) s"
        case .tooLarge(let upstream, let limit): "upstream \(upstream) sent a body over \(limit) bytes"
        case .broken(let upstream, let reason): "upstream \(upstream) broke off its answer: \(reason)"
        }
    }
}
