/// The open brackets of a document as its tokens go by: `{ [ (` must close in order and nest no deeper than a
/// budget, which is checked here, before any recursive parser sees the text.
struct GraphQLNesting {
    static let maxDepth = 64

    private var openers: [GraphQLLexer.Token] = []
    private let maxDepth: Int

    init(maxDepth: Int = GraphQLNesting.maxDepth) { self.maxDepth = maxDepth }

    var depth: Int { openers.count }

    /// Takes one token; a bracket that closes nothing, closes the wrong one, or opens past the budget is an error.
    mutating func take(_ token: GraphQLLexer.Token, in lexer: GraphQLLexer) throws(GraphQLErrorList) {
        guard case .punctuator(let byte) = token.kind else {
            if token.kind == .end, let open = openers.last {
                throw lexer.error("Expected \"\(Self.closer(of: open, in: lexer))\", found <EOF>.", line: token.line, column: token.column)
            }
            return
        }
        switch byte {
        case UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "("):
            guard openers.count < maxDepth else {
                throw lexer.error(
                    "the document nests deeper than \(maxDepth) levels of { [ ( (the depth budget).",
                    line: token.line,
                    column: token.column
                )
            }
            openers.append(token)
        case UInt8(ascii: "}"), UInt8(ascii: "]"), UInt8(ascii: ")"):
            guard let open = openers.last, Self.closer(of: open, in: lexer) == Character(UnicodeScalar(byte)) else {
                throw lexer.error("Unexpected \"\(Character(UnicodeScalar(byte)))\".", line: token.line, column: token.column)
            }
            openers.removeLast()
        default: break
        }
    }

    private static func closer(of token: GraphQLLexer.Token, in lexer: GraphQLLexer) -> Character {
        switch lexer.bytes[token.start] {
        case UInt8(ascii: "{"): "}"
        case UInt8(ascii: "["): "]"
        default: ")"
        }
    }
}

/// A document's size and nesting checked with the lexer alone: what GraphQLSwift's recursive parser is allowed to see.
enum GraphQLTextBounds {
    /// An executable document (a query): larger than any app's and small enough to parse in milliseconds.
    static let maxQueryBytes = 1 << 20

    struct Counts {
        var tokens = 0
        /// Type-system definition keywords at the top level (`type`, `interface`, `union`, `enum`, `input`,
        /// `scalar`), counting a type named like a keyword too: an over-count only tightens the budget.
        var typeDefinitions = 0
    }

    static func check(_ text: String, maxBytes: Int, what: String) throws(GraphQLErrorList) -> Counts {
        let size = text.utf8.count
        guard size <= maxBytes else {
            throw GraphQLErrorList("The \(what) has \(size) bytes; at most \(maxBytes) are read (the size budget).", code: "GRAPHQL_PARSE_FAILED")
        }
        var lexer = GraphQLLexer(text)
        var nesting = GraphQLNesting()
        var counts = Counts()
        while true {
            let token = try lexer.next()
            try nesting.take(token, in: lexer)
            if token.kind == .end { return counts }
            counts.tokens += 1
            if nesting.depth == 0, token.kind == .name, typeKeywords.contains(lexer.text(of: token)) { counts.typeDefinitions += 1 }
        }
    }

    private static let typeKeywords: Set<String> = ["type", "interface", "union", "enum", "input", "scalar"]
}
