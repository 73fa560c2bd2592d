import UnderstudyDocuments

/// Which keys of an OpenAPI document hold data rather than OpenAPI, so that a `$ref` key inside
/// them is not taken for a reference: example values, defaults, constants, enums, extensions.
/// A key is a keyword only where the mapping is one of keywords: in `properties`, `schemas`,
/// `responses`… the keys are names (a property may well be called `example` or `default`).
enum DocumentKeys {
    /// Keywords whose value is a mapping of names to objects.
    static let nameMaps: Set<String> = [
        "paths", "webhooks", "responses", "content", "headers", "properties", "patternProperties", "dependentSchemas", "$defs",
        "definitions", "schemas", "parameters", "examples", "requestBodies", "securitySchemes", "links", "callbacks", "pathItems",
        "encoding", "variables", "mapping", "scopes", "additionalOperations", "mediaTypes", ExternalReferences.hoistKey,
    ]
    /// Name maps whose values are text, not objects: a `$ref` key in them is a name.
    static let textNameMaps: Set<String> = ["mapping", "scopes"]
    static let dataKeywords: Set<String> = ["example", "default", "const", "enum", "value", "dataValue", "serializedValue"]

    /// Keywords that only tell a reader: nothing served, checked or synthesised reads them.
    static let prose: Set<String> = ["description", "summary", "externalDocs", "$comment"]

    /// Whether the value of `key`, in a mapping of keywords, is data (not walked for references).
    static func isData(_ key: String, value: YAMLNode) -> Bool {
        if case .sequence = value { return isData(key, isArray: true) }
        return isData(key, isArray: false)
    }

    static func isData(_ key: String, isArray: Bool) -> Bool {
        if key.hasPrefix("x-") { return key != ExternalReferences.hoistKey }
        if dataKeywords.contains(key) { return true }
        // 3.1 schemas' `examples` is an array of values; a media type's is a map of Example Objects.
        return key == "examples" && isArray
    }

    /// Whether a `$ref` key whose value is text is a reference, in a mapping of keywords (nil) or
    /// of `nameMap`'s names. In a name map of objects it can only be one: the whole map written as
    /// a reference (`properties: {$ref: attributes.yml#/droplet_ids}`), which bundlers follow and
    /// ``ReferenceInlining`` inlines.
    static func isReference(in nameMap: String?) -> Bool {
        nameMap.map { !textNameMaps.contains($0) } ?? true
    }

    /// Whether the children of `key`'s value are keyed by names, given whether `key`'s own mapping is.
    static func childIsNameMap(_ key: String, inNameMap: Bool) -> Bool {
        inNameMap ? false : nameMaps.contains(key)
    }
}
