/// Where a request is aimed, as received: its authority (the `Host` field, or an absolute-form
/// target's), its percent-decoded path and its query string with the escapes it came with.
///
/// Made once per request; an owned, hashable value, so a cache keyed on the exact request (the
/// engine's response cache) uses it as its key. The hash is computed once, when the target is
/// made, with a fast function seeded per process: a client cannot pick targets that collide.
public struct RequestTarget: Hashable, Sendable {
    // Stored, not computed: another module reads them in place, with no call per access
    // (they are read several times per request). Small strings (most hosts and paths) hold
    // their bytes inline, so a copy of a target costs no reference count for them.

    /// The `Host` field's value, or nil when the request had none (HTTP/1.0) or several.
    public let host: String?
    /// The percent-decoded path, without the query string.
    public let path: String
    /// The query string after `?`, as received (escapes kept), empty when there is none.
    public let query: String
    /// The three hashed together (see ``TargetHash``), and the scheme.
    public let digest: UInt64
    /// True when the request came over TLS (`https`): links in its answer use that scheme, so a
    /// response kept for a target is kept per scheme too.
    public let isSecure: Bool

    /// - Parameters:
    ///   - host: The authority the request names, if any.
    ///   - path: The percent-decoded path.
    ///   - query: The raw query string, without `?`.
    ///   - isSecure: Whether the request came over TLS.
    public init(host: String?, path: String, query: String, isSecure: Bool = false) {
        var hash = TargetHash(seed: Self.seed)
        hash.combine(path)
        hash.combine(query)
        hash.combine(host ?? "")
        self.init(host: host, path: path, query: query, digest: hash.value, isSecure: isSecure)
    }

    /// A target whose ``digest`` the transport computed from the bytes it received, with
    /// ``TargetHash`` over path, query and host in that order (``hashSeed`` first).
    /// A secure target's digest is the plain one with the scheme mixed in.
    package init(host: String?, path: String, query: String, digest: UInt64, isSecure: Bool = false) {
        self.host = host
        self.path = path
        self.query = query
        self.digest = isSecure ? digest ^ Self.secureSalt : digest
        self.isSecure = isSecure
    }

    private static let secureSalt: UInt64 = 0x5EC0_12E5_C4E3_E5A1

    /// The per-process seed every target's hash starts from.
    package static var hashSeed: UInt64 { seed }

    private static let seed = UInt64.random(in: .min ... .max)

    public static func == (left: RequestTarget, right: RequestTarget) -> Bool {
        left.digest == right.digest && left.isSecure == right.isSecure && left.path == right.path && left.query == right.query
            && left.host == right.host
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(digest)
    }
}

/// A fast, seeded 64-bit hash of byte strings, eight bytes per step. Not SipHash: it runs on
/// every request, and the tables it serves are bounded and seeded per process. Each string adds
/// its whole little-endian 8-byte words, then its last partial word with its length mixed in; a
/// transport that holds the bytes themselves feeds the same words through ``mix(_:)`` and
/// ``finish(last:count:)``. `@usableFromInline` so its `@inlinable` steps inline into the
/// transport's loop (see ``Locked``).
@usableFromInline
package struct TargetHash: Sendable {
    @usableFromInline package var value: UInt64

    @inlinable
    package init(seed: UInt64) {
        value = seed
    }

    /// Adds `text`'s UTF-8 bytes and their count, so ("ab", "c") and ("a", "bc") differ.
    mutating func combine(_ text: String) {
        if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
            // A span reads the bytes where they are, eight at a time: this runs on every request.
            let bytes = text.utf8.span
            let count = bytes.count
            var index = 0
            while index + 8 <= count {
                var word: UInt64 = 0
                for offset in 0..<8 { word |= UInt64(bytes[index + offset]) << UInt64(8 * offset) }
                mix(word)
                index += 8
            }
            var last: UInt64 = 0
            for offset in 0..<(count - index) { last |= UInt64(bytes[index + offset]) << UInt64(8 * offset) }
            finish(last: last, count: count)
        } else {
            combine(bytes: text.utf8)
        }
    }

    /// The same as ``combine(_:)`` for any bytes, one at a time.
    mutating func combine(bytes: some Sequence<UInt8>) {
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
        finish(last: word, count: Int(count))
    }

    /// Ends one string: its last partial word (zero when its length is a multiple of 8) and its length.
    @inlinable
    package mutating func finish(last: UInt64, count: Int) {
        mix(last ^ UInt64(truncatingIfNeeded: count) &* 0xFF51_AFD7_ED55_8CCD)
    }

    /// Adds one whole little-endian word of a string.
    @inlinable
    package mutating func mix(_ word: UInt64) {
        var state = (value ^ word) &* 0x9E37_79B9_7F4A_7C15
        state ^= state >> 32
        value = state &* 0xD6E8_FEB8_6659_FD93 ^ (state >> 29)
    }
}
