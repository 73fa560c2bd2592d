import UnderstudyDocuments

/// Numbers and strings within their schema's bounds and format, and the counts and sizes synthesis budgets by.
extension SchemaSynthesizer {
    static func varied(_ value: JSONValue, _ index: Int) -> JSONValue {
        switch value {
        case .string(let text): .string(text + "\(index + 1)")
        case .number(let text):
            .number(String((Double(text) ?? 0) + Double(index)).replacing(".0", with: "", maxReplacements: text.contains(".") ? 0 : 1))
        case .object(let members): .object(members + [.init("item", .int(index + 1))])
        default: value
        }
    }

    func number(_ schema: JSONValue, integer: Bool, at pointer: JSONPointer) -> Outcome {
        let bounds = NumberBounds(schema, is2020: is2020)
        guard let picked = bounds.pick(preferred: integer ? 1 : 1.5, integer: integer), picked.isFinite else {
            warn(pointer, "no \(integer ? "integer" : "number") satisfies minimum/maximum/multipleOf")
            return produced(.number(integer ? "0" : "0.0"), cost: 4)
        }
        let text: String
        if integer || (picked.rounded() == picked && abs(picked) < 1e15) {
            text = picked.magnitude < 9.2e18 ? String(Int64(picked)) : String(picked)
        } else {
            text = String(picked)
        }
        return produced(.number(text), cost: text.utf8.count)
    }

    func string(_ schema: JSONValue, at pointer: JSONPointer) -> Outcome {
        let minimum = Self.count(schema["minLength"], otherwise: 0, cap: 100_000)
        if let asked = schema["minLength"]?.doubleValue, asked > 100_000 {
            warn(pointer, "minLength \(asked) is over the 100000 characters synthesised per string")
        }
        let maximum = Self.count(schema["maxLength"], otherwise: 100_000, cap: 100_000)
        let format = schema["format"]?.stringValue
        var text = format.flatMap(StringFormats.example) ?? "string"
        if let pattern = schema["pattern"]?.stringValue {
            let regex = validator.regex(pattern)
            if let generated = PatternExample.make(pattern, minLength: minimum), let regex, (try? regex.firstMatch(in: generated)) != nil {
                text = generated
            } else if let regex, (try? regex.firstMatch(in: text)) != nil {
                // The format's value matches already.
            } else {
                warn(pointer.appending("pattern"), "could not make a string matching the pattern '\(pattern.prefix(80))': the body does not match it")
            }
        }
        let length = text.unicodeScalars.count
        if length < minimum {
            text += String(repeating: "x", count: minimum - length)
        } else if length > maximum {
            text = String(String.UnicodeScalarView(text.unicodeScalars.prefix(maximum)))
        }
        return produced(.string(text), cost: text.utf8.count + 2)
    }

    /// A count keyword (`minItems`, `maxLength`…) as an Int in `0...cap`, whatever the document
    /// wrote (`-1`, `1e300`, `2.5`): converting those as they are would trap.
    static func count(_ value: JSONValue?, otherwise: Int, cap: Int) -> Int {
        guard let number = value?.doubleValue, number.isFinite || number > 0 else { return otherwise }
        return number >= Double(cap) ? cap : number <= 0 ? 0 : Int(number.rounded(.up))
    }

    /// Roughly the serialised size of a value, for the body bound.
    static func estimate(_ value: JSONValue) -> Int {
        switch value {
        case .null, .bool: 5
        case .number(let text): text.utf8.count
        case .string(let text), .link(let text): text.utf8.count + 2
        case .array(let items): items.reduce(2) { $0 + estimate($1) + 1 }
        case .object(let members): members.reduce(2) { $0 + $1.key.utf8.count + 4 + estimate($1.value) }
        }
    }
}
