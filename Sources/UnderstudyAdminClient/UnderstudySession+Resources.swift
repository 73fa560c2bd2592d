public import Foundation

/// A resource's items (a scenario file's `resources:`) as a session sees them, read or seeded: the starting
/// state of a test that adds to a cart, in one call.
///
/// ```swift
/// struct Todo: Codable, Equatable { var id: Int; var title: String; var done: Bool }
/// try await session.seed([Todo(id: 1, title: "Milk", done: false)], at: "/myapp/todos")
/// // … the app adds one through its own networking …
/// let todos = try await session.resources(at: "/myapp/todos", as: Todo.self)
/// ```
extension UnderstudySessionSurface {
    /// Replaces the session's copy of the resource at `path` (its collection's path) with `items`; the session's
    /// requests see them from now on, and no other session does.
    public func seed<Item: Encodable>(_ items: [Item], at path: String, encoder: JSONEncoder = JSONEncoder()) async throws {
        try await admin.seed(items, at: path, session: id, encoder: encoder)
    }

    /// The session's copy of the resource at `path`, decoded.
    public func resources<Item: Decodable>(
        at path: String, as type: Item.Type = Item.self, decoder: JSONDecoder = JSONDecoder()
    ) async throws
        -> [Item]
    {
        try await admin.resources(at: path, session: id, as: type, decoder: decoder)
    }
}

extension UnderstudyAdmin {
    /// Replaces a copy of the resource at `path` with `items`: the session's, or with `session` nil the copy
    /// requests without a session share. Refused (``Failure/Kind/rejected(status:body:)``) when an item is
    /// not an object, lacks an id of the resource's kind, repeats one, or passes a bound.
    public func seed<Item: Encodable>(_ items: [Item], at path: String, session: String? = nil, encoder: JSONEncoder = JSONEncoder()) async throws {
        let body: Data
        do { body = try encoder.encode(items) } catch {
            throw Failure(.undecodable, error: "items did not encode", detail: "\(error)")
        }
        _ = try await data("PUT", Self.resourcesPath(session), query: [URLQueryItem(name: "path", value: path)], body: body)
    }

    /// A copy of the resource at `path`, decoded: the session's, or with `session` nil the shared one.
    public func resources<Item: Decodable>(
        at path: String, session: String? = nil, as type: Item.Type = Item.self, decoder: JSONDecoder = JSONDecoder()
    ) async throws -> [Item] {
        let answer = try await data("GET", Self.resourcesPath(session), query: [URLQueryItem(name: "path", value: path)], body: nil)
        do { return try decoder.decode([Item].self, from: answer) } catch {
            throw Failure(
                .undecodable, error: "unexpected answer",
                detail: "[\(Item.self)] did not decode (\(error)): \(String(decoding: answer.prefix(500), as: UTF8.self))")
        }
    }

    private static func resourcesPath(_ session: String?) -> String { session.map { "/sessions/\($0)/resources" } ?? "/resources" }
}
