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

    /// Whether the children of `key`'s value are keyed by names, given whether `key`'s own mapping is.
    static func childIsNameMap(_ key: String, inNameMap: Bool) -> Bool {
        inNameMap ? false : nameMaps.contains(key)
    }
}
