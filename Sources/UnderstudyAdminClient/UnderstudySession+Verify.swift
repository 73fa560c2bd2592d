public import Foundation

/// What an app sent, checked against the session's journal (which keeps each request's body, up to a
/// bound: see the admin API's resource bounds).
///
/// ```swift
/// try await session.verify(.post("/myapi/orders"), body: .json(contains: ["item": "book"]), count: 1)
/// ```
extension UnderstudySession {
    /// How a request's body must look: a JSON document containing a fragment, exactly some text, or
    /// text a regular expression matches.
    public struct BodyMatcher: Sendable, Equatable, CustomStringConvertible {
        enum Kind: Sendable, Equatable {
            /// Every key of the fragment's objects present with a matching value; arrays element by element.
            case jsonContaining(Data)
            case equals(String)
            case matches(String)
        }

        let kind: Kind

        /// A JSON body that contains `fragment`: its objects' keys with matching values (other keys may
        /// be there too), its arrays element by element.
        public static func json(contains fragment: some Encodable) -> BodyMatcher {
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            return BodyMatcher(kind: .jsonContaining((try? encoder.encode(fragment)) ?? Data("null".utf8)))
        }

        /// A body that is exactly `text`.
        public static func equals(_ text: String) -> BodyMatcher { BodyMatcher(kind: .equals(text)) }

        /// A body a regular expression (`NSRegularExpression` syntax) finds a match in.
        public static func matches(_ pattern: String) -> BodyMatcher { BodyMatcher(kind: .matches(pattern)) }

        public var description: String {
            switch kind {
            case .jsonContaining(let data): "a JSON body containing \(String(decoding: data, as: UTF8.self))"
            case .equals(let text): "the body \(text.debugDescription)"
            case .matches(let pattern): "a body matching /\(pattern)/"
            }
        }

        /// The matcher as a session route's `request_body` (the server runs the same three kinds; its
        /// regular expressions the common subset described in docs/scenarios.md).
        var wire: UnderstudyWire.BodyMatch {
            switch kind {
            case .jsonContaining(let data):
                UnderstudyWire.BodyMatch(json: (try? JSONDecoder().decode(UnderstudyWire.JSONFragment.self, from: data)) ?? .null)
            case .equals(let text): UnderstudyWire.BodyMatch(equals: text)
            case .matches(let pattern): UnderstudyWire.BodyMatch(matches: pattern)
            }
        }

        /// Nil when `body` matches; else what differs, in a few words.
        func difference(_ body: String?) -> String? {
            guard let body else { return "no body was kept (none was sent, or the journal's body budget was spent)" }
            switch kind {
            case .equals(let text):
                return body == text ? nil : "the body is \(String(body.prefix(200)).debugDescription)"
            case .matches(let pattern):
                guard let regex = try? NSRegularExpression(pattern: pattern) else { return "/\(pattern)/ is not a regular expression" }
                let found = regex.firstMatch(in: body, range: NSRange(body.startIndex..., in: body)) != nil
                return found ? nil : "the body is \(String(body.prefix(200)).debugDescription)"
            case .jsonContaining(let data):
                guard let actual = try? JSONSerialization.jsonObject(with: Data(body.utf8), options: [.fragmentsAllowed]) else {
                    return "the body is not JSON: \(String(body.prefix(200)).debugDescription)"
                }
                let expected = (try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])) ?? NSNull()
                return Self.difference(expected, actual, at: "$")
            }
        }

        private static func difference(_ expected: Any, _ actual: Any, at path: String) -> String? {
            if let expected = expected as? [String: Any] {
                guard let actual = actual as? [String: Any] else { return "\(path): expected an object, got \(text(actual))" }
                for key in expected.keys.sorted() {
                    guard let value = actual[key] else { return "\(path).\(key): missing" }
                    if let difference = difference(expected[key]!, value, at: "\(path).\(key)") { return difference }
                }
                return nil
            }
            if let expected = expected as? [Any] {
                guard let actual = actual as? [Any] else { return "\(path): expected an array, got \(text(actual))" }
                guard expected.count == actual.count else { return "\(path): expected \(expected.count) elements, got \(actual.count)" }
                for (index, pair) in zip(expected, actual).enumerated() {
                    if let difference = difference(pair.0, pair.1, at: "\(path)[\(index)]") { return difference }
                }
                return nil
            }
            return text(expected) == text(actual) ? nil : "\(path): expected \(text(expected)), got \(text(actual))"
        }

        private static func text(_ value: Any) -> String {
            guard let data = try? JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed, .sortedKeys]) else {
                return "\(value)"
            }
            return String(decoding: data, as: UTF8.self)
        }
    }

    /// Why ``UnderstudySessionSurface/verify(_:body:count:)`` failed: what was expected, what the journal
    /// held, and the request that came nearest, with what differs.
    public struct VerificationFailure: Error, CustomStringConvertible {
        public var description: String
    }
}

extension UnderstudySessionSurface {
    public typealias BodyMatcher = UnderstudySession.BodyMatcher

    /// Checks that this session's journal holds exactly `count` requests matching `request` (method,
    /// path with `:name` segments, the query's pairs) and `body`; throws a ``UnderstudySession/VerificationFailure``
    /// naming the nearest request and what differs when it does not.
    public func verify(_ request: RequestPattern, body: BodyMatcher? = nil, count: Int = 1) async throws {
        // `body` or the pattern's own (`.post(…).withBody(…)`), so one pattern serves respond and verify.
        let body = body ?? request.body
        let journal = try await requests()
        let matching = journal.filter { Self.matches(request, $0) && body?.difference($0.requestBody) == nil }
        guard matching.count != count else { return }
        var message =
            "Expected \(count) request\(count == 1 ? "" : "s") \(request.method ?? "*") \(request.path)"
            + (request.query.map { "?\($0)" } ?? "") + (body.map { " with \($0)" } ?? "")
            + "; found \(matching.count) among the \(journal.count) request\(journal.count == 1 ? "" : "s") of session \(id)."
        if matching.count < count, let nearest = Self.nearest(to: request, in: journal) {
            var differences: [String] = []
            if let method = request.method, method != "*", method != nearest.method { differences.append("the method is \(nearest.method)") }
            if !Self.pathMatches(request.path, nearest.path) { differences.append("the path is \(nearest.path)") }
            if let query = request.query, !Self.queryMatches(query, nearest.query) {
                differences.append("the query is \(nearest.query.debugDescription)")
            }
            if let body, let difference = body.difference(nearest.requestBody) { differences.append(difference) }
            message += " Nearest: \(nearest.method) \(nearest.path)\(nearest.query.isEmpty ? "" : "?" + nearest.query)"
            message += differences.isEmpty ? "." : " (\(differences.joined(separator: "; ")))."
        }
        throw UnderstudySession.VerificationFailure(description: message)
    }

    static func matches(_ pattern: RequestPattern, _ entry: UnderstudyAdmin.RecordedRequest) -> Bool {
        if let method = pattern.method, method != "*", method != entry.method { return false }
        return pathMatches(pattern.path, entry.path) && (pattern.query.map { queryMatches($0, entry.query) } ?? true)
    }

    static func pathMatches(_ pattern: String, _ path: String) -> Bool {
        let wanted = pattern.split(separator: "/")
        let parts = path.split(separator: "/")
        guard wanted.count == parts.count else { return false }
        return zip(wanted, parts).allSatisfy { $0.hasPrefix(":") || $0 == $1 }
    }

    /// Every `name=value` pair of `pattern` is among the query's pairs (compared as sent).
    static func queryMatches(_ pattern: String, _ query: String) -> Bool {
        let pairs = Set(query.split(separator: "&").map(String.init))
        return pattern.split(separator: "&").allSatisfy { pairs.contains(String($0)) }
    }

    /// The request most like `pattern`: same method and path, then same path, then same method; the latest of equals.
    static func nearest(to pattern: RequestPattern, in journal: [UnderstudyAdmin.RecordedRequest]) -> UnderstudyAdmin.RecordedRequest? {
        func score(_ entry: UnderstudyAdmin.RecordedRequest) -> Int {
            let method = pattern.method.map { $0 == "*" || $0 == entry.method } ?? true
            return (pathMatches(pattern.path, entry.path) ? 2 : 0) + (method ? 1 : 0)
        }
        return journal.enumerated().max { (score($0.element), $0.offset) < (score($1.element), $1.offset) }?.element
    }
}

extension UnderstudyWire.JournalEntry {
    /// The body the journal kept, as text (base64 bodies decoded, then read as UTF-8); nil when none was kept.
    public var requestBody: String? {
        if let body { return body }
        return bodyBase64.flatMap { Data(base64Encoded: $0) }.map { String(decoding: $0, as: UTF8.self) }
    }
}
