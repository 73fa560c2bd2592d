public import Foundation

/// What an app sent, checked against the session's journal (which keeps each request's body, up to a
/// bound: see the admin API's resource bounds).
///
/// ```swift
/// try await session.verify(.post("/myapi/orders"), body: .json(contains: ["item": "book"]), count: 1)
/// ```
extension UnderstudySession {
    /// How many matching requests `verify` expects: `1` (an integer is an exact count), `.exactly(n)`,
    /// `.atLeast(n)`, `.atMost(n)` or `.never`.
    public struct ExpectedCount: Sendable, Equatable, ExpressibleByIntegerLiteral, CustomStringConvertible {
        public let minimum: Int
        /// Nil for no upper bound.
        public let maximum: Int?

        public static func exactly(_ count: Int) -> ExpectedCount { ExpectedCount(minimum: count, maximum: count) }
        public static func atLeast(_ count: Int) -> ExpectedCount { ExpectedCount(minimum: count, maximum: nil) }
        public static func atMost(_ count: Int) -> ExpectedCount { ExpectedCount(minimum: 0, maximum: count) }
        /// No matching request at all.
        public static var never: ExpectedCount { .exactly(0) }

        public init(integerLiteral count: Int) { self = .exactly(count) }

        private init(minimum: Int, maximum: Int?) {
            self.minimum = minimum
            self.maximum = maximum
        }

        public func contains(_ count: Int) -> Bool { count >= minimum && maximum.map { count <= $0 } ?? true }

        public var description: String {
            func requests(_ count: Int) -> String { "\(count) request\(count == 1 ? "" : "s")" }
            return switch (minimum, maximum) {
            case (0, 0?): "no request"
            case (let low, let high?) where low == high: requests(low)
            case (0, let high?): "at most \(requests(high))"
            case (let low, nil): "at least \(requests(low))"
            case (let low, let high?): "\(low) to \(requests(high))"
            }
        }
    }

    /// Why `verify` failed, as fields a test can read and as a message: what was expected, what the journal
    /// held, the request that came nearest with what differs, and where `verify` was called. Under the
    /// `.understudySession` trait a failure that ends the test is recorded at that call site.
    public struct VerificationFailure: Error, CustomStringConvertible, Sendable {
        /// The requests looked for (its `body` is the matcher `verify` used).
        public var pattern: RequestPattern
        public var expected: ExpectedCount
        /// How many of the session's requests matched.
        public var found: Int
        /// The session's requests, all of them, when last read.
        public var journal: [UnderstudyAdmin.RecordedRequest]
        /// The request most like the pattern (same method and path first, the latest of equals); nil when
        /// the journal was empty, or too many matched.
        public var nearest: UnderstudyAdmin.RecordedRequest?
        /// What differs between the pattern and ``nearest`` (or, for a pattern `verify` cannot check, why).
        public var differences: [String]
        /// How long `verify` waited for the count (`within:`); nil when it checked once.
        public var waited: Duration?
        public var session: String
        /// Where `verify` was called.
        public var fileID: String
        public var filePath: String
        public var line: Int
        public var column: Int

        public var description: String {
            var message = "Expected \(expected) \(pattern)"
            if let waited { message += " within \(waited)" }
            message += "; found \(found) among the \(journal.count) request\(journal.count == 1 ? "" : "s") of session \(session)."
            if let nearest {
                message += " Nearest: \(nearest.method) \(nearest.path)\(nearest.query.isEmpty ? "" : "?" + nearest.query)"
                message += differences.isEmpty ? "." : " (\(differences.joined(separator: "; ")))."
            } else if !differences.isEmpty {
                message += " " + differences.joined(separator: "; ") + "."
            }
            return message + " (verify at \(fileID):\(line))"
        }
    }
}

extension UnderstudySession.RequestPattern: CustomStringConvertible {
    /// `POST /myapi/orders?page=2 with the header Idempotency-Key present and a JSON body containing {…}`.
    public var description: String {
        var text = "\(method ?? "*") \(path)" + (query.map { "?\($0)" } ?? "")
        var conditions = headers.sorted { $0.key.lowercased() < $1.key.lowercased() }.map { "the header \($0.key) \($0.value)" }
        if let body { conditions.append(body.description) }
        if let graphQLOperation {
            text = "GraphQL \(graphQLOperation)" + (path.isEmpty ? "" : " at \(path)")
            if let variables { conditions.append("variables: \(variables.description)") }
        }
        if !conditions.isEmpty { text += " with " + conditions.joined(separator: " and ") }
        return text
    }
}

extension UnderstudySessionSurface {
    public typealias BodyMatcher = UnderstudySession.BodyMatcher
    public typealias HeaderMatcher = UnderstudySession.HeaderMatcher
    public typealias ExpectedCount = UnderstudySession.ExpectedCount
    public typealias VerificationFailure = UnderstudySession.VerificationFailure

    /// Checks that this session's journal holds `count` requests (exactly one unless said) matching
    /// `request` (method, path with `:name` segments, the query's pairs, its headers) and `body` (or the
    /// pattern's own); throws a ``UnderstudySession/VerificationFailure`` naming the nearest request and what
    /// differs when it does not.
    ///
    /// With `within`, a request still to come is waited for: the journal is read again every 50 ms until
    /// the count holds or `within` has passed (a UI test's tap, say: `count: .atLeast(1), within: .seconds(5)`).
    /// It returns as soon as the count holds, so `within` does not prove that no more requests come; check
    /// `.never` or an exact count once the app is done instead.
    public func verify(
        _ request: RequestPattern, body: BodyMatcher? = nil, count: ExpectedCount = 1, within: Duration? = nil,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) async throws {
        // `body` or the pattern's own (`.post(…).withBody(…)`), so one pattern serves respond and verify.
        var pattern = request
        pattern.body = body ?? request.body
        var failure = UnderstudySession.VerificationFailure(
            pattern: pattern, expected: count, found: 0, journal: [], nearest: nil, differences: [], waited: within, session: id,
            fileID: fileID, filePath: filePath, line: line, column: column)
        // A redacted header's value cannot be compared: say so rather than pass or fail on "[redacted]".
        let redacted = pattern.headers.filter { UnderstudyWire.redactedHeaderNames.contains($0.key.lowercased()) && $0.value.readsValue }
        if !redacted.isEmpty {
            failure.differences = redacted.keys.sorted().map {
                "the journal keeps \($0) as \(UnderstudyWire.redactedValue), so verify can check only that it is .present or .absent; "
                    + "respond(to:) matches its real value on the server"
            }
            failure.waited = nil
            throw failure
        }
        let deadline = within.map { ContinuousClock.now + $0 }
        while true {
            let journal = try await requests()
            let found = journal.filter { Self.difference(pattern, $0).isEmpty }.count
            failure.journal = journal
            failure.found = found
            if count.contains(found) { return }
            // More than wanted does not get better by waiting.
            guard let deadline, found < count.minimum, ContinuousClock.now < deadline else { break }
            try await Task.sleep(for: min(.milliseconds(50), deadline - ContinuousClock.now))
        }
        if failure.found < count.minimum, let nearest = Self.nearest(to: pattern, in: failure.journal) {
            failure.nearest = nearest
            failure.differences = Self.difference(pattern, nearest)
        }
        throw failure
    }

    /// What of `pattern` `entry` does not meet, in a few words each; empty when it matches.
    static func difference(_ pattern: RequestPattern, _ entry: UnderstudyAdmin.RecordedRequest) -> [String] {
        var differences: [String] = []
        if let method = pattern.method, method != "*", method != entry.method { differences.append("the method is \(entry.method)") }
        // A GraphQL pattern without a path takes the operation at any path.
        if !(pattern.path.isEmpty && pattern.graphQLOperation != nil), !pathMatches(pattern.path, entry.path) {
            differences.append("the path is \(entry.path)")
        }
        if let query = pattern.query, !queryMatches(query, entry.query) { differences.append("the query is \(entry.query.debugDescription)") }
        for (name, matcher) in pattern.headers.sorted(by: { $0.key.lowercased() < $1.key.lowercased() }) {
            if let difference = matcher.difference(name, header(name, of: entry)) { differences.append(difference) }
        }
        if let body = pattern.body, let difference = body.difference(entry.requestBody) { differences.append(difference) }
        differences += UnderstudySession.graphQLDifference(pattern, entry)
        return differences
    }

    /// The value of header `name` as the journal kept it: several fields of the name joined with ", ", as the server reads them.
    static func header(_ name: String, of entry: UnderstudyAdmin.RecordedRequest) -> String? {
        let values = entry.headers.pairs.filter { $0.key.lowercased() == name.lowercased() }.map(\.value)
        return values.isEmpty ? nil : values.joined(separator: ", ")
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
