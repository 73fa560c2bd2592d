/// A regular expression that finds a match in time linear in the text (a Thompson NFA run as a
/// Pike VM, keeping states, not backtracking), for patterns that come from a scenario file or a
/// test. Swift's `Regex` and `NSRegularExpression` backtrack: `(a|a)*b` against a body of 30 `a`s
/// runs for minutes, which a pull request's scenario file could ask of every request.
///
/// The syntax is the common subset of `NSRegularExpression`'s (so a pattern means the same in
/// `session.verify(body: .matches(…))`, which runs on the test's side): literals, `.` (not a line
/// break), `[…]` and `[^…]` with ranges, `\d \w \s \D \W \S`, escaped punctuation, `\n \r \t`,
/// groups `(…)` and `(?:…)`, `|`, `* + ?` (and their lazy forms, the same for "is there a match"),
/// `{n}`, `{n,}`, `{n,m}` up to 100, and `^` `$` at the start and end of the text. What it does not
/// take (back-references, look-around, flags) is refused with the offset, never read another way.
package struct LinearRegex: Sendable {
    /// Longest pattern and largest program: the cost of a search is at most text length × program size.
    package static let maxPatternLength = 1_000
    package static let maxProgramSize = 1_000

    package struct SyntaxError: Error, Sendable, CustomStringConvertible {
        /// Offset in the pattern, in Unicode scalars.
        package let offset: Int
        package let message: String
        package var description: String { "at offset \(offset): \(message)" }
    }

    enum Instruction: Sendable {
        case scalar(Unicode.Scalar)
        case set(CharacterSet)
        /// Any scalar but a line break.
        case any
        case split(Int, Int)
        case jump(Int)
        case atStart
        case atEnd
        case match
    }

    struct CharacterSet: Sendable {
        var ranges: [ClosedRange<UInt32>] = []
        /// `\d`, `\w`, `\s` as ICU reads them: by Unicode property, not ASCII alone.
        var classes: [Class] = []
        var negated = false

        enum Class: Sendable {
            case digit, word, space, notDigit, notWord, notSpace

            func contains(_ scalar: Unicode.Scalar) -> Bool {
                let properties = scalar.properties
                switch self {
                case .digit: return properties.generalCategory == .decimalNumber
                case .word:
                    return properties.isAlphabetic || properties.generalCategory == .decimalNumber
                        || properties.generalCategory == .connectorPunctuation
                        || [.nonspacingMark, .spacingMark, .enclosingMark].contains(properties.generalCategory)
                        || scalar.value == 0x200C || scalar.value == 0x200D
                case .space: return properties.isWhitespace
                case .notDigit: return !Class.digit.contains(scalar)
                case .notWord: return !Class.word.contains(scalar)
                case .notSpace: return !Class.space.contains(scalar)
                }
            }
        }

        func contains(_ scalar: Unicode.Scalar) -> Bool {
            (ranges.contains { $0.contains(scalar.value) } || classes.contains { $0.contains(scalar) }) != negated
        }
    }

    let program: [Instruction]
    package let pattern: String

    package init(_ pattern: String) throws(SyntaxError) {
        self.pattern = pattern
        var parser = Parser(scalars: Array(pattern.unicodeScalars))
        guard parser.scalars.count <= Self.maxPatternLength else {
            throw SyntaxError(offset: Self.maxPatternLength, message: "longer than \(Self.maxPatternLength) characters")
        }
        let tree = try parser.alternation()
        if parser.position < parser.scalars.count {
            throw SyntaxError(offset: parser.position, message: "unbalanced ')'")
        }
        var compiler = Compiler()
        try compiler.emit(tree)
        compiler.program.append(.match)
        guard compiler.program.count <= Self.maxProgramSize else {
            throw SyntaxError(offset: 0, message: "too large once repetitions are expanded (at most \(Self.maxProgramSize) steps)")
        }
        program = compiler.program
    }

    /// Whether the pattern matches somewhere in `text`.
    package func firstMatchExists(in text: String) -> Bool {
        let scalars = Array(text.unicodeScalars)
        var current = ThreadList(size: program.count)
        var next = ThreadList(size: program.count)
        var generation = 1
        for position in 0...scalars.count {
            // An unanchored search: a new thread starts at every position.
            if add(0, at: position, of: scalars, to: &current, generation: generation) { return true }
            guard position < scalars.count else { break }
            let scalar = scalars[position]
            generation += 1
            next.clear()
            for pc in current.items {
                let advances: Bool
                switch program[pc] {
                case .scalar(let wanted): advances = wanted == scalar
                case .set(let set): advances = set.contains(scalar)
                case .any: advances = scalar != "\n" && scalar != "\r"
                default: advances = false
                }
                if advances, add(pc + 1, at: position + 1, of: scalars, to: &next, generation: generation) { return true }
            }
            swap(&current, &next)
        }
        return false
    }

    /// Adds the thread at `start` and every state it reaches without reading (splits, jumps,
    /// anchors); true when one of them is `match`.
    private func add(_ start: Int, at position: Int, of scalars: [Unicode.Scalar], to list: inout ThreadList, generation: Int) -> Bool {
        var stack = [start]
        while let pc = stack.popLast() {
            guard list.mark(pc, generation: generation) else { continue }
            switch program[pc] {
            case .match: return true
            case .jump(let target): stack.append(target)
            case .split(let first, let second):
                stack.append(second)
                stack.append(first)
            case .atStart: if position == 0 { stack.append(pc + 1) }
            case .atEnd: if Self.isEnd(position, of: scalars) { stack.append(pc + 1) }
            case .scalar, .set, .any: list.items.append(pc)
            }
        }
        return false
    }

    /// `$` as ICU reads it without flags: the end of the text, or before the line break that ends it.
    static func isEnd(_ position: Int, of scalars: [Unicode.Scalar]) -> Bool {
        let rest = scalars.count - position
        if rest == 0 { return true }
        if rest == 1 { return ["\n", "\r", "\u{85}", "\u{2028}", "\u{2029}"].contains(scalars[position]) }
        return rest == 2 && scalars[position] == "\r" && scalars[position + 1] == "\n"
    }

    /// The states alive at one position, each once (a generation stamp per state, so no clearing per step).
    private struct ThreadList {
        var items: [Int] = []
        var seen: [Int]

        init(size: Int) { seen = Array(repeating: 0, count: size) }

        mutating func clear() { items.removeAll(keepingCapacity: true) }

        mutating func mark(_ pc: Int, generation: Int) -> Bool {
            guard seen[pc] != generation else { return false }
            seen[pc] = generation
            return true
        }
    }
}

extension LinearRegex {
    indirect enum Node {
        case scalar(Unicode.Scalar)
        case set(CharacterSet)
        case any
        case atStart
        case atEnd
        case concatenation([Node])
        case alternation([Node])
        case repetition(Node, min: Int, max: Int?)
    }

    static let maxRepetition = 100

    struct Parser {
        let scalars: [Unicode.Scalar]
        var position = 0
        var depth = 0

        init(scalars: [Unicode.Scalar]) { self.scalars = scalars }

        var peek: Unicode.Scalar? { position < scalars.count ? scalars[position] : nil }

        func error(_ message: String, at offset: Int? = nil) -> SyntaxError { SyntaxError(offset: offset ?? position, message: message) }

        mutating func alternation() throws(SyntaxError) -> Node {
            depth += 1
            defer { depth -= 1 }
            guard depth <= 50 else { throw error("groups nested deeper than 50") }
            var branches = [try concatenation()]
            while peek == "|" {
                position += 1
                branches.append(try concatenation())
            }
            return branches.count == 1 ? branches[0] : .alternation(branches)
        }

        mutating func concatenation() throws(SyntaxError) -> Node {
            var items: [Node] = []
            while let scalar = peek, scalar != "|", scalar != ")" {
                let start = position
                var atom = try self.atom()
                while let quantifier = try self.quantifier() {
                    if case .atStart = atom { throw error("nothing to repeat", at: start) }
                    if case .atEnd = atom { throw error("nothing to repeat", at: start) }
                    atom = .repetition(atom, min: quantifier.min, max: quantifier.max)
                }
                items.append(atom)
            }
            return items.count == 1 ? items[0] : .concatenation(items)
        }

        mutating func quantifier() throws(SyntaxError) -> (min: Int, max: Int?)? {
            guard let scalar = peek else { return nil }
            var result: (min: Int, max: Int?)
            switch scalar {
            case "*": result = (0, nil)
            case "+": result = (1, nil)
            case "?": result = (0, 1)
            case "{":
                guard let braces = try bounds() else {
                    throw error("a '{' that is not a repetition such as {2} or {1,3}: write \\{ for the character")
                }
                result = braces
            default: return nil
            }
            position += 1
            // Lazy forms find the same "is there a match"; possessive ones change which texts match.
            if peek == "?" {
                position += 1
            } else if peek == "+" {
                throw error("possessive quantifiers are not supported")
            }
            return result
        }

        /// `{n}`, `{n,}`, `{n,m}`, leaving `position` on the closing brace; nil (a literal `{`) for anything else.
        mutating func bounds() throws(SyntaxError) -> (min: Int, max: Int?)? {
            let start = position
            var index = position + 1
            func number() -> Int? {
                var value: Int?
                while index < scalars.count, ("0"..."9").contains(scalars[index]) {
                    value = min((value ?? 0) * 10 + Int(scalars[index].value - 0x30), 100_000)
                    index += 1
                }
                return value
            }
            guard let low = number() else { return nil }
            var high: Int? = low
            if index < scalars.count, scalars[index] == "," {
                index += 1
                high = number()
            }
            guard index < scalars.count, scalars[index] == "}" else { return nil }
            guard low <= LinearRegex.maxRepetition, (high ?? 0) <= LinearRegex.maxRepetition else {
                throw error("repetition counts are limited to \(LinearRegex.maxRepetition)", at: start)
            }
            if let high, high < low { throw error("{\(low),\(high)}: the maximum is below the minimum", at: start) }
            position = index
            return (low, high)
        }

        mutating func atom() throws(SyntaxError) -> Node {
            let start = position
            let scalar = scalars[position]
            position += 1
            switch scalar {
            case ".": return .any
            case "^": return .atStart
            case "$": return .atEnd
            case "*", "+", "?": throw error("nothing to repeat", at: start)
            case "{": throw error("a '{' that is not a repetition such as {2} or {1,3}: write \\{ for the character", at: start)
            case "}": throw error("a '}' outside a repetition: write \\} for the character", at: start)
            case "[": return .set(try characterClass())
            case "(":
                if peek == "?" {
                    guard position + 1 < scalars.count, scalars[position + 1] == ":" else {
                        throw error("only (?:…) groups are supported (no look-around, named groups or flags)", at: start)
                    }
                    position += 2
                }
                let inner = try alternation()
                guard peek == ")" else { throw error("missing ')'", at: start) }
                position += 1
                return inner
            case "\\": return try escape()
            default: return .scalar(scalar)
            }
        }

        /// After a backslash: a class (`\d`), a control (`\n`) or a literal punctuation mark.
        mutating func escape() throws(SyntaxError) -> Node {
            guard let scalar = peek else { throw error("a pattern cannot end with a backslash") }
            let start = position - 1
            position += 1
            switch scalar {
            case "d": return .set(CharacterSet(classes: [.digit]))
            case "D": return .set(CharacterSet(classes: [.notDigit]))
            case "w": return .set(CharacterSet(classes: [.word]))
            case "W": return .set(CharacterSet(classes: [.notWord]))
            case "s": return .set(CharacterSet(classes: [.space]))
            case "S": return .set(CharacterSet(classes: [.notSpace]))
            case "n": return .scalar("\n")
            case "r": return .scalar("\r")
            case "t": return .scalar("\t")
            default:
                // Escaped punctuation is itself; a letter or digit would mean something we do not do
                // (\b, \1, \p{…}), so it is refused rather than matched literally.
                guard scalar.isASCII, !scalar.properties.isAlphabetic, !("0"..."9").contains(scalar) else {
                    throw error("\\\(scalar) is not supported (back-references, \\b, \\p{…} and the like)", at: start)
                }
                return .scalar(scalar)
            }
        }

        mutating func characterClass() throws(SyntaxError) -> CharacterSet {
            let start = position - 1
            var set = CharacterSet()
            if peek == "^" {
                set.negated = true
                position += 1
            }
            var first = true
            while true {
                guard let scalar = peek else { throw error("missing ']'", at: start) }
                if scalar == "]" && !first { break }
                first = false
                position += 1
                var low: UInt32
                if scalar == "\\" {
                    switch try escape() {
                    case .scalar(let escaped): low = escaped.value
                    case .set(let inner):
                        set.classes += inner.classes
                        continue
                    default: throw error("unexpected escape inside [...]", at: position - 2)
                    }
                } else if scalar == "[" && peek == ":" {
                    throw error("POSIX classes ([:alpha:]) are not supported", at: position - 1)
                } else {
                    low = scalar.value
                }
                var high = low
                if peek == "-", position + 1 < scalars.count, scalars[position + 1] != "]" {
                    position += 1
                    let end = scalars[position]
                    position += 1
                    if end == "\\" {
                        guard case .scalar(let escaped) = try escape() else {
                            throw error("a range cannot end with a class", at: position - 2)
                        }
                        high = escaped.value
                    } else {
                        high = end.value
                    }
                    guard low <= high else { throw error("a range whose end is before its start", at: position - 1) }
                }
                set.ranges.append(low...high)
            }
            position += 1
            return set
        }
    }

    struct Compiler {
        var program: [Instruction] = []

        mutating func emit(_ node: Node) throws(SyntaxError) {
            // Checked as it grows: `(a{100}){100}` must stop here, not after 10,000 steps are written.
            guard program.count <= LinearRegex.maxProgramSize else {
                throw SyntaxError(offset: 0, message: "too large once repetitions are expanded (at most \(LinearRegex.maxProgramSize) steps)")
            }
            switch node {
            case .scalar(let scalar): program.append(.scalar(scalar))
            case .set(let set): program.append(.set(set))
            case .any: program.append(.any)
            case .atStart: program.append(.atStart)
            case .atEnd: program.append(.atEnd)
            case .concatenation(let items):
                for item in items { try emit(item) }
            case .alternation(let branches):
                var jumps: [Int] = []
                for (index, branch) in branches.enumerated() {
                    if index < branches.count - 1 {
                        let split = program.count
                        program.append(.split(split + 1, 0))
                        try emit(branch)
                        jumps.append(program.count)
                        program.append(.jump(0))
                        program[split] = .split(split + 1, program.count)
                    } else {
                        try emit(branch)
                    }
                }
                for jump in jumps { program[jump] = .jump(program.count) }
            case .repetition(let inner, let min, let max):
                for _ in 0..<min { try emit(inner) }
                if let max {
                    // Each optional copy may be skipped to the end.
                    var splits: [Int] = []
                    for _ in min..<max {
                        splits.append(program.count)
                        program.append(.split(program.count + 1, 0))
                        try emit(inner)
                    }
                    for split in splits { program[split] = .split(split + 1, program.count) }
                } else {
                    let loop = program.count
                    program.append(.split(loop + 1, 0))
                    try emit(inner)
                    program.append(.jump(loop))
                    program[loop] = .split(loop + 1, program.count)
                }
            }
        }
    }
}
