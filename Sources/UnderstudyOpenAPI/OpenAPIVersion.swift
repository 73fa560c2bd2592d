package import UnderstudyDocuments

/// The OpenAPI versions read, from the document's `openapi` field.
package enum OpenAPIVersion: Sendable, Equatable {
    /// 3.0.x: `nullable`, boolean `exclusiveMinimum`, single `example` in schemas.
    case openAPI30(String)
    /// 3.1.x and 3.2.x: JSON Schema 2020-12 (`type: [x, "null"]`, `const`, `examples` arrays).
    case openAPI31(String)

    package var text: String {
        switch self {
        case .openAPI30(let text), .openAPI31(let text): text
        }
    }

    package var isJSONSchema2020: Bool {
        if case .openAPI31 = self { return true }
        return false
    }

    /// The version the `openapi` field names, or the problem with it.
    static func read(from root: YAMLNode, locator: DocumentLocator) -> Result<OpenAPIVersion, FileProblem> {
        guard case .mapping(let mapping) = root else {
            return .failure(locator.problem(at: JSONPointer(), "an OpenAPI document is a mapping, found \(root.kindName)"))
        }
        if let swagger = mapping["swagger"] {
            return .failure(
                locator.problem(
                    at: JSONPointer(["swagger"]),
                    "Swagger \(swagger.string ?? "") (OpenAPI 2.0) is not supported: convert the document to OpenAPI 3 (e.g. with swagger2openapi)"))
        }
        guard let field = mapping["openapi"] else {
            return .failure(locator.problem(at: JSONPointer(), "no 'openapi' field: expected the OpenAPI version, e.g. openapi: 3.1.0"))
        }
        guard let text = field.string else {
            return .failure(locator.problem(at: JSONPointer(["openapi"]), "'openapi' must be a version such as 3.1.0, found \(field.kindName)"))
        }
        let parts = text.split(separator: ".")
        guard parts.count == 3, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isNumber) }) else {
            return .failure(
                locator.problem(at: JSONPointer(["openapi"]), "'\(text.prefix(40))' is not an OpenAPI version (expected 3.0.x, 3.1.x or 3.2.x)"))
        }
        switch (parts[0], parts[1]) {
        case ("3", "0"): return .success(.openAPI30(text))
        case ("3", "1"), ("3", "2"): return .success(.openAPI31(text))
        default: return .failure(locator.problem(at: JSONPointer(["openapi"]), "OpenAPI \(text) is not supported (3.0.x, 3.1.x and 3.2.x are)"))
        }
    }
}
