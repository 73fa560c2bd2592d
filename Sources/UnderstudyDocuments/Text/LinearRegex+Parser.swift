/// The pattern read into a tree (``LinearRegex/Node``), refusing what the engine does not run with its offset.
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
}
