import OpenAPIKit
import OpenAPIKit30
import OpenAPIKitCompat
import OpenAPIKitCore
import UnderstudyDocuments
import UnderstudyOpenAPI

/// OpenAPIKit as the gate a document must pass: what it refuses to decode is not a valid OpenAPI
/// document, and each refusal becomes a located problem. A 3.0 document is decoded with
/// OpenAPIKit30 and converted (OpenAPIKitCompat) so that one model, OpenAPIKit's, stands for both.
///
/// What to serve is read from the bundled tree itself (``OperationReader``), not from the model:
/// the tree keeps the order keys are written in, numbers as written, and every node's line, and
/// the examples and schemas are served and synthesised as JSON, which the model holds as
/// `AnyCodable` dictionaries without order.
enum SpecificationGate {
    /// The gate run in this process.
    static let inProcess = OpenAPIGate { document in
        guard case .failure(let refused) = check(document.bundled, version: document.version, locator: document.locator) else { return [] }
        return refused.problems
    }

    /// Vendor extensions off: OpenAPIKit reads them by decoding every object whole as `AnyCodable`
    /// at every level (a schema's properties again for each enclosing schema), which was 70% of
    /// the load of a 3 MB document. The extensions are read from the tree when needed; what is
    /// lost is OpenAPIKit's complaint about keys that are neither known nor `x-` (typos).
    /// (OpenAPIKit30's key is spelled the same.)
    static let decoding = NodeDecoding(userInfo: [OpenAPIKit.VendorExtensionsConfiguration.enabledKey: false])

    /// The document as OpenAPIKit's model, or every problem OpenAPIKit found.
    static func check(_ root: YAMLNode, version: OpenAPIVersion, locator: DocumentLocator) -> Result<OpenAPIKit.OpenAPI.Document, FileProblems> {
        let decoding = Self.decoding
        do {
            switch version {
            case .openAPI30:
                let document = try decoding.decode(OpenAPIKit30.OpenAPI.Document.self, from: root)
                return .success(document.convert(to: .v3_1_1))
            case .openAPI31:
                return .success(try decoding.decode(OpenAPIKit.OpenAPI.Document.self, from: root))
            }
        } catch {
            return .failure(FileProblems(problems(after: error, in: root, version: version, locator: locator)))
        }
    }

    /// OpenAPIKit stops at its first error. To list more at once, each path item and the
    /// components are decoded on their own (only on this slow path, after a failure).
    private static func problems(after error: any Swift.Error, in root: YAMLNode, version: OpenAPIVersion, locator: DocumentLocator) -> [FileProblem]
    {
        var found: [FileProblem] = []
        func note(_ error: any Swift.Error) {
            let wrapped = OpenAPIKitCore.Error(from: error)
            let problem = locator.problem(at: wrapped.codingPath, oneLine(wrapped.localizedDescription))
            if !found.contains(problem) { found.append(problem) }
        }
        let decoding = Self.decoding
        if case .mapping(let paths) = root.child("paths") {
            for (key, item) in paths.pairs {
                guard let name = key.string, !name.hasPrefix("x-"), item.child("$ref") == nil else { continue }
                let path: [any CodingKey] = [NodeKey(stringValue: "paths"), NodeKey(stringValue: name)]
                do {
                    switch version {
                    case .openAPI30: _ = try decoding.decode(OpenAPIKit30.OpenAPI.PathItem.self, from: item, codingPath: path)
                    case .openAPI31: _ = try decoding.decode(OpenAPIKit.OpenAPI.PathItem.self, from: item, codingPath: path)
                    }
                } catch { note(error) }
            }
        }
        if let components = root.child("components") {
            let path: [any CodingKey] = [NodeKey(stringValue: "components")]
            do {
                switch version {
                case .openAPI30: _ = try decoding.decode(OpenAPIKit30.OpenAPI.Components.self, from: components, codingPath: path)
                case .openAPI31: _ = try decoding.decode(OpenAPIKit.OpenAPI.Components.self, from: components, codingPath: path)
                }
            } catch { note(error) }
        }
        // The document's own error last: it may be one of the above, found again from the root.
        let wrapped = OpenAPIKitCore.Error(from: error)
        let own = locator.problem(at: wrapped.codingPath, oneLine(wrapped.localizedDescription))
        if !found.contains(where: { $0.line == own.line && $0.column == own.column }) { found.append(own) }
        return found
    }

    /// OpenAPIKit's messages span lines ("… because:\n  Problem …"); a problem is one line, as the
    /// project's others are.
    static func oneLine(_ message: String) -> String {
        var text = message.split(whereSeparator: \.isNewline).map { $0.drop { $0 == " " } }.joined(separator: " ")
        while text.hasSuffix("..") { text.removeLast() }
        return text
    }
}
