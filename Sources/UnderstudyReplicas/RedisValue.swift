/// One Redis reply as Swift sees it, copied out of hiredis's reply objects (``RedisReply``) so
/// that nothing else ever holds a hiredis pointer.
package enum RedisValue: Sendable, Equatable {
    case string([UInt8])
    case status(String)
    case error(String)
    case integer(Int64)
    case null
    case array([RedisValue])

    /// A bulk or status reply as text; nil for anything else (or bytes that are not UTF-8).
    package var text: String? {
        switch self {
        case .string(let bytes): String(validating: bytes, as: UTF8.self)
        case .status(let text): text
        default: nil
        }
    }

    /// An integer reply, or a bulk string that spells one (GET of a counter).
    package var integer: Int64? {
        switch self {
        case .integer(let value): value
        case .string: text.flatMap { Int64($0) }
        default: nil
        }
    }

    /// The elements of an array reply; nil for anything else.
    package var elements: [RedisValue]? {
        if case .array(let elements) = self { return elements }
        return nil
    }
}

/// Everything that can go wrong talking to Redis, as one sentence an operator can act on.
package struct RedisError: Error, Sendable, Equatable, CustomStringConvertible {
    package let message: String

    package init(_ message: String) {
        self.message = message
    }

    package var description: String { message }
}

/// How much of a reply Understudy accepts. Redis is trusted no more than a client: a server that
/// answers garbage or a huge value gets a clear error, never unbounded memory.
package enum RedisLimits {
    /// Reads of at most 16 KiB each (hiredis's read size) one reply may take: 8 MiB.
    package static let maxReads: Int32 = 512
    /// Bytes of strings one reply may hold once copied.
    package static let maxBytes = 8 << 20
    /// Elements one reply may hold, counted over all its arrays.
    package static let maxElements = 200_000
    /// Arrays within arrays (hiredis itself stops at 7).
    package static let maxDepth = 8
}

/// Counts what a reply costs while it is copied, and refuses past ``RedisLimits``.
package struct RedisBudget {
    private(set) var bytes = 0
    private(set) var elements = 0

    package init() {}

    package mutating func spend(bytes count: Int) throws(RedisError) {
        bytes += count
        guard bytes <= RedisLimits.maxBytes else { throw RedisError("a reply over \(RedisLimits.maxBytes) bytes") }
    }

    package mutating func spend(elements count: Int) throws(RedisError) {
        elements += count
        guard elements <= RedisLimits.maxElements else { throw RedisError("a reply of more than \(RedisLimits.maxElements) elements") }
    }
}
