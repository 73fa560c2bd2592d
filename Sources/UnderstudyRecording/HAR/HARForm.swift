import UnderstudyHTTP

/// `application/x-www-form-urlencoded` text, which HAR files hold in three places: a URL's query, a form
/// `postData`'s text, and its `params` (joined back into text when an exporter left the text out).
enum HARForm {
    /// Decoded pairs, leniently: a broken escape is kept as written (this is for finding secrets, not for routes).
    static func pairs(_ text: String) -> [(String, String)] {
        text.split(separator: "&", omittingEmptySubsequences: true).map { part in
            let halves = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = PercentDecoding.decode(halves[0], plusIsSpace: true, malformed: .keep) ?? String(halves[0])
            let value = halves.count > 1 ? PercentDecoding.decode(halves[1], plusIsSpace: true, malformed: .keep) ?? String(halves[1]) : ""
            return (name, value)
        }
    }

    /// A name or value as a form writes it: unreserved characters as they are, spaces as `+`, the rest escaped.
    static func encode(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            case UInt8(ascii: " "): out += "+"
            default: out += "%" + String(byte >> 4, radix: 16, uppercase: true) + String(byte & 0xF, radix: 16, uppercase: true)
            }
        }
        return out
    }
}
