/// The one JSON reader: a strict parser (RFC 8259) for everything Understudy reads as JSON —
/// dataset files, `.json` scenario files, admin and search request bodies, and the tests' reading
/// of responses.
///
/// Kept rather than Foundation's `JSONDecoder` or libyaml: datasets are most of what a server
/// start reads (through the YAML parser it was ten times slower), and only a parser of its own
/// keeps what ``JSONValue`` needs (key order, numbers as written) and reports problems with
/// line and column. It builds either tree (``JSONTree``): ``JSONValue``s, or ``YAMLNode``s with
/// the place of every value so that a `.json` scenario file is read, and its mistakes located
/// (file:line: key), exactly as a YAML one.
package struct JSONParser {
    /// The root value, and for a root array the line each element starts on.
    package struct Document {
        package var value: JSONValue
        var elementLines: [Int]
    }

    package static let maxDepth = 512

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

    package static func parse(_ bytes: [UInt8], file: String) throws(FileProblem) -> Document {
        var lines: [Int] = []
        let value: JSONValue = try parse(bytes, file: file, elementLines: &lines)
        return Document(value: value, elementLines: lines)
    }

    /// A scenario file's tree, each node with the line and column it starts on.
    package static func parseNode(_ bytes: [UInt8], file: String) throws(FileProblem) -> YAMLNode {
        var lines: [Int] = []
        return try parse(bytes, file: file, elementLines: &lines)
    }

    private static func parse<Tree: JSONTree>(_ bytes: [UInt8], file: String, elementLines: inout [Int]) throws(FileProblem) -> Tree {
        var parser = JSONParser(bytes: bytes, file: file)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 }  // a UTF-8 byte-order mark
        parser.skipWhitespace()
        guard parser.index < bytes.count else { throw FileProblem(file: file, line: 1, message: "the file is empty") }
        let value: Tree = try parser.value(elementLines: &elementLines)
        parser.skipWhitespace()
        guard parser.index == bytes.count else { throw parser.problem("unexpected text after the JSON value") }
        return value
    }

    // MARK: - Values

    private mutating func value<Tree: JSONTree>(elementLines: inout [Int]) throws(FileProblem) -> Tree {
        guard index < bytes.count else { throw problem("unexpected end of file") }
        let mark = self.mark
        switch bytes[index] {
        case UInt8(ascii: "{"): return try object(mark)
        case UInt8(ascii: "["): return try array(mark, elementLines: &elementLines)
        case UInt8(ascii: "\""): return .string(try string(), mark)
        case UInt8(ascii: "t"):
            try literal("true")
            return .bool(true, mark)
        case UInt8(ascii: "f"):
            try literal("false")
            return .bool(false, mark)
        case UInt8(ascii: "n"):
            try literal("null")
            return .null(mark)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number(), mark)
        default: throw problem("unexpected \(describe(bytes[index])); expected a JSON value")
        }
    }

    private mutating func nested<Tree: JSONTree>(_ body: (inout JSONParser) throws(FileProblem) -> Tree) throws(FileProblem) -> Tree {
        depth += 1
        guard depth <= Self.maxDepth else { throw problem("nesting deeper than \(Self.maxDepth) levels") }
        defer { depth -= 1 }
        return try body(&self)
    }

    private mutating func object<Tree: JSONTree>(_ mark: YAMLNode.Mark) throws(FileProblem) -> Tree {
        try nested { (parser: inout JSONParser) throws(FileProblem) -> Tree in
            parser.index += 1
            var members: [Tree.Member] = []
            var keys = Set<String>()
            var unused: [Int] = []
            parser.skipWhitespace()
            if parser.eat(UInt8(ascii: "}")) { return .object([], mark) }
            while true {
                parser.skipWhitespace()
                guard parser.index < parser.bytes.count, parser.bytes[parser.index] == UInt8(ascii: "\"") else {
                    throw parser.problem("expected a key in double quotes")
                }
                let keyMark = parser.mark
                let key = try parser.string()
                // Most objects have a few keys: comparing them is cheaper than hashing each into a set.
                let isDuplicate: Bool
                if members.count < 16 {
                    isDuplicate = members.contains { Tree.key(of: $0) == key }
                } else {
                    if keys.isEmpty {
                        keys.reserveCapacity(4 * members.count)
                        keys.formUnion(members.lazy.map(Tree.key(of:)))
                    }
                    isDuplicate = !keys.insert(key).inserted
                }
                guard !isDuplicate else {
                    throw FileProblem(file: parser.file, line: keyMark.line, column: keyMark.column, message: "duplicate key '\(key)'")
                }
                parser.skipWhitespace()
                guard parser.eat(UInt8(ascii: ":")) else { throw parser.problem("expected ':' after the key '\(key)'") }
                parser.skipWhitespace()
                members.append(Tree.member(key, keyMark, try parser.value(elementLines: &unused)))
                parser.skipWhitespace()
                if parser.eat(UInt8(ascii: ",")) { continue }
                if parser.eat(UInt8(ascii: "}")) { return .object(members, mark) }
                throw parser.problem("expected ',' or '}' in an object")
            }
        }
    }

    private mutating func array<Tree: JSONTree>(_ mark: YAMLNode.Mark, elementLines: inout [Int]) throws(FileProblem) -> Tree {
        let isRoot = depth == 0
        return try nested { (parser: inout JSONParser) throws(FileProblem) -> Tree in
            parser.index += 1
            var elements: [Tree] = []
            var unused: [Int] = []
            parser.skipWhitespace()
            if parser.eat(UInt8(ascii: "]")) { return .array([], mark) }
            while true {
                parser.skipWhitespace()
                if isRoot {
                    if parser.cancellation?.isCancelled == true { throw ConfinedRead.cancelled(parser.file) }
                    elementLines.append(parser.line)
                }
                elements.append(try parser.value(elementLines: &unused))
                parser.skipWhitespace()
                if parser.eat(UInt8(ascii: ",")) { continue }
                if parser.eat(UInt8(ascii: "]")) { return .array(elements, mark) }
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

    /// A number's text, as written.
    private mutating func number() throws(FileProblem) -> String {
        let start = index
        scan: while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."),
                UInt8(ascii: "e"), UInt8(ascii: "E"):
                index += 1
            default:
                break scan
            }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard JSONValue.looksLikeNumber(text) else {
            index = start
            throw problem("malformed number '\(text)'")
        }
        return text
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

    /// Where the next value starts (its column counts bytes; YAML's count characters, which differ only after non-ASCII text on the line).
    private var mark: YAMLNode.Mark { YAMLNode.Mark(line: line, column: column) }

    private func problem(_ message: String) -> FileProblem {
        FileProblem(file: file, line: line, column: column, message: "malformed JSON: \(message)")
    }

    private func describe(_ byte: UInt8) -> String {
        (0x21..<0x7F).contains(byte) ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(String(byte, radix: 16, uppercase: true))"
    }
}
