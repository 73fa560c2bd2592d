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
