/// `content.text` with `encoding: "base64"` decoded: the standard alphabet, padding optional, line breaks and
/// spaces skipped (some tools wrap long values). Anything else is refused with the offset of the first character
/// that is not base64, since a body read wrongly would be replayed wrongly.
enum HARBase64 {
    static func decode(_ text: String, at field: HARField) throws(HARImportError) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count / 4 * 3)
        var accumulator: UInt32 = 0
        var count = 0
        var padding = 0
        for (offset, byte) in text.utf8.enumerated() {
            let value: UInt8
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): value = byte - UInt8(ascii: "A")
            case UInt8(ascii: "a")...UInt8(ascii: "z"): value = byte - UInt8(ascii: "a") + 26
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = byte - UInt8(ascii: "0") + 52
            case UInt8(ascii: "+"): value = 62
            case UInt8(ascii: "/"): value = 63
            case UInt8(ascii: "="):
                padding += 1
                continue
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: " "), UInt8(ascii: "\t"): continue
            default: throw field.problem("not valid base64 (encoding: base64): character \(offset) is \(describe(byte))")
            }
            guard padding == 0 else { throw field.problem("not valid base64 (encoding: base64): text after the '=' padding at character \(offset)") }
            accumulator = accumulator << 6 | UInt32(value)
            count += 1
            if count == 4 {
                out += [UInt8(accumulator >> 16 & 0xFF), UInt8(accumulator >> 8 & 0xFF), UInt8(accumulator & 0xFF)]
                accumulator = 0
                count = 0
            }
        }
        switch count {
        case 0: break
        case 2: out.append(UInt8(accumulator >> 4 & 0xFF))
        case 3: out += [UInt8(accumulator >> 10 & 0xFF), UInt8(accumulator >> 2 & 0xFF)]
        default: throw field.problem("not valid base64 (encoding: base64): its length leaves a single character over")
        }
        guard padding <= 2 else { throw field.problem("not valid base64 (encoding: base64): more than two '=' of padding") }
        return out
    }

    private static func describe(_ byte: UInt8) -> String {
        (0x21...0x7E).contains(byte) ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(String(byte, radix: 16, uppercase: true))"
    }
}
