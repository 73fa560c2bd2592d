import CHiredis

/// hiredis's reply objects copied into ``RedisValue``s, within a ``RedisBudget``. With
/// RedisConnection.swift and RedisReader.swift, the module's only code that touches hiredis.
enum RedisReply {
    /// Copies `reply` (hiredis keeps ownership; the caller frees it).
    static func value(of reply: UnsafeMutablePointer<redisReply>, depth: Int = 0, budget: inout RedisBudget) throws(RedisError) -> RedisValue {
        let object = reply.pointee
        switch object.type {
        case REDIS_REPLY_STRING, REDIS_REPLY_STATUS, REDIS_REPLY_ERROR:
            try budget.spend(bytes: object.len)
            let bytes: [UInt8] =
                object.str.map { start in
                    UnsafeRawBufferPointer(start: start, count: object.len).map { $0 }
                } ?? []
            switch object.type {
            case REDIS_REPLY_STRING: return .string(bytes)
            case REDIS_REPLY_STATUS: return .status(String(decoding: bytes, as: UTF8.self))
            default: return .error(String(decoding: bytes, as: UTF8.self))
            }
        case REDIS_REPLY_INTEGER:
            return .integer(object.integer)
        case REDIS_REPLY_NIL:
            return .null
        case REDIS_REPLY_ARRAY:
            guard depth < RedisLimits.maxDepth else { throw RedisError("a reply nested deeper than \(RedisLimits.maxDepth)") }
            try budget.spend(elements: object.elements)
            var elements: [RedisValue] = []
            elements.reserveCapacity(object.elements)
            for index in 0..<object.elements {
                guard let element = object.element?[index] else { throw RedisError("a reply with a missing array element") }
                elements.append(try value(of: element, depth: depth + 1, budget: &budget))
            }
            return .array(elements)
        default:
            throw RedisError("a reply of unknown type \(object.type)")
        }
    }
}
