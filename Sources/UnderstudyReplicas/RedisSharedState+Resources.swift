package import UnderstudyStaging

/// Resource copies in Redis (`understudy:res:SESSION:PATH`, a JSON array of the items): read before each resource
/// request and written after each write, on the store's threads (``SharedStateStore/loadResource(_:)``).
extension RedisSharedState {
    package func loadResource(_ key: String) throws(SharedStateFailure) -> [UInt8]? {
        let reply = try run([["GET", SharedKeys.resource(key)]], via: requestLink)[0]
        switch reply {
        case .null: return nil
        case .string(let bytes): return bytes
        default: throw SharedStateFailure("Redis answered a resource's copy with \(Self.describe(reply))")
        }
    }

    package func storeResource(_ key: String, _ items: [UInt8], session: String?) throws(SharedStateFailure) {
        let name = SharedKeys.resource(key)
        var set = ["SET", name, String(decoding: items, as: UTF8.self)]
        // A session's copy lasts as its session does; the shared copy until a reset.
        if session != nil, let ttl = control?.sessionTTLSeconds, ttl > 0 { set += ["EX", String(ttl)] }
        let replies = try run([["MULTI"], set, ["SADD", SharedKeys.resourceKeys, name], ["EXEC"]], via: requestLink)
        guard let results = replies.last?.elements, !results.contains(where: { if case .error = $0 { true } else { false } }) else {
            throw SharedStateFailure("Redis did not store the resource's copy (\(Self.describe(replies.last ?? .null)))")
        }
    }
}
