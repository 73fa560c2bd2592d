/// `%XX` escapes decoded, by one rule for every place Understudy reads them (a scenario's query pattern, a JSON
/// pointer in a `$ref`, a form body, a Redis URL's credentials): a `%` and exactly two hexadecimal digits, so `%+1`
/// or `%-1` is no escape (`UInt8("+1", radix: 16)` would have read it as 1). The request target's own path is
/// decoded in C (`CUnderstudyHTTPWire`), by the same rule.
package enum PercentDecoding {
    /// What a `%` that does not start an escape means.
    package enum Malformed: Sendable {
        /// The whole text is refused (nil).
        case refuse
        /// It is kept as written, with what follows it.
        case keep
    }

    /// `text` with its escapes decoded, `+` read as a space when `plusIsSpace` (query strings and form bodies).
    /// Nil when an escape is malformed and `malformed` is `.refuse`, or when the decoded bytes are not UTF-8 and
    /// `malformed` is `.refuse`; with `.keep`, invalid UTF-8 becomes U+FFFD.
    package static func decode(_ text: some StringProtocol, plusIsSpace: Bool = false, malformed: Malformed) -> String? {
        let utf8 = Array(text.utf8)
        guard utf8.contains(UInt8(ascii: "%")) || (plusIsSpace && utf8.contains(UInt8(ascii: "+"))) else { return String(text) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count)
        var index = 0
        while index < utf8.count {
            let byte = utf8[index]
            if byte == UInt8(ascii: "%") {
                if index + 2 < utf8.count, let high = hexValue(utf8[index + 1]), let low = hexValue(utf8[index + 2]) {
                    bytes.append(high << 4 | low)
                    index += 3
                    continue
                }
                if malformed == .refuse { return nil }
                bytes.append(byte)
            } else if plusIsSpace && byte == UInt8(ascii: "+") {
                bytes.append(0x20)
            } else {
                bytes.append(byte)
            }
            index += 1
        }
        switch malformed {
        case .refuse: return String(validating: bytes, as: UTF8.self)
        case .keep: return String(decoding: bytes, as: UTF8.self)
        }
    }

    /// The value of one hexadecimal digit (either case), or nil.
    package static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
