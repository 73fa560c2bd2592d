/// A strict JSON parser (RFC 8259) for dataset files.
///
/// Datasets are most of what a server start reads; going through the YAML
/// parser made startup ten times slower. This one keeps what ``JSONValue``
/// needs (key order, numbers as written) and reports problems with line and
/// column, like the YAML path does. Scenario files stay YAML.
struct JSONParser {
    /// The root value, and for a root array the line each element starts on.
    struct Document {
        var value: JSONValue
        var elementLines: [Int]
    }

    static let maxDepth = 512

    private let bytes: [UInt8]
    private let file: String
    private var index = 0
    private var line = 1
    private var lineStart = 0
    private var depth = 0
    /// Looked at between the elements of a root array (a dataset's items).
    private let cancellation = LoadScope.current?.cancellation

    private init(bytes: [UInt8], file: String) {
        self.bytes = bytes
        self.file = file
    }

    static func parse(_ bytes: [UInt8], file: String) throws(FileProblem) -> Document {
        var parser = JSONParser(bytes: bytes, file: file)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 }  // a UTF-8 byte-order mark
        parser.skipWhitespace()
        guard parser.index < bytes.count else { throw FileProblem(file: file, line: 1, message: "the file is empty") }
        var lines: [Int] = []
        let value = try parser.value(elementLines: &lines)
        parser.skipWhitespace()
        guard parser.index == bytes.count else { throw parser.problem("unexpected text after the JSON value") }
        return Document(value: value, elementLines: lines)
    }

    // MARK: - Values

    private mutating func value(elementLines: inout [Int]) throws(FileProblem) -> JSONValue {
        guard index < bytes.count else { throw problem("unexpected end of file") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array(elementLines: &elementLines)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        default: throw problem("unexpected \(describe(bytes[index])); expected a JSON value")
        }
    }

    private mutating func nested(_ body: (inout JSONParser) throws(FileProblem) -> JSONValue) throws(FileProblem) -> JSONValue {
        depth += 1
        guard depth <= Self.maxDepth else { throw problem("nesting deeper than \(Self.maxDepth) levels") }
        defer { depth -= 1 }
        return try body(&self)
    }

    private mutating func object() throws(FileProblem) -> JSONValue {
        try nested { (parser: inout JSONParser) throws(FileProblem) -> JSONValue in
            parser.index += 1
            var members: [JSONValue.Member] = []
            var keys = Set<String>()
            var unused: [Int] = []
            parser.skipWhitespace()
            if parser.eat(UInt8(ascii: "}")) { return .object([]) }
            while true {
                parser.skipWhitespace()
                guard parser.index < parser.bytes.count, parser.bytes[parser.index] == UInt8(ascii: "\"") else {
                    throw parser.problem("expected a key in double quotes")
                }
                let (keyLine, keyColumn) = (parser.line, parser.column)
                let key = try parser.string()
                // Most objects have a few keys: comparing them is cheaper than hashing each into a set.
                let isDuplicate: Bool
                if members.count < 16 {
                    isDuplicate = members.contains { $0.key == key }
                } else {
                    if keys.isEmpty {
                        keys.reserveCapacity(4 * members.count)
                        keys.formUnion(members.lazy.map(\.key))
                    }
                    isDuplicate = !keys.insert(key).inserted
                }
                guard !isDuplicate else {
                    throw FileProblem(file: parser.file, line: keyLine, column: keyColumn, message: "duplicate key '\(key)'")
                }
                parser.skipWhitespace()
                guard parser.eat(UInt8(ascii: ":")) else { throw parser.problem("expected ':' after the key '\(key)'") }
                parser.skipWhitespace()
                members.append(JSONValue.Member(key, try parser.value(elementLines: &unused)))
                parser.skipWhitespace()
                if parser.eat(UInt8(ascii: ",")) { continue }
                if parser.eat(UInt8(ascii: "}")) { return .object(members) }
                throw parser.problem("expected ',' or '}' in an object")
            }
        }
    }

    private mutating func array(elementLines: inout [Int]) throws(FileProblem) -> JSONValue {
        let isRoot = depth == 0
        return try nested { (parser: inout JSONParser) throws(FileProblem) -> JSONValue in
            parser.index += 1
            var elements: [JSONValue] = []
            var unused: [Int] = []
            parser.skipWhitespace()
            if parser.eat(UInt8(ascii: "]")) { return .array([]) }
            while true {
                parser.skipWhitespace()
                if isRoot {
                    if parser.cancellation?.isCancelled == true { throw ConfinedRead.cancelled(parser.file) }
                    elementLines.append(parser.line)
                }
                elements.append(try parser.value(elementLines: &unused))
                parser.skipWhitespace()
                if parser.eat(UInt8(ascii: ",")) { continue }
                if parser.eat(UInt8(ascii: "]")) { return .array(elements) }
                throw parser.problem("expected ',' or ']' in an array")
            }
        }
    }

    private mutating func string() throws(FileProblem) -> String {
        index += 1
        let start = index
        // Fast path: no escapes.
        var allBits: UInt8 = 0
        while index < bytes.count {
            let byte = bytes[index]
            allBits |= byte
            if byte == UInt8(ascii: "\"") {
                defer { index += 1 }
                // ASCII needs no validation: most dataset strings skip the scalar-by-scalar check.
                if allBits < 0x80 { return String(decoding: bytes[start..<index], as: UTF8.self) }
                return try text(bytes[start..<index])
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw problem("control character \(describe(byte)) inside a string (escape it)") }
            index += 1
        }
        var buffer = Array(bytes[start..<index])
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return try text(buffer[...])
            case UInt8(ascii: "\\"):
                index += 1
                guard index < bytes.count else { break }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): buffer.append(escape)
                case UInt8(ascii: "b"): buffer.append(0x08)
                case UInt8(ascii: "f"): buffer.append(0x0C)
                case UInt8(ascii: "n"): buffer.append(0x0A)
                case UInt8(ascii: "r"): buffer.append(0x0D)
                case UInt8(ascii: "t"): buffer.append(0x09)
                case UInt8(ascii: "u"): buffer.append(contentsOf: try unicodeEscape())
                default:
                    index -= 1
                    throw problem("unknown escape '\\\(describe(escape))' in a string")
                }
            default:
                if byte < 0x20 { throw problem("control character \(describe(byte)) inside a string (escape it)") }
                buffer.append(byte)
                index += 1
            }
        }
        throw problem("unterminated string")
    }

    /// `\uXXXX` (the `\u` already read), joining a surrogate pair; the scalar as UTF-8.
    private mutating func unicodeEscape() throws(FileProblem) -> [UInt8] {
        var scalarValue = try hex4()
        if (0xD800..<0xDC00).contains(scalarValue) {
            guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                throw problem("a high surrogate \\u\(String(scalarValue, radix: 16, uppercase: true)) must be followed by a low one")
            }
            index += 2
            let low = try hex4()
            guard (0xDC00..<0xE000).contains(low) else { throw problem("invalid low surrogate in a \\u escape") }
            scalarValue = 0x10000 + ((scalarValue - 0xD800) << 10) + (low - 0xDC00)
        }
        guard let scalar = Unicode.Scalar(scalarValue) else { throw problem("\\u escape of a lone surrogate") }
        return Array(String(Character(scalar)).utf8)
    }

    private mutating func hex4() throws(FileProblem) -> UInt32 {
        guard index + 4 <= bytes.count, let value = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16) else {
            throw problem("a \\u escape needs four hex digits")
        }
        index += 4
        return value
    }

    private func text(_ slice: ArraySlice<UInt8>) throws(FileProblem) -> String {
        guard let text = String(validating: slice, as: UTF8.self) else { throw problem("the string is not valid UTF-8") }
        return text
    }

    private mutating func number() throws(FileProblem) -> JSONValue {
        let start = index
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."),
                 UInt8(ascii: "e"), UInt8(ascii: "E"):
                index += 1
            default:
                let text = String(decoding: bytes[start..<index], as: UTF8.self)
                guard JSONValue.looksLikeNumber(text) else { index = start; throw problem("malformed number '\(text)'") }
                return .number(text)
            }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard JSONValue.looksLikeNumber(text) else { index = start; throw problem("malformed number '\(text)'") }
        return .number(text)
    }

    private mutating func literal(_ word: String) throws(FileProblem) {
        let expected = word.utf8
        guard index + expected.count <= bytes.count, bytes[index..<index + expected.count].elementsEqual(expected) else {
            throw problem("unexpected \(describe(bytes[index])); expected a JSON value")
        }
        index += expected.count
    }

    // MARK: - Reading

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                index += 1
            case UInt8(ascii: "\n"):
                index += 1
                line += 1
                lineStart = index
            default:
                return
            }
        }
    }

    private mutating func eat(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    private var column: Int { index - lineStart + 1 }

    private func problem(_ message: String) -> FileProblem {
        FileProblem(file: file, line: line, column: column, message: "malformed JSON: \(message)")
    }

    private func describe(_ byte: UInt8) -> String {
        (0x21..<0x7F).contains(byte) ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(String(byte, radix: 16, uppercase: true))"
    }
}
