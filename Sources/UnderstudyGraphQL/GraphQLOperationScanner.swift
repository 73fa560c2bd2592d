/// One operation of a document, as the scanner finds it: enough to name the operation a request runs.
package struct GraphQLOperationSummary: Sendable, Equatable {
    package enum Kind: String, Sendable {
        case query
        case mutation
        case subscription
    }

    /// Nil for an anonymous operation (`{ … }` or `query { … }`).
    package var name: String?
    package var kind: Kind
    package var line: Int
    package var column: Int

    package init(name: String?, kind: Kind, line: Int, column: Int) {
        self.name = name
        self.kind = kind
        self.line = line
        self.column = column
    }
}

/// Finds a document's operations without GraphQLSwift: the server names operations with it when no schema is given,
/// and in builds without the `FullPackage` trait. It reads the top level only (operation and fragment headers, and
/// brackets to their close), so a field or fragment called `query` is never taken for an operation.
package enum GraphQLOperationScanner {
    package static func scan(_ text: String) -> Result<[GraphQLOperationSummary], GraphQLErrorList> {
        do throws(GraphQLErrorList) {
            _ = try GraphQLTextBounds.check(text, maxBytes: GraphQLTextBounds.maxQueryBytes, what: "document")
            var scanner = Scanner(lexer: GraphQLLexer(text))
            return .success(try scanner.definitions())
        } catch {
            return .failure(error)
        }
    }

    private struct Scanner {
        var lexer: GraphQLLexer
        var nesting = GraphQLNesting()
        var token = GraphQLLexer.Token(kind: .end, start: 0, end: 0, line: 1, column: 1)

        init(lexer: GraphQLLexer) { self.lexer = lexer }

        mutating func definitions() throws(GraphQLErrorList) -> [GraphQLOperationSummary] {
            var summaries: [GraphQLOperationSummary] = []
            try advance()
            guard token.kind != .end else { throw unexpected(expected: "{") }
            while token.kind != .end {
                let start = token
                if token.kind == .punctuator(UInt8(ascii: "{")) {
                    summaries.append(GraphQLOperationSummary(name: nil, kind: .query, line: start.line, column: start.column))
                    try block()
                    continue
                }
                guard token.kind == .name else { throw unexpected(expected: nil) }
                let keyword = lexer.text(of: token)
                if keyword == "fragment" {
                    try advance()
                    try name()
                    guard lexer.isName(token, "on") else { throw unexpected(expected: "\"on\"") }
                    try advance()
                    try name()
                    try directives()
                    try block()
                } else if let kind = GraphQLOperationSummary.Kind(rawValue: keyword) {
                    try advance()
                    var operationName: String?
                    if token.kind == .name {
                        operationName = lexer.text(of: token)
                        try advance()
                    }
                    if token.kind == .punctuator(UInt8(ascii: "(")) { try group() }
                    try directives()
                    summaries.append(GraphQLOperationSummary(name: operationName, kind: kind, line: start.line, column: start.column))
                    try block()
                } else {
                    throw unexpected(expected: nil)
                }
            }
            return summaries
        }

        private mutating func advance() throws(GraphQLErrorList) {
            token = try lexer.next()
            try nesting.take(token, in: lexer)
        }

        private mutating func name() throws(GraphQLErrorList) {
            guard token.kind == .name else { throw unexpected(expected: "Name") }
            try advance()
        }

        private mutating func directives() throws(GraphQLErrorList) {
            while token.kind == .punctuator(UInt8(ascii: "@")) {
                try advance()
                try name()
                if token.kind == .punctuator(UInt8(ascii: "(")) { try group() }
            }
        }

        /// A selection set, from its `{` to the matching `}`, whatever is inside (the nesting checks the brackets).
        private mutating func block() throws(GraphQLErrorList) {
            guard token.kind == .punctuator(UInt8(ascii: "{")) else { throw unexpected(expected: "{") }
            try skipToClose()
        }

        /// Arguments or variable definitions, from `(` to the matching `)`.
        private mutating func group() throws(GraphQLErrorList) { try skipToClose() }

        private mutating func skipToClose() throws(GraphQLErrorList) {
            let depth = nesting.depth - 1
            repeat { try advance() } while nesting.depth > depth
            try advance()
        }

        private func unexpected(expected: String?) -> GraphQLErrorList {
            let found: String =
                switch token.kind {
                case .end: "<EOF>"
                case .name: "Name \"\(lexer.text(of: token))\""
                case .string: "String"
                case .number: "Number"
                case .punctuator(let byte): byte == UInt8(ascii: ".") ? "\"...\"" : "\"\(Character(UnicodeScalar(byte)))\""
                }
            let message = expected.map { "Expected \($0), found \(found)." } ?? "Unexpected \(found)."
            return lexer.error(message, line: token.line, column: token.column)
        }
    }
}
