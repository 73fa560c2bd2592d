/// Where a node of a valid document ends, measured with the lexer from where it starts.
///
/// GraphQLSwift 4.3 takes a node's `loc` before parsing the node's parts (`Field(loc: loc(…), alias:, name:,
/// arguments: parse…)`: Swift evaluates arguments in order), so `loc.end` is the end of the node's first tokens, not
/// of the node. Only its `start` is used, and the rest is found here.
enum NodeExtent {
    /// The end of the field starting at `start`: `alias: name (arguments) @directives { selections }`.
    static func fieldEnd(_ bytes: [UInt8], from start: Int) -> Int {
        var lexer = GraphQLLexer(bytes, from: start)
        var nesting = GraphQLNesting()
        var end = start
        var expectsName = true
        do throws(GraphQLErrorList) {
            while true {
                let token = try lexer.next()
                switch token.kind {
                case .name where expectsName:
                    expectsName = false
                case .punctuator(UInt8(ascii: ":")), .punctuator(UInt8(ascii: "@")):
                    expectsName = true
                case .punctuator(UInt8(ascii: "(")), .punctuator(UInt8(ascii: "{")):
                    end = try skipGroup(&lexer, &nesting, opening: token)
                    if token.kind == .punctuator(UInt8(ascii: "{")) { return end }
                    continue
                default: return end
                }
                end = token.end
            }
        } catch {
            return bytes.count
        }
    }

    /// The end of the first `{ … }` at or after `start` (the end of a fragment or operation definition).
    static func blockEnd(_ bytes: [UInt8], from start: Int) -> Int {
        var lexer = GraphQLLexer(bytes, from: start)
        var nesting = GraphQLNesting()
        do throws(GraphQLErrorList) {
            while true {
                let token = try lexer.next()
                if token.kind == .end { return bytes.count }
                if token.kind == .punctuator(UInt8(ascii: "{")) { return try skipGroup(&lexer, &nesting, opening: token) }
                try nesting.take(token, in: lexer)
            }
        } catch {
            return bytes.count
        }
    }

    /// The operation's `( $variable definitions )`, as offsets, if it has any.
    static func variablesRange(_ bytes: [UInt8], operationStart start: Int) -> Range<Int>? {
        var lexer = GraphQLLexer(bytes, from: start)
        var nesting = GraphQLNesting()
        do throws(GraphQLErrorList) {
            while true {
                let token = try lexer.next()
                switch token.kind {
                case .end, .punctuator(UInt8(ascii: "{")), .punctuator(UInt8(ascii: "@")): return nil
                case .punctuator(UInt8(ascii: "(")): return token.start..<(try skipGroup(&lexer, &nesting, opening: token))
                default: continue
                }
            }
        } catch {
            return nil
        }
    }

    /// From an opening bracket to the end of its closing one.
    private static func skipGroup(
        _ lexer: inout GraphQLLexer,
        _ nesting: inout GraphQLNesting,
        opening: GraphQLLexer.Token
    ) throws(GraphQLErrorList) -> Int {
        try nesting.take(opening, in: lexer)
        let depth = nesting.depth - 1
        while true {
            let token = try lexer.next()
            try nesting.take(token, in: lexer)
            if token.kind == .end { return lexer.bytes.count }
            if nesting.depth == depth { return token.end }
        }
    }
}
