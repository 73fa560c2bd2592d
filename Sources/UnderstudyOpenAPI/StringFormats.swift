/// Strings for the `format`s OpenAPI documents use, and the checks the validator makes of them.
/// Fixed values, so a body is the same on every run and every machine.
enum StringFormats {
    /// A value of `format`, or nil for a format without a fixed example (then the string is "string").
    static func example(_ format: String) -> String? {
        switch format {
        case "date-time": "2024-01-15T09:30:00Z"
        case "date": "2024-01-15"
        case "time": "09:30:00Z"
        case "duration": "P1D"
        case "uuid": "3fa85f64-5717-4562-b3fc-2c963f66afa6"
        case "email", "idn-email": "user@example.com"
        case "hostname", "idn-hostname": "example.com"
        case "ipv4": "192.0.2.1"
        case "ipv6": "2001:db8::1"
        case "uri", "url", "iri": "https://example.com/"
        case "uri-reference", "iri-reference": "/example"
        case "uri-template": "https://example.com/{id}"
        case "json-pointer": "/example"
        case "relative-json-pointer": "0"
        case "regex": "^[a-z]+$"
        // base64 of "example".
        case "byte": "ZXhhbXBsZQ=="
        case "binary": "binary"
        case "password": "password"
        case "int32", "int64": "1"
        default: nil
        }
    }

    /// Whether `text` is of `format`, for the formats whose examples synthesis relies on (unknown formats pass).
    static func conforms(_ text: String, to format: String) -> Bool {
        let bytes = Array(text.utf8)
        func digits(_ range: Range<Int>) -> Bool { range.upperBound <= bytes.count && bytes[range].allSatisfy { $0 >= 48 && $0 <= 57 } }
        func at(_ index: Int, _ character: Character) -> Bool { index < bytes.count && bytes[index] == character.asciiValue }
        switch format {
        case "date":
            return bytes.count == 10 && digits(0..<4) && at(4, "-") && digits(5..<7) && at(7, "-") && digits(8..<10)
        case "date-time":
            // RFC 3339: date, T, hh:mm:ss, optional fraction, Z or ±hh:mm.
            guard bytes.count >= 20, conforms(String(decoding: bytes[0..<10], as: UTF8.self), to: "date"), at(10, "T") || at(10, "t"),
                digits(11..<13), at(13, ":"), digits(14..<16), at(16, ":"), digits(17..<19)
            else { return false }
            var index = 19
            if at(index, ".") {
                index += 1
                let start = index
                while index < bytes.count, bytes[index] >= 48, bytes[index] <= 57 { index += 1 }
                if index == start { return false }
            }
            if at(index, "Z") || at(index, "z") { return index + 1 == bytes.count }
            return (at(index, "+") || at(index, "-")) && index + 6 == bytes.count && digits(index + 1..<index + 3) && at(index + 3, ":")
                && digits(index + 4..<index + 6)
        case "uuid":
            let hex = bytes.enumerated().allSatisfy { index, byte in
                [8, 13, 18, 23].contains(index) ? byte == 45 : (byte >= 48 && byte <= 57) || (byte | 0x20 >= 97 && byte | 0x20 <= 102)
            }
            return bytes.count == 36 && hex
        case "email":
            return text.contains("@") && !text.hasPrefix("@") && !text.hasSuffix("@")
        case "uri", "iri":
            // RFC 3986: an absolute URI has a scheme (`/2010-04-01/…` is a `uri-reference`), and no space.
            return ExternalReferences.hasScheme(Substring(text)) && !bytes.contains(32)
        default:
            return true
        }
    }
}

/// A string that matches a regular expression, for the common shapes (`^[A-Z]{3}$`,
/// `^\d+(\.\d+)?$`, `^(foo|bar)-[a-z0-9]{2,8}$`): literals, classes, `\d \w \s .`, groups and
/// alternation (the first branch), and quantifiers at their least. Lookaround and back-references
/// are not supported: nil, and synthesis says the pattern could not be satisfied.
struct PatternExample {
    private let characters: [Character]
    private var index = 0
    private var budget = 4096

    static func make(_ pattern: String, minLength: Int) -> String? {
        var generator = PatternExample(characters: Array(pattern))
        guard var text = generator.alternation(), generator.index == generator.characters.count else { return nil }
        // An unanchored pattern matches anywhere, so padding after it keeps it matching.
        if text.count < minLength, pattern.last != "$" { text += String(repeating: "a", count: minLength - text.count) }
        return text
    }

    private init(characters: [Character]) { self.characters = characters }

    private var current: Character? { index < characters.count ? characters[index] : nil }

    private mutating func alternation() -> String? {
        guard let first = sequence() else { return nil }
        while current == "|" {
            index += 1
            guard sequence() != nil else { return nil }
        }
        return first
    }

    private mutating func sequence() -> String? {
        var text = ""
        while let character = current, character != "|", character != ")" {
            budget -= 1
            guard budget > 0 else { return nil }
            if character == "^" || character == "$" {
                index += 1
                continue
            }
            guard let atom = atom() else { return nil }
            guard let repeats = quantifier() else { return nil }
            text += String(repeating: atom, count: repeats)
            guard text.count < 10_000 else { return nil }
        }
        return text
    }

    private mutating func atom() -> String? {
        guard let character = current else { return nil }
        index += 1
        switch character {
        case "(":
            if current == "?" {
                guard index + 1 < characters.count, characters[index + 1] == ":" else { return nil }
                index += 2
            }
            guard let inner = alternation(), current == ")" else { return nil }
            index += 1
            return inner
        case "[": return characterClass()
        case ".": return "a"
        case "\\": return escape(inClass: false)
        case "*", "+", "?", "{", ")": return nil
        default: return String(character)
        }
    }

    private mutating func escape(inClass: Bool) -> String? {
        guard let character = current else { return nil }
        index += 1
        switch character {
        case "d": return "0"
        case "w": return "a"
        case "s": return " "
        case "D", "S": return "a"
        case "W": return "-"
        case "b", "B": return inClass ? nil : ""
        case "n": return "\n"
        case "t": return "\t"
        case _ where character.isLetter || character.isNumber: return nil
        default: return String(character)
        }
    }

    private mutating func characterClass() -> String? {
        let negated = current == "^"
        if negated { index += 1 }
        var members: [Character] = []
        var first = true
        while let character = current, character != "]" || first {
            first = false
            index += 1
            var member: Character = character
            if character == "\\" {
                guard let escaped = escape(inClass: true), let single = escaped.first else { return nil }
                member = single
            }
            if current == "-", index + 1 < characters.count, characters[index + 1] != "]" {
                index += 1
                let upper = characters[index]
                index += 1
                // A range: its first member stands for it.
                if upper < member { return nil }
            }
            members.append(member)
        }
        guard current == "]" else { return nil }
        index += 1
        if !negated { return members.first.map(String.init) }
        return ["a", "x", "0", "_", "Z"].first { !members.contains($0) }.map(String.init)
    }

    /// How many times the atom before is repeated: the least the quantifier allows.
    private mutating func quantifier() -> Int? {
        guard let character = current else { return 1 }
        switch character {
        case "*", "?":
            index += 1
            if current == "?" || current == "+" { index += 1 }
            return 0
        case "+":
            index += 1
            if current == "?" || current == "+" { index += 1 }
            return 1
        case "{":
            guard let close = characters[index...].firstIndex(of: "}") else { return nil }
            let body = String(characters[(index + 1)..<close])
            index = close + 1
            if current == "?" { index += 1 }
            guard let least = Int(body.split(separator: ",", omittingEmptySubsequences: false).first ?? ""), least <= 1000 else { return nil }
            return least
        default:
            return 1
        }
    }
}
