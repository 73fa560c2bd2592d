/// The server's half of RFC 6455's opening handshake (section 4.2): whether a request asks for a WebSocket, and the
/// `Sec-WebSocket-Accept` value that proves the server read its key. Pure Swift (SHA-1 and base64 written here) so
/// the core stays free of C and Foundation; the transport calls it once per upgrade, never on an ordinary request.
package enum WebSocketHandshake {
    /// The GUID RFC 6455 appends to the client's key before hashing.
    static let guid = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"

    /// Why a request that names `Upgrade: websocket` cannot be upgraded; the transport answers 400 (426 for a
    /// version it does not speak, with `Sec-WebSocket-Version: 13`), as section 4.2.2 asks.
    package enum Refusal: Error, Equatable, Sendable {
        case notGET
        case missingKey
        case malformedKey
        case unsupportedVersion
    }

    /// The accept value for a request's fields, or why there is none. The key must be base64 of 16 bytes (4.2.1):
    /// anything else is refused rather than hashed, so a hostile key of any length costs one bounded check.
    package static func accept(method: String, key: String?, version: String?) throws(Refusal) -> String {
        guard method == "GET" else { throw .notGET }
        guard version?.trimmingSpaces == "13" else { throw .unsupportedVersion }
        guard let key = key?.trimmingSpaces else { throw .missingKey }
        guard key.utf8.count == 24, let decoded = base64Decoded(key), decoded.count == 16 else { throw .malformedKey }
        return acceptValue(forKey: key)
    }

    /// base64(SHA-1(key + GUID)), section 4.2.2 item 5.
    package static func acceptValue(forKey key: String) -> String {
        base64Encoded(sha1(Array((key + guid).utf8)))
    }

    static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    package static func base64Encoded(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index < bytes.count {
            let remaining = bytes.count - index
            let b0 = UInt32(bytes[index])
            let b1 = remaining > 1 ? UInt32(bytes[index + 1]) : 0
            let b2 = remaining > 2 ? UInt32(bytes[index + 2]) : 0
            let triple = b0 << 16 | b1 << 8 | b2
            out.append(alphabet[Int(triple >> 18 & 63)])
            out.append(alphabet[Int(triple >> 12 & 63)])
            out.append(remaining > 1 ? alphabet[Int(triple >> 6 & 63)] : UInt8(ascii: "="))
            out.append(remaining > 2 ? alphabet[Int(triple & 63)] : UInt8(ascii: "="))
            index += 3
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Strict base64 (padding required, no whitespace); nil for anything else. Scenario files' binary replies use it too.
    package static func base64Decoded(_ text: String) -> [UInt8]? {
        let input = Array(text.utf8)
        guard input.count % 4 == 0 else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(input.count / 4 * 3)
        var index = 0
        while index < input.count {
            var quad: UInt32 = 0
            var padding = 0
            for offset in 0..<4 {
                let byte = input[index + offset]
                let value: UInt32
                switch byte {
                case UInt8(ascii: "A")...UInt8(ascii: "Z"): value = UInt32(byte - UInt8(ascii: "A"))
                case UInt8(ascii: "a")...UInt8(ascii: "z"): value = UInt32(byte - UInt8(ascii: "a")) + 26
                case UInt8(ascii: "0")...UInt8(ascii: "9"): value = UInt32(byte - UInt8(ascii: "0")) + 52
                case UInt8(ascii: "+"): value = 62
                case UInt8(ascii: "/"): value = 63
                case UInt8(ascii: "=") where index + 4 == input.count && offset >= 2:
                    padding += 1
                    value = 0
                default: return nil
                }
                // A data character after a pad ("ab=c") is not base64.
                if padding > 0 && byte != UInt8(ascii: "=") { return nil }
                quad = quad << 6 | value
            }
            out.append(UInt8(quad >> 16 & 0xFF))
            if padding < 2 { out.append(UInt8(quad >> 8 & 0xFF)) }
            if padding < 1 { out.append(UInt8(quad & 0xFF)) }
            index += 4
        }
        return out
    }

    /// SHA-1 (FIPS 180-4): here only because the handshake names it; it protects nothing.
    package static func sha1(_ message: [UInt8]) -> [UInt8] {
        var h: (UInt32, UInt32, UInt32, UInt32, UInt32) = (0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476, 0xC3D2_E1F0)
        var padded = message
        padded.append(0x80)
        while padded.count % 64 != 56 { padded.append(0) }
        let bitLength = UInt64(message.count) &* 8
        for shift in stride(from: 56, through: 0, by: -8) { padded.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift))) }
        var w = [UInt32](repeating: 0, count: 80)
        for chunk in stride(from: 0, to: padded.count, by: 64) {
            for i in 0..<16 {
                let j = chunk + i * 4
                w[i] = UInt32(padded[j]) << 24 | UInt32(padded[j + 1]) << 16 | UInt32(padded[j + 2]) << 8 | UInt32(padded[j + 3])
            }
            for i in 16..<80 {
                let x = w[i - 3] ^ w[i - 8] ^ w[i - 14] ^ w[i - 16]
                w[i] = x << 1 | x >> 31
            }
            var (a, b, c, d, e) = h
            for i in 0..<80 {
                let f: UInt32
                let k: UInt32
                switch i {
                case 0..<20: (f, k) = ((b & c) | (~b & d), 0x5A82_7999)
                case 20..<40: (f, k) = (b ^ c ^ d, 0x6ED9_EBA1)
                case 40..<60: (f, k) = ((b & c) | (b & d) | (c & d), 0x8F1B_BCDC)
                default: (f, k) = (b ^ c ^ d, 0xCA62_C1D6)
                }
                let temp = (a << 5 | a >> 27) &+ f &+ e &+ k &+ w[i]
                e = d
                d = c
                c = b << 30 | b >> 2
                b = a
                a = temp
            }
            h = (h.0 &+ a, h.1 &+ b, h.2 &+ c, h.3 &+ d, h.4 &+ e)
        }
        var digest: [UInt8] = []
        for word in [h.0, h.1, h.2, h.3, h.4] {
            digest += [UInt8(word >> 24), UInt8(word >> 16 & 0xFF), UInt8(word >> 8 & 0xFF), UInt8(word & 0xFF)]
        }
        return digest
    }
}

extension String {
    /// Without the spaces and tabs a field value may carry around it (RFC 9110 5.5).
    fileprivate var trimmingSpaces: String {
        var scalars = Substring(self)
        while let first = scalars.first, first == " " || first == "\t" { scalars.removeFirst() }
        while let last = scalars.last, last == " " || last == "\t" { scalars.removeLast() }
        return String(scalars)
    }
}
