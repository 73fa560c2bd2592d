import UnderstudyDocuments

/// Makes a JSON value that validates against a schema: deterministic (the same document always
/// gives the same bodies), bounded in depth, recursion, size and work.
///
/// Choices, in order, for a schema:
/// 1. `const`, then `default`, `example` and the first of `examples` — the document's own values,
///    when they validate;
/// 2. the first `enum` value that validates;
/// 3. `allOf` merged into one schema; `oneOf`/`anyOf`: the first branch whose value validates (for
///    `oneOf`, against exactly one branch; a `discriminator` property is set to the branch's name);
/// 4. by `type` (the first that is not `null`; inferred from the keywords when absent): objects
///    with EVERY declared property (not only the required ones: a staging body should show all the
///    fields a client may read), except `writeOnly` ones that are not required; arrays with
///    `max(minItems, 1)` items; strings from `format`, `pattern`, `minLength`/`maxLength`; numbers
///    inside `minimum`/`maximum`/`multipleOf`.
///
/// A schema met again inside itself more than ``OpenAPILimits/recursion`` times stops: an optional
/// property is left out, an array gets fewer items; a required property gets `null` — the
/// recursion marker — and a warning, because no finite value exists.
final class SchemaSynthesizer {
    enum Outcome {
        case value(JSONValue)
        /// Stopped by the recursion or size bound.
        case cut
        /// No value satisfies the schema as far as synthesis can tell (`false`, contradictory bounds).
        case impossible
    }

    let resolver: ReferenceResolver
    let validator: SchemaValidator
    let merge: SchemaMerge
    let is2020: Bool
    let limits: OpenAPILimits
    private(set) var warnings: [(pointer: JSONPointer, message: String)] = []
    private(set) var recursionMarkers = 0
    /// The warnings of the last body made, even those already given for an earlier body.
    private(set) var bodyWarnings: [String] = []
    private var size = 0
    private var work = 0
    private var sizeHit = false
    private var onPath: [JSONPointer: Int] = [:]
    static let workLimit = 400_000
    static let depthLimit = 64

    init(resolver: ReferenceResolver, is2020: Bool, limits: OpenAPILimits) {
        self.resolver = resolver
        self.validator = SchemaValidator(resolver: resolver, is2020: is2020)
        self.merge = SchemaMerge(resolver: resolver)
        self.is2020 = is2020
        self.limits = limits
    }

    /// A body for `schema` (written at `pointer`), or nil when none could be made (with a warning).
    func body(for schema: JSONValue, at pointer: JSONPointer) -> JSONValue? {
        size = 0
        bodyWarnings = []
        work = 0
        sizeHit = false
        onPath = [:]
        let outcome = value(schema, at: pointer, depth: 0)
        if sizeHit { warn(pointer, "the synthesised body reached the bound of \(limits.bodyBytes) bytes: parts of it are left out") }
        switch outcome {
        case .value(let value): return value
        case .cut:
            warn(pointer, "the schema recurses into itself before any value can be made")
            return nil
        case .impossible:
            warn(pointer, "no value satisfies the schema (as far as synthesis can tell)")
            return nil
        }
    }

    func warn(_ pointer: JSONPointer, _ message: String) {
        if bodyWarnings.count < 20 { bodyWarnings.append("\(pointer): \(message)") }
        guard warnings.count < 1000, !warnings.contains(where: { $0.pointer == pointer && $0.message == message }) else { return }
        warnings.append((pointer, message))
    }

    func produced(_ value: JSONValue, cost: Int) -> Outcome {
        size += cost
        return .value(value)
    }

    func value(_ schema: JSONValue, at pointer: JSONPointer, depth: Int) -> Outcome {
        work += 1
        guard depth < Self.depthLimit, work < Self.workLimit else { return .cut }
        guard size < limits.bodyBytes else {
            sizeHit = true
            return .cut
        }
        switch schema {
        case .bool(true): return produced(.object([]), cost: 2)
        case .bool(false): return .impossible
        case .object: break
        default: return produced(.null, cost: 4)
        }
        if let preferred = documentValue(schema) { return produced(preferred, cost: Self.estimate(preferred)) }
        if let ref = ReferenceResolver.reference(in: schema) { return referenced(ref, schema, at: pointer, depth: depth) }
        if let choices = schema["enum"]?.arrayValue {
            if let first = choices.first(where: { validator.validates($0, schema) }) ?? choices.first {
                return produced(first, cost: Self.estimate(first))
            }
            return .impossible
        }
        if schema["allOf"] != nil { return shaped(merge.merged(schema), at: pointer, depth: depth) }
        return shaped(schema, at: pointer, depth: depth)
    }

    /// The schema's `const`, `default`, `example` or first `examples` value, if one validates.
    private func documentValue(_ schema: JSONValue) -> JSONValue? {
        var candidates: [JSONValue] = []
        if is2020, let constant = schema["const"] { return constant }
        if let value = schema["default"] { candidates.append(value) }
        if let value = schema["example"] { candidates.append(value) }
        if is2020, let first = schema["examples"]?.arrayValue?.first { candidates.append(first) }
        return candidates.first { Self.estimate($0) < limits.bodyBytes / 4 && validator.validates($0, schema) }
    }

    private func referenced(_ ref: String, _ schema: JSONValue, at pointer: JSONPointer, depth: Int) -> Outcome {
        guard case .success(let (target, targetPointer)) = resolver.resolve(ref) else { return .impossible }
        let seen = onPath[targetPointer, default: 0]
        guard seen < limits.recursion else { return .cut }
        onPath[targetPointer] = seen + 1
        defer { onPath[targetPointer] = seen }
        // In 3.1 a reference's siblings apply as well (as an `allOf`); in 3.0 they are ignored.
        let siblings = schema.members?.filter { !SchemaMerge.annotations.contains($0.key) } ?? []
        if is2020, !siblings.isEmpty {
            return value(
                .object([.init("allOf", .array([.object([.init("$ref", .string(ref))]), .object(siblings)]))]), at: pointer, depth: depth + 1)
        }
        return value(target, at: targetPointer, depth: depth + 1)
    }

    /// A value for a schema whose `allOf` is merged already: choices, then the type.
    private func shaped(_ schema: JSONValue, at pointer: JSONPointer, depth: Int) -> Outcome {
        if let branches = schema["oneOf"]?.arrayValue ?? schema["anyOf"]?.arrayValue {
            return chosen(branches, exclusive: schema["oneOf"] != nil, schema, at: pointer, depth: depth)
        }
        if schema["allOf"] != nil, let preferred = documentValue(schema) { return produced(preferred, cost: Self.estimate(preferred)) }
        switch Self.type(of: schema) {
        case "null": return produced(.null, cost: 4)
        case "boolean": return produced(.bool(true), cost: 4)
        case "integer": return number(schema, integer: true, at: pointer)
        case "number": return number(schema, integer: false, at: pointer)
        case "string": return string(schema, at: pointer)
        case "array": return array(schema, at: pointer, depth: depth)
        default: return object(schema, at: pointer, depth: depth)
        }
    }

    /// The first type that is not `null`; inferred from the keywords when the schema names none.
    static func type(of schema: JSONValue) -> String {
        if let type = schema["type"]?.stringValue { return type }
        if let types = schema["type"]?.arrayValue?.compactMap(\.stringValue) {
            return types.first { $0 != "null" } ?? "null"
        }
        if schema["properties"] != nil || schema["required"] != nil || schema["additionalProperties"] != nil { return "object" }
        if schema["items"] != nil || schema["prefixItems"] != nil || schema["minItems"] != nil { return "array" }
        if schema["pattern"] != nil || schema["minLength"] != nil || schema["maxLength"] != nil || schema["format"] != nil { return "string" }
        if schema["minimum"] != nil || schema["maximum"] != nil || schema["multipleOf"] != nil { return "number" }
        return "object"
    }

    private func chosen(_ branches: [JSONValue], exclusive: Bool, _ schema: JSONValue, at pointer: JSONPointer, depth: Int) -> Outcome {
        // What the schema says beside `oneOf` (`type: object`, shared properties) holds for every branch.
        let base = schema.removing("oneOf").removing("anyOf").removing("discriminator")
        let hasBase = base.members?.contains { !SchemaMerge.annotations.contains($0.key) && $0.key != "allOf" } ?? false
        var fallback: JSONValue?
        var cut = false
        let savedSize = size
        for (index, branch) in branches.enumerated() {
            let effective = hasBase ? merge.merged(.object([.init("allOf", .array([base, branch]))])) : branch
            size = savedSize
            switch value(effective, at: pointer.appending(exclusive ? "oneOf" : "anyOf").appending(index), depth: depth + 1) {
            case .value(var candidate):
                candidate = discriminated(candidate, schema, branch: branch)
                if !exclusive || branches.filter({ validator.validates(candidate, $0) }).count == 1 { return .value(candidate) }
                if fallback == nil { fallback = candidate }
            case .cut: cut = true
            case .impossible: break
            }
        }
        if let fallback {
            warn(pointer, "no oneOf branch gives a value that matches exactly one branch; the first branch's is served")
            return .value(fallback)
        }
        return cut ? .cut : .impossible
    }

    /// `candidate` with the discriminator property naming `branch` (its mapping key, else the referenced schema's name).
    private func discriminated(_ candidate: JSONValue, _ schema: JSONValue, branch: JSONValue) -> JSONValue {
        guard let property = schema["discriminator"]?["propertyName"]?.stringValue, case .object = candidate,
            let ref = ReferenceResolver.reference(in: branch)
        else { return candidate }
        let mapped = schema["discriminator"]?["mapping"]?.members?.first { $0.value.stringValue == ref }?.key
        let name = mapped ?? JSONPointer(parsing: ref.drop { $0 != "/" })?.tokens.last ?? ref
        let named = candidate.setting(property, .string(name))
        return validator.validates(named, branch) ? named : candidate
    }

    private func object(_ schema: JSONValue, at pointer: JSONPointer, depth: Int) -> Outcome {
        let required = Set(schema["required"]?.arrayValue?.compactMap(\.stringValue) ?? [])
        var members: [JSONValue.Member] = []
        size += 2
        for property in schema["properties"]?.members ?? [] {
            if !required.contains(property.key), isWriteOnly(property.value) { continue }
            let at = pointer.appending("properties").appending(property.key)
            switch value(property.value, at: at, depth: depth + 1) {
            case .value(let value):
                size += property.key.utf8.count + 4
                members.append(.init(property.key, value))
            case .cut, .impossible:
                if required.contains(property.key) {
                    recursionMarkers += 1
                    warn(at, "required property '\(property.key)' recurses past the bound: null is served in its place")
                    members.append(.init(property.key, .null))
                }
            }
        }
        let additional = schema["additionalProperties"]
        let closed = additional == .bool(false)
        for key in required.sorted() where !members.contains(where: { $0.key == key }) {
            if closed {
                warn(pointer, "required property '\(key)' is not declared and additionalProperties is false")
                continue
            }
            members.append(.init(key, extra(additional, at: pointer, depth: depth)))
        }
        if let additional, case .object(let fields) = additional, !fields.isEmpty, schema["properties"] == nil, members.isEmpty {
            if case .value(let value) = self.value(additional, at: pointer.appending("additionalProperties"), depth: depth + 1) {
                members.append(.init("additionalProp1", value))
            }
        }
        let minimum = Self.count(schema["minProperties"], otherwise: 0, cap: 1_000_000)
        while members.count < min(minimum, limits.arrayItems), !closed {
            members.append(.init("additionalProp\(members.count + 1)", extra(additional, at: pointer, depth: depth)))
        }
        if let maximum = schema["maxProperties"]?.doubleValue {
            while Double(members.count) > maximum, let last = members.lastIndex(where: { !required.contains($0.key) }) { members.remove(at: last) }
        }
        return .value(.object(members))
    }

    private func extra(_ additional: JSONValue?, at pointer: JSONPointer, depth: Int) -> JSONValue {
        if let additional, case .object = additional,
            case .value(let value) = value(additional, at: pointer.appending("additionalProperties"), depth: depth + 1)
        {
            return value
        }
        return .string("string")
    }

    private func isWriteOnly(_ schema: JSONValue) -> Bool {
        if schema["writeOnly"] == .bool(true) { return true }
        if let ref = ReferenceResolver.reference(in: schema), case .success(let (target, _)) = resolver.resolve(ref) {
            return target["writeOnly"] == .bool(true)
        }
        return false
    }

    private func array(_ schema: JSONValue, at pointer: JSONPointer, depth: Int) -> Outcome {
        let minimum = Self.count(schema["minItems"], otherwise: 0, cap: 1_000_000)
        let maximum = Self.count(schema["maxItems"], otherwise: 1_000_000, cap: 1_000_000)
        let prefix = is2020 ? schema["prefixItems"]?.arrayValue ?? [] : []
        // Every tuple position (`prefixItems`) is shown, else one item.
        var count = min(max(minimum, prefix.count, 1), maximum)
        if count > limits.arrayItems {
            warn(pointer, "minItems \(minimum) is over the bound of \(limits.arrayItems) items synthesised per array")
            count = limits.arrayItems
        }
        let itemSchema = schema["items"] ?? .object([])
        var items: [JSONValue] = []
        size += 2
        for index in 0..<count {
            let (item, at) =
                index < prefix.count ? (prefix[index], pointer.appending("prefixItems").appending(index)) : (itemSchema, pointer.appending("items"))
            switch value(item, at: at, depth: depth + 1) {
            case .value(var value):
                if schema["uniqueItems"] == .bool(true), items.contains(value) {
                    value = Self.varied(value, index)
                    if items.contains(value) || !validator.validates(value, item) {
                        warn(pointer, "uniqueItems: could not make \(minimum) different items")
                        break
                    }
                }
                items.append(value)
            case .cut, .impossible:
                if index >= minimum { return .value(.array(items)) }
                recursionMarkers += 1
                warn(at, "array items recurse past the bound before minItems \(minimum): null is served in their place")
                items.append(.null)
            }
        }
        return .value(.array(items))
    }
}
