public import Foundation
public import UnderstudyAdminWire

/// GraphQL operations, staged and checked by name: one test's `CreateOrder` fails while every other operation of
/// the app is answered as the scenario says.
///
/// ```swift
/// try await session.respond(toGraphQL: "CreateOrder", errors: [.init(message: "Out of stock", path: ["createOrder"])])
/// try await session.use("graphql-errors", operation: "GetFilms")
/// try await session.verify(.graphQL("CreateOrder", variables: .json(contains: ["input": ["sku": "B-1"]])))
/// ```
extension UnderstudySession.RequestPattern {
    /// Requests carrying the GraphQL operation `operation` (named by `operationName`, else by the query's single
    /// named operation, else by its persisted-query hash), by POST or GET, at `path` (any path when nil).
    public static func graphQL(_ operation: String, at path: String? = nil, variables: UnderstudySession.BodyMatcher? = nil) -> Self {
        var pattern = Self(method: nil, path: path ?? "")
        pattern.graphQLOperation = operation
        pattern.variables = variables
        return pattern
    }
}

extension UnderstudySession {
    /// One error of a GraphQL answer, as GraphQL writes it.
    public struct GraphQLError: Encodable, Sendable, Equatable {
        public var message: String
        /// The response path the error is about: field names and list indexes.
        public var path: [PathElement]?
        /// `extensions.code`, which Apollo's servers set (`BAD_USER_INPUT`, `UNAUTHENTICATED`, …).
        public var code: String?

        public enum PathElement: Encodable, Sendable, Equatable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral {
            case key(String)
            case index(Int)
            public init(stringLiteral value: String) { self = .key(value) }
            public init(integerLiteral value: Int) { self = .index(value) }
            public func encode(to encoder: any Encoder) throws {
                var container = encoder.singleValueContainer()
                switch self {
                case .key(let key): try container.encode(key)
                case .index(let index): try container.encode(index)
                }
            }
        }

        public init(message: String, path: [PathElement]? = nil, code: String? = nil) {
            self.message = message
            self.path = path
            self.code = code
        }

        private enum CodingKeys: String, CodingKey { case message, path, extensions }
        private struct Extensions: Encodable { var code: String }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(message, forKey: .message)
            try container.encodeIfPresent(path, forKey: .path)
            try container.encodeIfPresent(code.map(Extensions.init), forKey: .extensions)
        }
    }
}

extension UnderstudySessionSurface {
    /// Answers the GraphQL operation `operation` (at `path`, or at any path) with `{"data": data}`, `data` encoded by
    /// `encoder`; or, with `errors`, with `{"errors": …, "data": null}`; or, with only a `fault`, with what the
    /// scenario answers under that fault (`.graphQLErrors`, `.partialData`, or any HTTP fault).
    @discardableResult
    public func respond(
        toGraphQL operation: String, at path: String? = nil, variables: UnderstudySession.BodyMatcher? = nil, data: (any Encodable & Sendable)? = nil,
        errors: [UnderstudySession.GraphQLError]? = nil, encoder: JSONEncoder = JSONEncoder(), delay: Duration? = nil,
        fault: UnderstudySession.Fault? = nil, times: Int? = nil
    ) async throws -> UnderstudyWire.SessionRoutes {
        var answer = UnderstudySession.Answer(delay: delay, fault: fault, times: times)
        if data != nil || errors != nil {
            answer = .json(GraphQLBody(data: data, errors: errors), encoder: encoder, delay: delay, times: times)
            answer.fault = fault
        }
        return try await respond(to: .graphQL(operation, at: path, variables: variables), inTurn: [answer])
    }

    /// This session's GraphQL operation `operation` alone answers as `scenario` would (its top-level fault and
    /// delay, and its own answer for the operation if it stages one): `use("graphql-errors", operation: "GetFilms")`.
    /// The session's other requests keep their scenario; `DELETE …/routes` (``clearRoutes()``) undoes it.
    public func use(_ scenario: String, operation: String) async throws {
        try await admin.setScenario(scenario, operation: operation, session: id)
    }
}

/// `{"data": …}` or `{"errors": …, "data": null}`, in that order of keys.
private struct GraphQLBody: Encodable {
    var data: (any Encodable & Sendable)?
    var errors: [UnderstudySession.GraphQLError]?

    private enum CodingKeys: String, CodingKey { case errors, data }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        if let errors { try container.encode(errors, forKey: .errors) }
        if let data { try container.encode(data, forKey: .data) } else { try container.encodeNil(forKey: .data) }
    }
}

extension UnderstudySession {
    /// What of a GraphQL pattern `entry` does not meet: the operation (from the journal's `graphql_operations`) and
    /// its variables (read from the kept body, or the GET query's `variables`).
    static func graphQLDifference(_ pattern: RequestPattern, _ entry: UnderstudyAdmin.RecordedRequest) -> [String] {
        guard let operation = pattern.graphQLOperation else { return [] }
        guard let operations = entry.graphQLOperations else { return ["it is not a GraphQL request"] }
        guard let index = operations.firstIndex(of: operation) else { return ["its GraphQL operations are \(operations.joined(separator: ", "))"] }
        guard let variables = pattern.variables else { return [] }
        let given = graphQLVariables(of: entry, at: index, batch: operations.count > 1)
        return variables.difference(given ?? "{}").map { ["the variables: \($0)"] } ?? []
    }

    private static func graphQLVariables(of entry: UnderstudyAdmin.RecordedRequest, at index: Int, batch: Bool) -> String? {
        func text(_ value: Any?) -> String? {
            guard let value, !(value is NSNull), let data = try? JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed]) else {
                return nil
            }
            return String(decoding: data, as: UTF8.self)
        }
        if entry.method == "GET" {
            let pairs = URLComponents(string: "/?" + entry.query)?.queryItems ?? []
            return pairs.first { $0.name == "variables" }?.value
        }
        guard let body = entry.requestBody, let json = try? JSONSerialization.jsonObject(with: Data(body.utf8)) else { return nil }
        if batch || json is [Any] {
            guard let items = json as? [Any], index < items.count else { return nil }
            return text((items[index] as? [String: Any])?["variables"])
        }
        return text((json as? [String: Any])?["variables"])
    }
}
