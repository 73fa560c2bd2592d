import UnderstudyDocuments

/// The values a schema's answer is made of: plausible, clearly synthetic, and the same for the same request.
///
/// The scheme, per leaf at a response path, where `n` is the 1-based position in the innermost enclosing list
/// (1 outside any list) and `h` a hash of the operation's name, its canonical variables and the path's keys:
/// - `String`: `"<field> n"` (`"title 1"`, `"title 2"`);
/// - `ID`: the positions of every enclosing list joined by `-` (`"1"` outside lists, `"2"` for a list's second
///   item, `"2-1"` for the first item of a list inside that one);
/// - `Int`: `h % 100 + n`; `Float`: the same with `.5`; `Boolean`: `(h + n)` even;
/// - an enum: its values in turn from `h % count`, one step per list position;
/// - custom scalars are strings: names with `Date` or `Time` get ISO 8601 (`2024-01-0nT12:00:00Z`), with `URL` or
///   `URI` a URL on example.com, any other `"<field> n"`.
/// FNV-1a, not Swift's `Hasher`, which is seeded afresh in every process: the same request answers the same bytes
/// after a restart.
enum SyntheticValues {
    static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325

    static func mix(_ hash: UInt64, _ text: String) -> UInt64 {
        var hash = hash
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        hash ^= 0xFF  // a separator, so that ("ab", "c") and ("a", "bc") differ
        return hash &* 0x100_0000_01b3
    }

    static func scalar(type: String, field: String, hash: UInt64, positions: [Int]) -> JSONValue {
        let n = positions.last ?? 1
        let small = Int(hash % 100)
        switch type {
        case "String": return .string("\(field) \(n)")
        case "ID": return .string(positions.isEmpty ? "1" : positions.map(String.init).joined(separator: "-"))
        case "Int": return .int(small + n)
        case "Float": return .number("\(small + n).5")
        case "Boolean": return .bool((Int(hash % 2) + n) % 2 == 0)
        default:
            if type.contains("Date") || type.contains("Time") {
                let day = (n - 1) % 28 + 1
                let dayText = day < 10 ? "0\(day)" : "\(day)"
                return .string(type == "Date" ? "2024-01-\(dayText)" : "2024-01-\(dayText)T12:00:00Z")
            }
            if type.uppercased().contains("URL") || type.uppercased().contains("URI") {
                return .string("https://example.com/\(field)/\(n)")
            }
            return .string("\(field) \(n)")
        }
    }

    static func enumeration(_ values: [String], hash: UInt64, position: Int) -> JSONValue {
        guard !values.isEmpty else { return .null }
        return .string(values[(Int(hash % UInt64(values.count)) + position - 1) % values.count])
    }
}
