import UnderstudyDocuments

/// `allOf` as one schema: the branches' properties and `required` lists joined, their other
/// keywords taken from the first that has them. Branches that are references are followed; a
/// branch that is already being merged (a schema that is `allOf` itself through a cycle) is
/// skipped, so merging always ends.
struct SchemaMerge {
    let resolver: ReferenceResolver
    /// Keys that only annotate: a reference with only these beside it is just the reference.
    static let annotations: Set<String> = [
        "$ref", "description", "summary", "title", "$comment", "deprecated", "readOnly", "writeOnly", "xml", "externalDocs",
    ]

    func merged(_ schema: JSONValue) -> JSONValue {
        var visiting: Set<JSONPointer> = []
        return merged(schema, visiting: &visiting, depth: 0)
    }

    private func merged(_ schema: JSONValue, visiting: inout Set<JSONPointer>, depth: Int) -> JSONValue {
        guard case .object(let members) = schema, let branches = schema["allOf"]?.arrayValue, depth < 32 else { return schema }
        var result = JSONValue.object(members.filter { $0.key != "allOf" })
        for branch in branches {
            var part = branch
            var entered: JSONPointer?
            if let ref = ReferenceResolver.reference(in: branch) {
                guard case .success(let (target, pointer)) = resolver.resolve(ref), !visiting.contains(pointer) else { continue }
                visiting.insert(pointer)
                entered = pointer
                part = target
            }
            part = merged(part, visiting: &visiting, depth: depth + 1)
            // A branch that is itself a reference with siblings (3.1) is merged with what it refers to.
            if let ref = ReferenceResolver.reference(in: part), entered == nil, case .success(let (target, pointer)) = resolver.resolve(ref),
                !visiting.contains(pointer)
            {
                visiting.insert(pointer)
                entered = pointer
                part = Self.combine(part.removing("$ref"), merged(target, visiting: &visiting, depth: depth + 1))
            }
            result = Self.combine(result, part)
            if let entered { visiting.remove(entered) }
        }
        return result
    }

    /// `base` with `part`'s keywords added.
    static func combine(_ base: JSONValue, _ part: JSONValue) -> JSONValue {
        guard case .object(var members) = base else { return part }
        guard case .object(let added) = part else { return base }
        for member in added {
            guard let index = members.firstIndex(where: { $0.key == member.key }) else {
                members.append(member)
                continue
            }
            switch member.key {
            case "properties":
                var properties = members[index].value.members ?? []
                for property in member.value.members ?? [] {
                    if let existing = properties.firstIndex(where: { $0.key == property.key }) {
                        if properties[existing].value != property.value {
                            properties[existing].value = .object([.init("allOf", .array([properties[existing].value, property.value]))])
                        }
                    } else {
                        properties.append(property)
                    }
                }
                members[index].value = .object(properties)
            case "required":
                var required = members[index].value.arrayValue ?? []
                for key in member.value.arrayValue ?? [] where !required.contains(key) { required.append(key) }
                members[index].value = .array(required)
            case "allOf":
                members[index].value = .array((members[index].value.arrayValue ?? []) + (member.value.arrayValue ?? []))
            default:
                // Two different constraints of one kind (two patterns, two enums): both hold.
                if members[index].value != member.value, !annotations.contains(member.key), member.key != "example", member.key != "examples",
                    member.key != "default"
                {
                    var all = members.first { $0.key == "allOf" }?.value.arrayValue ?? []
                    all.append(.object([member]))
                    if let allIndex = members.firstIndex(where: { $0.key == "allOf" }) {
                        members[allIndex].value = .array(all)
                    } else {
                        members.append(.init("allOf", .array(all)))
                    }
                }
            }
        }
        return .object(members)
    }
}

extension JSONValue {
    func removing(_ key: String) -> JSONValue {
        guard case .object(let members) = self else { return self }
        return .object(members.filter { $0.key != key })
    }

    func setting(_ key: String, _ value: JSONValue) -> JSONValue {
        guard case .object(var members) = self else { return self }
        if let index = members.firstIndex(where: { $0.key == key }) {
            members[index].value = value
        } else {
            members.append(.init(key, value))
        }
        return .object(members)
    }
}
