public import Foundation

/// What a request must carry for `respond` and `verify` to take it, besides method, path and query: its body and
/// its headers (``UnderstudySession/RequestPattern``).
extension UnderstudySession {
    /// How a request's body must look: a JSON document containing a fragment, exactly some text, or
    /// text a regular expression matches.
    public struct BodyMatcher: Sendable, Equatable, CustomStringConvertible {
        enum Kind: Sendable, Equatable {
            /// Every key of the fragment's objects present with a matching value; arrays element by element.
            case jsonContaining(Data)
            case equals(String)
            case matches(String)
            /// A fragment that could not be made (it did not encode, or its text is not JSON): matches nothing,
            /// and `respond` refuses it before sending.
            case invalid(String)
        }

        let kind: Kind

        /// A JSON body that contains `fragment`: its objects' keys with matching values (other keys may
        /// be there too), its arrays element by element. `encoder` is the app's own when its models are
        /// encoded with settings of their own (`keyEncodingStrategy = .convertToSnakeCase`, a date strategy),
        /// so that the fragment is the JSON the app sends.
        public static func json(contains fragment: some Encodable, encoder: JSONEncoder = JSONEncoder()) -> BodyMatcher {
            do {
                return BodyMatcher(kind: .jsonContaining(try encoder.encode(fragment)))
            } catch {
                return BodyMatcher(kind: .invalid("the fragment did not encode: \(error)"))
            }
        }

        /// A JSON body that contains the fragment written as JSON `text` (`#"{"order_id": 7}"#`), as ``json(contains:encoder:)``.
        public static func json(text: String) -> BodyMatcher {
            let data = Data(text.utf8)
            guard (try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])) != nil else {
                return BodyMatcher(kind: .invalid("the fragment \(String(text.prefix(200)).debugDescription) is not JSON"))
            }
            return BodyMatcher(kind: .jsonContaining(data))
        }

        /// A body that is exactly `text`.
        public static func equals(_ text: String) -> BodyMatcher { BodyMatcher(kind: .equals(text)) }

        /// A body a regular expression (`NSRegularExpression` syntax) finds a match in.
        public static func matches(_ pattern: String) -> BodyMatcher { BodyMatcher(kind: .matches(pattern)) }

        public var description: String {
            switch kind {
            case .jsonContaining(let data):
                "a JSON body containing \(Self.text((try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])) ?? NSNull()))"
            case .equals(let text): "the body \(text.debugDescription)"
            case .matches(let pattern): "a body matching /\(pattern)/"
            case .invalid(let reason): "a JSON body (\(reason))"
            }
        }

        /// The matcher as a session route's `request_body` (the server runs the same three kinds; its
        /// regular expressions the common subset described in docs/scenarios.md); nil when the fragment
        /// could not be made (``problem`` says why).
        var wire: UnderstudyWire.BodyMatch? {
            switch kind {
            case .jsonContaining(let data): (try? JSONDecoder().decode(UnderstudyWire.JSONFragment.self, from: data)).map { .init(json: $0) }
            case .equals(let text): UnderstudyWire.BodyMatch(equals: text)
            case .matches(let pattern): UnderstudyWire.BodyMatch(matches: pattern)
            case .invalid: nil
            }
        }

        /// Why the fragment could not be made; nil when it was.
        var problem: String? {
            if case .invalid(let reason) = kind { return reason }
            return wire == nil ? "not JSON" : nil
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
            case .invalid(let reason):
                return reason
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

        static func text(_ value: Any) -> String {
            guard let data = try? JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed, .sortedKeys]) else {
                return "\(value)"
            }
            return String(decoding: data, as: UTF8.self)
        }
    }

    /// What a request's header must be: there with any value, absent, exactly a value, or a value a regular
    /// expression finds a match in. Names compare case-insensitively; several fields of one name are read as
    /// one value joined with ", ", on the server (`respond(to: pattern.withHeader(…))`) and in the journal
    /// (`verify`) alike.
    ///
    /// The journal keeps `Authorization`, `Proxy-Authorization` and `Cookie` as `[redacted]`
    /// (``UnderstudyWire/redactedHeaderNames``): `verify` can check that they are there or not, but a value
    /// matcher on one of them throws a ``VerificationFailure`` saying so, whatever the journal holds, rather
    /// than passing or failing on the redacted text. `respond` matches their real values (the server sees them).
    public struct HeaderMatcher: Sendable, Equatable, CustomStringConvertible {
        enum Kind: Sendable, Equatable {
            case present
            case absent
            case equals(String)
            case matches(String)
        }

        let kind: Kind

        /// The header is there, with any value.
        public static var present: HeaderMatcher { HeaderMatcher(kind: .present) }
        /// The header is not there.
        public static var absent: HeaderMatcher { HeaderMatcher(kind: .absent) }
        /// The header's value is exactly `value`.
        public static func equals(_ value: String) -> HeaderMatcher { HeaderMatcher(kind: .equals(value)) }
        /// A regular expression finds a match in the header's value (the syntax of ``BodyMatcher/matches(_:)``).
        public static func matches(_ pattern: String) -> HeaderMatcher { HeaderMatcher(kind: .matches(pattern)) }

        public var description: String {
            switch kind {
            case .present: "present"
            case .absent: "absent"
            case .equals(let value): value.debugDescription
            case .matches(let pattern): "matching /\(pattern)/"
            }
        }

        /// Whether the matcher reads the value (which a redacted journal entry does not have).
        var readsValue: Bool {
            switch kind {
            case .present, .absent: false
            case .equals, .matches: true
            }
        }

        var wire: UnderstudyWire.HeaderMatch {
            switch kind {
            case .present: UnderstudyWire.HeaderMatch(present: true)
            case .absent: UnderstudyWire.HeaderMatch(present: false)
            case .equals(let value): UnderstudyWire.HeaderMatch(equals: value)
            case .matches(let pattern): UnderstudyWire.HeaderMatch(matches: pattern)
            }
        }

        /// Nil when `value` (the header's, nil when absent) matches; else what differs.
        func difference(_ name: String, _ value: String?) -> String? {
            switch kind {
            case .present: return value == nil ? "no \(name) header" : nil
            case .absent: return value.map { "\(name) is \($0.debugDescription)" }
            case .equals(let wanted):
                guard let value else { return "no \(name) header" }
                return value == wanted ? nil : "\(name) is \(value.debugDescription)"
            case .matches(let pattern):
                guard let value else { return "no \(name) header" }
                guard let regex = try? NSRegularExpression(pattern: pattern) else { return "/\(pattern)/ is not a regular expression" }
                let found = regex.firstMatch(in: value, range: NSRange(value.startIndex..., in: value)) != nil
                return found ? nil : "\(name) is \(value.debugDescription)"
            }
        }
    }
}
