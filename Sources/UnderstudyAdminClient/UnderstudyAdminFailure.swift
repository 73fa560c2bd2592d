public import Foundation

extension UnderstudyAdmin {
    /// Why an admin call (or waiting for one) failed: the server said no, it could not be reached, an answer did
    /// not come in time, or an answer made no sense. Every error of the transport (a `URLError`, whatever the
    /// platform's URLSession throws) is one of these, so a test can tell a wrong token from a server that is not
    /// running from a slow one.
    public struct Failure: Error, CustomStringConvertible, Sendable, Equatable {
        /// What went wrong, in the kinds a test or its setup tells apart.
        public enum Kind: Sendable, Equatable {
            /// The server answered with an error status: `body` is the answer as sent (for the admin API's own
            /// errors, `{"error": …, "detail": …}`, also read into ``Failure/error`` and ``Failure/detail``).
            /// A missing or wrong admin token is a 401 (or 403).
            case rejected(status: Int, body: String)
            /// No answer: the connection was refused (nothing listens at the port), the host is not found, the
            /// connection was lost. The `URLError` is the transport's own.
            case unreachable(URLError)
            /// No answer in time (the request's timeout), or `waitForRequest` found no matching entry in its time.
            /// (`waitUntilHealthy` throws the last failure it saw instead: `unreachable` for a closed port.)
            case timedOut
            /// A 2xx answer that is not the JSON the call expects (a server that is not Understudy, say).
            case undecodable
            /// No server to attach to: `UNDERSTUDY_BASE_URL` is not set, and no in-process server is linked.
            case notConfigured
        }

        public var kind: Kind
        /// The HTTP status of a ``Kind/rejected(status:body:)`` failure; 0 when no answer came.
        public var status: Int {
            if case .rejected(let status, _) = kind { return status }
            return 0
        }
        /// A short name of what failed: the admin API's `error` for a rejection, else `unreachable`, `timed out`, ….
        public var error: String
        /// What happened, for a person: the admin API's `detail`, or the transport's error and the URL.
        public var detail: String
        /// For a rejected reload: each problem of the new scenario set as `file:line:column: key: message`.
        public var problems: [String]

        /// A failure of `kind`.
        ///
        /// - Parameters:
        ///   - kind: What went wrong.
        ///   - error: A short name of it.
        ///   - detail: What happened, for a person.
        ///   - problems: A rejected reload's problems.
        public init(_ kind: Kind, error: String, detail: String, problems: [String] = []) {
            self.kind = kind
            self.error = error
            self.detail = detail
            self.problems = problems
        }

        /// The failure an error of the transport stands for: a timeout is ``Kind/timedOut``, anything else
        /// ``Kind/unreachable(_:)`` (an error that is not a `URLError` as `URLError.unknown`, described in `detail`).
        init(transport error: any Error, method: String, url: URL) {
            let urlError = error as? URLError ?? URLError(.unknown)
            let what = "\(method) \(url.absoluteString): \(error.localizedDescription) (\(type(of: error)) \(urlError.code.rawValue))"
            if urlError.code == .timedOut {
                self.init(.timedOut, error: "timed out", detail: what)
            } else {
                self.init(.unreachable(urlError), error: "unreachable", detail: what)
            }
        }

        public var description: String {
            let head =
                switch kind {
                case .rejected(let status, _): "admin API \(status): \(error)"
                case .unreachable: "admin API unreachable"
                case .timedOut: "admin API timed out"
                case .undecodable: "admin API answer undecodable: \(error)"
                case .notConfigured: "no Understudy server: \(error)"
                }
            return "\(head): \(detail)" + problems.map { "\n  \($0)" }.joined()
        }
    }
}
