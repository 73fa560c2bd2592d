/// A GraphQL lexer (the spec's "Lexical Tokens") over UTF-8 bytes, for what must be known about a document
/// without GraphQLSwift or before it: the operations' names and kinds, and how deep the document nests.
///
/// Its own because GraphQLSwift's parser is recursive descent (a document nested 100,000 deep would overflow the
/// stack) and is absent from builds without the `FullPackage` trait. It only splits tokens: strings' escapes and
/// numbers' grammar are GraphQLSwift's to judge.
package struct GraphQLLexer {
    struct Token: Equatable {
        enum Kind: Equatable {
            case name
            /// One of `! $ & ( ) : = @ [ ] { | }`, or `...` (as `.`).
            case punctuator(UInt8)
            case string
            case number
            case end
        }

        var kind: Kind
        var start: Int
        var end: Int
        var line: Int
        var column: Int
    }

    let bytes: [UInt8]
    private var index = 0
    private var line = 1
    /// Counted as the lexer moves, in Unicode scalars (a UTF-8 continuation byte is no column), as graphql-js
    /// counts for ASCII documents.
    private var column = 1

    init(_ text: String) {
        bytes = Array(text.utf8)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }  // a byte-order mark is ignored, as the spec says
    }

    /// A lexer from `offset` of the bytes, for a node whose start is known (lines and columns then count from there).
    init(_ bytes: [UInt8], from offset: Int) {
        self.bytes = bytes
        index = min(max(0, offset), bytes.count)
    }

    func text(of token: Token) -> String { String(decoding: bytes[token.start..<token.end], as: UTF8.self) }

    func isName(_ token: Token, _ word: String) -> Bool {
        token.kind == .name && bytes[token.start..<token.end].elementsEqual(word.utf8)
    }

    mutating func next() throws(GraphQLErrorList) -> Token {
        skipIgnored()
        let start = index
        let startLine = line
        let startColumn = column
        func token(_ kind: Token.Kind) -> Token { Token(kind: kind, start: start, end: index, line: startLine, column: startColumn) }
        guard index < bytes.count else { return token(.end) }
        let byte = bytes[index]
        switch byte {
        case UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: ":"),
            UInt8(ascii: "="), UInt8(ascii: "@"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "|"),
            UInt8(ascii: "}"):
            advance()
            return token(.punctuator(byte))
        case UInt8(ascii: "."):
            guard peek(1) == UInt8(ascii: "."), peek(2) == UInt8(ascii: ".") else { throw unexpected(byte) }
            advance(3)
            return token(.punctuator(byte))
        case UInt8(ascii: "\""):
            if peek(1) == UInt8(ascii: "\""), peek(2) == UInt8(ascii: "\"") {
                try blockString()
            } else {
                try string()
            }
            return token(.string)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            advance()
            while index < bytes.count, Self.isNumberPart(bytes[index]) { advance() }
            return token(.number)
        default:
            guard Self.isNameStart(byte) else { throw unexpected(byte) }
            while index < bytes.count, Self.isNameStart(bytes[index]) || Self.isDigit(bytes[index]) { advance() }
            return token(.name)
        }
    }

    /// A located syntax error in graphql-js's words, at the lexer's place unless one is given.
    func error(_ message: String, line: Int? = nil, column: Int? = nil) -> GraphQLErrorList {
        GraphQLErrorList("Syntax Error: " + message, line: line ?? self.line, column: column ?? self.column, code: "GRAPHQL_PARSE_FAILED")
    }

    // MARK: - Bytes

    private func peek(_ offset: Int) -> UInt8? { index + offset < bytes.count ? bytes[index + offset] : nil }

    /// Moves past `count` bytes, none of them a line terminator.
    private mutating func advance(_ count: Int = 1) {
        for _ in 0..<count where index < bytes.count {
            if bytes[index] & 0xC0 != 0x80 { column += 1 }
            index += 1
        }
    }

    /// Moves past a line terminator (`\n`, `\r\n` or `\r`) if one is here.
    private mutating func newline() -> Bool {
        guard index < bytes.count else { return false }
        if bytes[index] == 0x0A || bytes[index] == 0x0D {
            index += bytes[index] == 0x0D && peek(1) == 0x0A ? 2 : 1
            line += 1
            column = 1
            return true
        }
        return false
    }

    private mutating func skipIgnored() {
        while index < bytes.count {
            if newline() { continue }
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: ","): advance()
            case UInt8(ascii: "#"):
                while index < bytes.count, bytes[index] != 0x0A, bytes[index] != 0x0D { advance() }
            default: return
            }
        }
    }

    private mutating func string() throws(GraphQLErrorList) {
        advance()
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\""):
                advance()
                return
            case UInt8(ascii: "\\"):
                advance()
                if index < bytes.count, bytes[index] != 0x0A, bytes[index] != 0x0D { advance() }
            case 0x0A, 0x0D: throw error("Unterminated string.")
            default: advance()
            }
        }
        throw error("Unterminated string.")
    }

    private mutating func blockString() throws(GraphQLErrorList) {
        advance(3)
        while index < bytes.count {
            if newline() { continue }
            if bytes[index] == UInt8(ascii: "\""), peek(1) == UInt8(ascii: "\""), peek(2) == UInt8(ascii: "\"") {
                advance(3)
                return
            }
            // An escaped triple quote (\""") is text, not the end.
            if bytes[index] == UInt8(ascii: "\\"), peek(1) == UInt8(ascii: "\""), peek(2) == UInt8(ascii: "\""), peek(3) == UInt8(ascii: "\"") {
                advance(4)
                continue
            }
            advance()
        }
        throw error("Unterminated string.")
    }

    private func unexpected(_ byte: UInt8) -> GraphQLErrorList {
        let shown = byte < 0x20 || byte >= 0x7F ? String(format16(byte)) : "\"" + String(UnicodeScalar(byte)) + "\""
        return error("Unexpected character: \(shown).")
    }

    private func format16(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return "U+00" + String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 0x0F)])
    }

    /// GraphQL's Name (`[_A-Za-z][_0-9A-Za-z]*`), at most 256 bytes: what an operation may be called.
    package static func isName(_ text: String) -> Bool {
        guard let first = text.utf8.first, isNameStart(first), text.utf8.count <= 256 else { return false }
        return text.utf8.allSatisfy { isNameStart($0) || isDigit($0) }
    }

    private static func isNameStart(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) || byte == UInt8(ascii: "_")
    }

    private static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

    private static func isNumberPart(_ byte: UInt8) -> Bool {
        isDigit(byte) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") || byte == UInt8(ascii: "+")
            || byte == UInt8(ascii: "-")
    }
}
