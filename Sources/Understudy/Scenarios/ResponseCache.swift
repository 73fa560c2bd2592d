import UnderstudyHTTP

/// Rendered responses of one scenario, per route and host. Bounded: past the
/// limit new entries are rendered per request instead of growing the cache.
final class ResponseCache: Sendable {
    struct Key: Hashable, Sendable {
        var route: RouteKey
        var host: String
        var malformed: Bool
    }

    static let limit = 4096
    private let entries = Locked<[Key: PreparedResponse]>([:])

    func response(for key: Key, render: () -> PreparedResponse) -> PreparedResponse {
        if let cached = entries.withLock({ $0[key] }) { return cached }
        let response = render()
        entries.withLock { entries in
            if entries.count < Self.limit { entries[key] = response }
        }
        return response
    }
}

/// The response already chosen for an exact request target (path, query, host)
/// of an API: a repeated request skips routing and the route's cache key,
/// which cost more than the rest of answering it. Bounded like the cache;
/// only routes whose response depends on nothing else are remembered.
final class TargetMemo: Sendable {
    struct Key: Hashable, Sendable {
        var path: String
        var query: PackedFields
        var host: String
        var malformed: Bool

        // Byte for byte: hashing and comparing strings as Unicode text cost more than the lookup saves.
        func hash(into hasher: inout Hasher) {
            var path = path, host = host
            path.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
            hasher.combine(query)
            host.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
            hasher.combine(malformed)
        }

        static func == (left: Key, right: Key) -> Bool {
            left.malformed == right.malformed && left.query == right.query
                && left.path.hasSameBytes(as: right.path) && left.host.hasSameBytes(as: right.host)
        }
    }

    private let entries = Locked<[Key: PreparedResponse]>([:])

    subscript(key: Key) -> PreparedResponse? {
        entries.withLock { $0[key] }
    }

    func remember(_ response: PreparedResponse, for key: Key) {
        entries.withLock { entries in
            if entries.count < ResponseCache.limit { entries[key] = response }
        }
    }
}
