#if FullPackage
internal import GraphQL

/// A node's place in the document as 1-based line and column, read off its first token (which the lexer counted),
/// not recomputed from the text.
struct SourcePlace {
    var line: Int
    var column: Int

    init?(_ location: GraphQL.Location?) {
        guard let location else { return nil }
        line = location.startToken.line
        column = location.startToken.column
    }
}

extension GraphQLErrorEntry {
    /// GraphQLSwift's error as an entry of the answer, with an Apollo Server code for the step that found it.
    init(_ error: GraphQLError, code: String?) {
        var path: [PathElement] = []
        for element in error.path.elements {
            switch element {
            case .index(let index): path.append(.index(index))
            case .key(let key): path.append(.key(key))
            }
        }
        // Messages quote values from the request (a list argument printed whole): cut, as the answer is bounded.
        let message = error.message.utf8.count <= 500 ? error.message : String(error.message.prefix(500)) + "…"
        self.init(message: message, locations: error.locations.map { (line: $0.line, column: $0.column) }, path: path, code: code)
    }
}
#endif
