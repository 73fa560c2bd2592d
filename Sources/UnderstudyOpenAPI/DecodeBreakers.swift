import UnderstudyDocuments

/// Derives the ``DecodeBreaker`` variants of a synthesised body: each kind changes the first place
/// (in document order, depth first) where it applies, so the variants are the same on every load.
/// The schema of each place is found by walking the body alongside its schema (references
/// followed, `allOf` merged, the `oneOf`/`anyOf` branch the value matches).
/// The document a service's breakers are made from: one per load, shared by every body's content, each
/// making its ``DecodeBreakers`` on its own (the resolver's and validator's caches are not shared between threads).
final class DecodeBreakerSource: Sendable {
    let root: JSONValue
    let is2020: Bool
    let limits: OpenAPILimits

    init(root: JSONValue, is2020: Bool, limits: OpenAPILimits) {
        (self.root, self.is2020, self.limits) = (root, is2020, limits)
    }

    func breakers(of body: JSONValue, schema: JSONValue) -> [DecodeBreaker] {
        let synthesizer = SchemaSynthesizer(
            resolver: ReferenceResolver(root: root, chainLimit: limits.referenceChain), is2020: is2020, limits: limits)
        return DecodeBreakers(resolver: synthesizer.resolver, validator: synthesizer.validator, merge: synthesizer.merge).breakers(
            of: body, schema: schema)
    }
}

struct DecodeBreakers {
    let resolver: ReferenceResolver
    let validator: SchemaValidator
    let merge: SchemaMerge

    /// A place in the body, with its schema flattened.
    private struct Place {
        var pointer: JSONPointer
        var value: JSONValue
        var schema: JSONValue
    }

    static let unknownCase = "understudy-unknown-case"
    static let malformedDate = "not-a-date-time"
    static let placeLimit = 10_000

    func breakers(of body: JSONValue, schema: JSONValue) -> [DecodeBreaker] {
        var places: [Place] = []
        collect(body, schema: schema, at: JSONPointer(), into: &places, depth: 0)
        var result: [DecodeBreaker] = []
        func add(_ kind: DecodeBreaker.Kind, _ pointer: JSONPointer, _ replacement: JSONValue?, _ description: String) {
            result.append(
                DecodeBreaker(
                    kind: kind, pointer: pointer, description: description, body: body.replacing(at: pointer.tokens[...], with: replacement)))
        }
        // missing-required-key: the first object with a required key it holds.
        for place in places {
            guard case .object(let members) = place.value,
                let key = place.schema["required"]?.arrayValue?.compactMap(\.stringValue).first(where: { key in members.contains { $0.key == key } })
            else { continue }
            let at = place.pointer.appending(key)
            add(.missingRequiredKey, at, nil, "removed the required key '\(key)' at \(at)")
            break
        }
        // wrong-type: the first scalar whose schema names its type, replaced by a value of another type.
        if let place = places.first(where: {
            Self.isScalar($0.value) && $0.schema["type"] != nil && !validator.validates(Self.wrongType($0.value), $0.schema)
        })
            ?? places.first(where: { $0.schema["type"] != nil && !validator.validates(Self.wrongType($0.value), $0.schema) })
        {
            let replacement = Self.wrongType(place.value)
            add(
                .wrongType, place.pointer, replacement,
                "replaced the \(place.value.kindName) at \(place.pointer) with the \(replacement.kindName) \(replacement.jsonText)")
        }
        // null-not-nullable: the first place below the root whose schema refuses null.
        if let place = places.first(where: { !$0.pointer.tokens.isEmpty && $0.value != .null && !validator.validates(.null, $0.schema) }) {
            add(.nullNotNullable, place.pointer, .null, "set \(place.pointer) to null, which its schema does not allow")
        }
        // unknown-enum-case: the first string with an enum.
        if let place = places.first(where: {
            $0.value.stringValue != nil && $0.schema["enum"] != nil && !validator.validates(.string(Self.unknownCase), $0.schema)
        }) {
            add(
                .unknownEnumCase, place.pointer, .string(Self.unknownCase),
                "replaced \(place.value.jsonText) at \(place.pointer) with \"\(Self.unknownCase)\", which is not one of the enum's values")
        }
        // malformed-date-time: the first date-time string.
        if let place = places.first(where: { $0.value.stringValue != nil && $0.schema["format"]?.stringValue == "date-time" }) {
            add(
                .malformedDateTime, place.pointer, .string(Self.malformedDate),
                "replaced the date-time \(place.value.jsonText) at \(place.pointer) with \"\(Self.malformedDate)\"")
        }
        return result
    }

    private static func isScalar(_ value: JSONValue) -> Bool {
        switch value {
        case .array, .object: false
        default: true
        }
    }

    /// A value of another JSON type: a string for a number, boolean or null, a number for a string,
    /// an array for an object and an object for an array.
    static func wrongType(_ value: JSONValue) -> JSONValue {
        switch value {
        case .string, .link: .number("12345")
        case .number, .bool, .null: .string("wrong-type")
        case .object: .array([])
        case .array: .object([])
        }
    }

    private func collect(_ value: JSONValue, schema: JSONValue, at pointer: JSONPointer, into places: inout [Place], depth: Int) {
        guard places.count < Self.placeLimit, depth < 64 else { return }
        let flat = flattened(schema, for: value, depth: 0)
        places.append(Place(pointer: pointer, value: value, schema: flat))
        switch value {
        case .object(let members):
            let properties = flat["properties"]?.members ?? []
            for member in members {
                let child = properties.first { $0.key == member.key }?.value ?? flat["additionalProperties"] ?? .bool(true)
                collect(member.value, schema: child, at: pointer.appending(member.key), into: &places, depth: depth + 1)
            }
        case .array(let items):
            let prefix = flat["prefixItems"]?.arrayValue ?? []
            for (index, item) in items.enumerated() {
                let child = index < prefix.count ? prefix[index] : flat["items"] ?? .bool(true)
                collect(item, schema: child, at: pointer.appending(index), into: &places, depth: depth + 1)
            }
        default:
            break
        }
    }

    /// `schema` as one object: the reference followed, `allOf` merged, the matching branch of `oneOf`/`anyOf` merged in.
    private func flattened(_ schema: JSONValue, for value: JSONValue, depth: Int) -> JSONValue {
        guard depth < 16, case .object = schema else { return schema == .bool(true) ? .object([]) : schema }
        var schema = schema
        if let ref = ReferenceResolver.reference(in: schema), case .success(let (target, _)) = resolver.resolve(ref) {
            let siblings = schema.removing("$ref")
            schema = validator.is2020 && siblings.members?.isEmpty == false ? SchemaMerge.combine(siblings, target) : target
            return flattened(schema, for: value, depth: depth + 1)
        }
        if schema["allOf"] != nil { schema = merge.merged(schema) }
        if let branches = schema["oneOf"]?.arrayValue ?? schema["anyOf"]?.arrayValue,
            let branch = branches.first(where: { validator.validates(value, $0) })
        {
            schema = SchemaMerge.combine(schema.removing("oneOf").removing("anyOf"), flattened(branch, for: value, depth: depth + 1))
        }
        return schema
    }
}

extension JSONValue {
    /// Compact JSON text, as served.
    package var jsonText: String {
        String(decoding: JSONWriter().template(self).render(origin: Origin("")), as: UTF8.self)
    }

    /// The value with the node at `tokens` replaced, or removed when `replacement` is nil.
    func replacing(at tokens: ArraySlice<String>, with replacement: JSONValue?) -> JSONValue {
        guard let token = tokens.first else { return replacement ?? .null }
        switch self {
        case .object(var members):
            guard let index = members.firstIndex(where: { $0.key == token }) else { return self }
            if tokens.count == 1, replacement == nil {
                members.remove(at: index)
            } else {
                members[index].value = members[index].value.replacing(at: tokens.dropFirst(), with: replacement)
            }
            return .object(members)
        case .array(var items):
            guard let index = Int(token), items.indices.contains(index) else { return self }
            if tokens.count == 1, replacement == nil {
                items.remove(at: index)
            } else {
                items[index] = items[index].replacing(at: tokens.dropFirst(), with: replacement)
            }
            return .array(items)
        default:
            return self
        }
    }
}
