#if FullPackage
internal import GraphQL

extension GraphQLSchemaModel {
    /// Far past real schemas (GitHub's public schema is about 1.3 MB and 1,600 types), and small enough to build in
    /// well under a second.
    package static let maxSchemaBytes = 4 << 20
    package static let maxTypeDefinitions = 10_000
    /// Problems reported at once: a broken file with thousands of them needs the first few fixed first.
    static let maxProblems = 100

    /// Reads a schema file (SDL): GraphQLSwift's `buildSchema` after the size, depth and type-count budgets, then
    /// the spec's schema validation. Problems are located in `file` by line and column.
    package static func load(sdl: String, file: String) throws(GraphQLSchemaProblems) -> GraphQLSchemaModel {
        let counts: GraphQLTextBounds.Counts
        do {
            counts = try GraphQLTextBounds.check(sdl, maxBytes: maxSchemaBytes, what: "schema file")
        } catch {
            throw GraphQLSchemaProblems(error.errors.map { ($0.locations.first?.line ?? 1, $0.locations.first?.column ?? 1, $0.message) })
        }
        guard counts.typeDefinitions <= maxTypeDefinitions else {
            throw GraphQLSchemaProblems([
                (1, 1, "The schema defines \(counts.typeDefinitions) types; at most \(maxTypeDefinitions) are read (the type budget).")
            ])
        }
        let places = TypePlaces(sdl)
        // Parsed without locations: GraphQLSwift locates each error it makes by a regular expression over the whole
        // file, so a file with thousands of broken types would take minutes. Problems are located by the type they
        // name instead (``TypePlaces``); a syntax error, the only one of its kind, is located by the parser.
        let schema: GraphQLSchema
        do {
            let document = try parse(source: Source(body: sdl, name: file), noLocation: true)
            schema = try buildASTSchema(documentAST: document)
        } catch let error as GraphQLError {
            if let location = error.locations.first { throw GraphQLSchemaProblems([(location.line, location.column, error.message)]) }
            // SDL validation joins its messages into one error.
            throw GraphQLSchemaProblems(error.message.split(separator: "\n\n").prefix(maxProblems).map { places.locate(String($0)) })
        } catch {
            throw GraphQLSchemaProblems([(1, 1, "\(error)")])
        }
        let errors = validateSchema(schema: schema)
        guard errors.isEmpty else { throw GraphQLSchemaProblems(errors.prefix(maxProblems).map { places.locate($0.message) }) }
        do {
            return GraphQLSchemaModel(schema: schema, index: try SchemaIndex(schema))
        } catch {
            throw GraphQLSchemaProblems([(1, 1, "\(error)")])
        }
    }
}

/// Where each type (and directive) of a schema file is defined, found with the lexer, to locate GraphQLSwift's
/// messages, which name the types they are about (`Interface field Node.id expected but Film does not provide it.`).
struct TypePlaces {
    private var places: [String: (line: Int, column: Int)] = [:]
    private static let keywords: Set<String> = ["type", "interface", "union", "enum", "input", "scalar", "directive"]

    init(_ sdl: String) {
        var lexer = GraphQLLexer(sdl)
        var nesting = GraphQLNesting()
        var previous: String?
        // The file passed the lexical check already; a failure here only leaves types unplaced.
        while let token = try? lexer.next(), token.kind != .end {
            guard (try? nesting.take(token, in: lexer)) != nil else { return }
            guard nesting.depth == 0, token.kind == .name else {
                if token.kind != .punctuator(UInt8(ascii: "@")) { previous = nil }
                continue
            }
            let word = lexer.text(of: token)
            if let keyword = previous, Self.keywords.contains(keyword), places[word] == nil {
                places[word] = (token.line, token.column)
                previous = nil
            } else {
                previous = word
            }
        }
    }

    /// The message at the last type it names (`… expected but Film does not provide it.` is Film's problem),
    /// else at the file's start.
    func locate(_ message: String) -> (line: Int, column: Int, message: String) {
        let words = message.split { !($0.isLetter || $0.isNumber || $0 == "_") }
        for word in words.reversed() {
            if let place = places[String(word)] { return (place.line, place.column, message) }
        }
        return (1, 1, message)
    }
}
#endif
