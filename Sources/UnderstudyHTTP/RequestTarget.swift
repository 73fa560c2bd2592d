/// Where a request is aimed, as received: its authority (the `Host` field, or an absolute-form
/// target's), its percent-decoded path and its query string with the escapes it came with.
///
/// Made once per request; an owned, hashable value, so a cache keyed on the exact request (the
/// engine's response cache) uses it as its key. The hash is computed once, when the target is
/// made, with a fast function seeded per process: a client cannot pick targets that collide.
public struct RequestTarget: Hashable, Sendable {
    /// The `Host` field's value, or nil when the request had none (HTTP/1.0) or several.
    public let host: String?
    /// The percent-decoded path, without the query string.
    public let path: String
    /// The query string after `?`, as received (escapes kept), empty when there is none.
    public let query: String
    /// The three hashed together (see ``TargetHash``).
    public let digest: UInt64

    /// - Parameters:
    ///   - host: The authority the request names, if any.
    ///   - path: The percent-decoded path.
    ///   - query: The raw query string, without `?`.
    public init(host: String?, path: String, query: String) {
        self.host = host
        self.path = path
        self.query = query
        var hash = TargetHash(seed: Self.seed)
        hash.combine(path.utf8)
        hash.combine(query.utf8)
        if let host { hash.combine(host.utf8) } else { hash.combine(EmptyCollection<UInt8>()) }
        digest = hash.value
    }

    private static let seed = UInt64.random(in: .min ... .max)

    public static func == (left: RequestTarget, right: RequestTarget) -> Bool {
        left.digest == right.digest && left.path == right.path && left.query == right.query && left.host == right.host
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(digest)
    }
}

/// A fast, seeded 64-bit hash of byte strings, eight bytes per step. Not SipHash: it runs on
/// every request, and the tables it serves are bounded and seeded per process.
public struct TargetHash: Sendable {
    public private(set) var value: UInt64

    public init(seed: UInt64) {
        value = seed
    }

    /// Adds `bytes` and their count, so ("ab", "c") and ("a", "bc") differ.
    public mutating func combine(_ bytes: some Sequence<UInt8>) {
        var word: UInt64 = 0
        var shift: UInt64 = 0
        var count: UInt64 = 0
        for byte in bytes {
            word |= UInt64(byte) << shift
            shift += 8
            count += 1
            if shift == 64 {
                mix(word)
                word = 0
                shift = 0
            }
        }
        mix(word ^ count &* 0xFF51_AFD7_ED55_8CCD)
    }

    private mutating func mix(_ word: UInt64) {
        var state = (value ^ word) &* 0x9E37_79B9_7F4A_7C15
        state ^= state >> 32
        value = state &* 0xD6E8_FEB8_6659_FD93 ^ (state >> 29)
    }
}
