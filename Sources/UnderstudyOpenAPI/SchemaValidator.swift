import UnderstudyDocuments

/// Checks a value against a schema, for synthesis's own choices: whether a schema's `default` or
/// `example` may be served as is, and which `oneOf` branch a candidate matches. Best effort and
/// bounded (a deep or recursive schema is given the benefit of the doubt past ``depthLimit``);
/// the independent check of what synthesis makes is the Python validator
/// (scripts/validate-openapi-bodies.py), not this.
final class SchemaValidator {
    let resolver: ReferenceResolver
    /// 3.1/3.2 (JSON Schema 2020-12) rather than 3.0's schema dialect.
    let is2020: Bool
    /// Patterns run by ``LinearRegex`` only (a pattern it cannot run is not checked): for a request's values,
    /// which any client chooses, where a backtracking engine could be made to stall a worker thread.
    var linearPatterns = false
    static let depthLimit = 48
    private var patterns: [String: Regex<AnyRegexOutput>?] = [:]

    init(resolver: ReferenceResolver, is2020: Bool) {
        self.resolver = resolver
        self.is2020 = is2020
    }

    func validates(_ value: JSONValue, _ schema: JSONValue, depth: Int = 0) -> Bool {
        validates(value, schema, depth: depth, entered: [])
    }

    /// `entered`: the references followed for this same value. One met again is a cycle that never reaches
    /// the value (`anyOf: [$ref self, $ref self]`): it is given the benefit of the doubt, as ``SchemaBudget``
    /// counts it, instead of being expanded again down to the depth bound, twice at every level.
    private func validates(_ value: JSONValue, _ schema: JSONValue, depth: Int, entered: [String]) -> Bool {
        guard depth < Self.depthLimit else { return true }
        switch schema {
        case .bool(let allowed): return allowed
        case .object(let members): return validates(value, members: members, schema: schema, depth: depth, entered: entered)
        default: return true
        }
    }

    private func validates(_ value: JSONValue, members: [JSONValue.Member], schema: JSONValue, depth: Int, entered: [String]) -> Bool {
        if let ref = schema["$ref"]?.stringValue {
            guard !entered.contains(ref) else { return true }
            guard let (target, _) = resolver.lookUp(ref), validates(value, target, depth: depth + 1, entered: entered + [ref]) else {
                return resolver.lookUp(ref) == nil
            }
            // In 3.0 a reference's siblings are ignored.
            if !is2020 { return true }
        }
        if value == .null, !is2020, schema["nullable"] == .bool(true) {
            return schema["enum"].map { $0.arrayValue?.contains(.null) ?? true } ?? true
        }
        if let type = schema["type"], !Self.matches(value, type: type) { return false }
        if let choices = schema["enum"]?.arrayValue, !choices.contains(where: { Self.equal($0, value) }) { return false }
        if let constant = schema["const"], !Self.equal(constant, value) { return false }
        switch value {
        case .string(let text):
            let length = text.unicodeScalars.count
            if let min = schema["minLength"]?.doubleValue, Double(length) < min { return false }
            if let max = schema["maxLength"]?.doubleValue, Double(length) > max { return false }
            if let pattern = schema["pattern"]?.stringValue {
                if linearPatterns {
                    if let regex = try? LinearRegex(pattern), !regex.firstMatchExists(in: text) { return false }
                } else if let regex = regex(pattern), (try? regex.firstMatch(in: text)) == nil {
                    return false
                }
            }
            if let format = schema["format"]?.stringValue, !StringFormats.conforms(text, to: format) { return false }
        case .number(let text):
            guard let number = Double(text) else { return false }
            if !NumberBounds(schema, is2020: is2020).admits(number) { return false }
        case .array(let items):
            if let min = schema["minItems"]?.doubleValue, Double(items.count) < min { return false }
            if let max = schema["maxItems"]?.doubleValue, Double(items.count) > max { return false }
            if schema["uniqueItems"] == .bool(true), Set(items).count != items.count { return false }
            let prefix = is2020 ? schema["prefixItems"]?.arrayValue ?? [] : []
            for (index, item) in items.enumerated() {
                if index < prefix.count {
                    if !validates(item, prefix[index], depth: depth + 1) { return false }
                } else if let itemSchema = schema["items"], !validates(item, itemSchema, depth: depth + 1) {
                    return false
                }
            }
        case .object(let properties):
            for key in schema["required"]?.arrayValue ?? [] where !properties.contains(where: { $0.key == key.stringValue }) { return false }
            if let min = schema["minProperties"]?.doubleValue, Double(properties.count) < min { return false }
            if let max = schema["maxProperties"]?.doubleValue, Double(properties.count) > max { return false }
            let declared = schema["properties"]?.members ?? []
            for property in properties {
                if let propertySchema = declared.first(where: { $0.key == property.key })?.value {
                    if !validates(property.value, propertySchema, depth: depth + 1) { return false }
                } else if schema["patternProperties"] == nil, let additional = schema["additionalProperties"],
                    !validates(property.value, additional, depth: depth + 1)
                {
                    return false
                }
            }
        default:
            break
        }
        // The same value again: the references entered for it go along.
        for branch in schema["allOf"]?.arrayValue ?? [] where !validates(value, branch, depth: depth + 1, entered: entered) { return false }
        if let branches = schema["anyOf"]?.arrayValue, !branches.contains(where: { validates(value, $0, depth: depth + 1, entered: entered) }) {
            return false
        }
        if let branches = schema["oneOf"]?.arrayValue, branches.filter({ validates(value, $0, depth: depth + 1, entered: entered) }).count != 1 {
            return false
        }
        if let not = schema["not"], validates(value, not, depth: depth + 1, entered: entered) { return false }
        return true
    }

    /// A compiled `pattern`; nil when Swift's regex cannot read it (then it is not checked here).
    func regex(_ pattern: String) -> Regex<AnyRegexOutput>? {
        if let cached = patterns[pattern] { return cached }
        let compiled = try? Regex(pattern)
        patterns[pattern] = .some(compiled)
        return compiled
    }

    static func matches(_ value: JSONValue, type: JSONValue) -> Bool {
        if let types = type.arrayValue { return types.contains { matches(value, type: $0) } }
        switch (type.stringValue, value) {
        case ("null", .null), ("boolean", .bool), ("string", .string), ("string", .link), ("array", .array), ("object", .object), ("number", .number):
            return true
        case ("integer", .number(let text)):
            return Double(text).map { $0.rounded() == $0 } ?? false
        default:
            return type.stringValue == nil
        }
    }

    /// JSON equality: `1` and `1.0` are the same number.
    static func equal(_ lhs: JSONValue, _ rhs: JSONValue) -> Bool {
        if case .number(let a) = lhs, case .number(let b) = rhs { return Double(a) == Double(b) }
        return lhs == rhs
    }
}

extension JSONValue {
    /// A number's value.
    package var doubleValue: Double? {
        if case .number(let text) = self { return Double(text) }
        return nil
    }
}

/// `minimum`, `maximum` and their exclusive forms: booleans beside them in 3.0, numbers of their own in 3.1.
struct NumberBounds {
    var lower: Double?
    var lowerExclusive = false
    var upper: Double?
    var upperExclusive = false
    var multipleOf: Double?

    init(_ schema: JSONValue, is2020: Bool) {
        lower = schema["minimum"]?.doubleValue
        upper = schema["maximum"]?.doubleValue
        if let exclusive = schema["exclusiveMinimum"] {
            if exclusive == .bool(true) {
                lowerExclusive = true
            } else if let bound = exclusive.doubleValue, lower.map({ bound >= $0 }) ?? true {
                lower = bound
                lowerExclusive = true
            }
        }
        if let exclusive = schema["exclusiveMaximum"] {
            if exclusive == .bool(true) {
                upperExclusive = true
            } else if let bound = exclusive.doubleValue, upper.map({ bound <= $0 }) ?? true {
                upper = bound
                upperExclusive = true
            }
        }
        if let multiple = schema["multipleOf"]?.doubleValue, multiple > 0 { multipleOf = multiple }
    }

    func admits(_ number: Double) -> Bool {
        if let lower, lowerExclusive ? number <= lower : number < lower { return false }
        if let upper, upperExclusive ? number >= upper : number > upper { return false }
        if let multipleOf {
            let quotient = number / multipleOf
            if abs(quotient - quotient.rounded()) > 1e-9 { return false }
        }
        return true
    }

    /// The number nearest `preferred` that the bounds admit, or nil when they admit none found.
    func pick(preferred: Double, integer: Bool) -> Double? {
        let step = multipleOf ?? (integer ? 1 : 0.5)
        var low = lower ?? -Double.greatestFiniteMagnitude
        var high = upper ?? Double.greatestFiniteMagnitude
        if integer {
            low = lowerExclusive ? (low + 1).rounded(.down) : low.rounded(.up)
            high = upperExclusive ? (high - 1).rounded(.up) : high.rounded(.down)
        } else {
            if lowerExclusive, let lower { low = lower + (upper.map { min(step, ($0 - lower) / 2) } ?? step) }
            if upperExclusive, let upper { high = upper - (lower.map { min(step, (upper - $0) / 2) } ?? step) }
        }
        guard low <= high else { return nil }
        var candidate = min(max(preferred, low), high)
        if let multipleOf {
            // A whole number of steps, so the quotient is exact (1.51 / 0.01 is not).
            var steps = (candidate / multipleOf).rounded(.up)
            if steps * multipleOf > high { steps = (high / multipleOf).rounded(.down) }
            if integer, (steps * multipleOf).rounded() != steps * multipleOf { return nil }
            candidate = steps * multipleOf
            guard candidate >= low, candidate <= high else { return nil }
        }
        return admits(candidate) || integer ? candidate : nil
    }
}
