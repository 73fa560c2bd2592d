package import UnderstudyStaging

/// A selection as one Redis string: `NAME` for a scenario, `KEY|NAME*COUNT|…|NAME` for a sequence
/// (KEY names its shared counter). `|`, `*` and `%` in a name are percent-escaped. Decoding trusts
/// nothing: a value that is too long, malformed or has absurd counts is refused, never half-read.
package enum SelectionCodec {
    package static let maxBytes = 64 << 10
    package static let maxSteps = 1000
    package static let maxCount = 1_000_000_000

    package static func encode(_ selection: Selection) -> String {
        guard selection.steps.count > 1 else { return escape(selection.steps[0].scenario) }
        let steps = selection.steps.map { step in step.count.map { "\(escape(step.scenario))*\($0)" } ?? escape(step.scenario) }
        return ([selection.shared?.key ?? "local"] + steps).joined(separator: "|")
    }

    /// The steps and the sequence key (nil for one scenario).
    package static func decode(_ text: String) throws(RedisError) -> (steps: [Selection.Step], key: String?) {
        guard !text.isEmpty, text.utf8.count <= maxBytes else { throw RedisError("a stored selection of \(text.utf8.count) bytes") }
        let parts = text.split(separator: "|", omittingEmptySubsequences: false)
        if parts.count == 1 { return ([.init(scenario: try unescape(parts[0]), count: nil)], nil) }
        guard parts.count >= 3, parts.count - 1 <= maxSteps else { throw RedisError("a stored sequence of \(parts.count - 1) steps") }
        let key = String(parts[0])
        guard isKey(key) else { throw RedisError("a stored sequence with a malformed key") }
        var steps: [Selection.Step] = []
        for (index, part) in parts.dropFirst().enumerated() {
            let isLast = index == parts.count - 2
            let pieces = part.split(separator: "*", omittingEmptySubsequences: false)
            guard pieces.count == (isLast ? 1 : 2) else { throw RedisError("a stored sequence whose step \(index) is malformed") }
            var count: Int?
            if !isLast {
                guard let value = Int(pieces[1]), (1...maxCount).contains(value) else {
                    throw RedisError("a stored sequence whose step \(index) has a wrong count")
                }
                count = value
            }
            steps.append(.init(scenario: try unescape(pieces[0]), count: count))
        }
        return (steps, key)
    }

    /// A sequence key: 1 to 64 letters, digits or `-`.
    package static func isKey(_ text: String) -> Bool {
        (1...64).contains(text.utf8.count)
            && text.utf8.allSatisfy { $0 == UInt8(ascii: "-") || ($0 < 0x80 && Character(UnicodeScalar($0)).isLetter) || (0x30...0x39).contains($0) }
    }

    private static func escape(_ name: String) -> String {
        var out = ""
        for character in name {
            switch character {
            case "%": out += "%25"
            case "|": out += "%7C"
            case "*": out += "%2A"
            default: out.append(character)
            }
        }
        return out
    }

    private static func unescape(_ text: Substring) throws(RedisError) -> String {
        guard !text.isEmpty else { throw RedisError("a stored selection with an empty scenario name") }
        guard text.contains("%") else { return String(text) }
        var out = ""
        var rest = text[...]
        while let percent = rest.firstIndex(of: "%") {
            out += rest[..<percent]
            let code = rest[percent...].prefix(3)
            switch code {
            case "%25": out += "%"
            case "%7C": out += "|"
            case "%2A": out += "*"
            default: throw RedisError("a stored selection with a malformed escape")
            }
            rest = rest[rest.index(percent, offsetBy: 3)...]
        }
        return out + rest
    }
}
