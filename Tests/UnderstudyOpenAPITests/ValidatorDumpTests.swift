import Foundation
import Testing
import UnderstudyDocuments
import UnderstudyOpenAPI
import UnderstudyOpenAPIGate

/// Writes every body of every fixture document (synthesised, examples, decode-breakers) with the
/// bundled document they belong to, for the independent validator:
/// `scripts/validate-openapi-bodies.sh` sets UNDERSTUDY_OPENAPI_DUMP and runs this test.
@Suite struct ValidatorDumpTests {
    static let path = ProcessInfo.processInfo.environment["UNDERSTUDY_OPENAPI_DUMP"]

    @Test(.enabled(if: path != nil)) func writeTheDump() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let large = folder.appendingPathComponent("large.yaml")
        try LargeDocument.text().write(to: large, atomically: true, encoding: .utf8)
        var documents: [JSONValue] = []
        var sources = (Fixtures.oai + Fixtures.ours + ["hostile/huge-bounds.yaml"]).map { (Fixtures.url($0), $0) }
        sources.append((large, "generated/large.yaml"))
        for (url, name) in sources {
            let service = try OpenAPILoader.load(fileAt: url, displayName: name, gate: .inProcess)
            var bodies: [JSONValue] = []
            for (operation, response, content) in service.contents {
                func body(_ kind: String, _ label: String, _ value: JSONValue, expectValid: Bool, notes: [String] = []) {
                    bodies.append(
                        .object([
                            .init("operation", .string("\(operation.method) \(operation.path)")),
                            .init("status", .string(response.status.description)),
                            .init("contentType", .string(content.contentType)),
                            .init("kind", .string(kind)),
                            .init("label", .string(label)),
                            .init("schema", content.schemaPointer.map { .string($0.description) } ?? .null),
                            .init("expectValid", .bool(expectValid)),
                            .init("notes", .array(notes.map(JSONValue.string))),
                            .init("value", value),
                        ]))
                }
                if let value = content.synthesized { body("synthesized", "", value, expectValid: true, notes: content.synthesisWarnings) }
                if let value = content.example { body("example", "", value, expectValid: true) }
                for example in content.examples { body("named-example", example.name, example.value, expectValid: true) }
                for breaker in content.breakers { body("breaker", breaker.kind.rawValue, breaker.body, expectValid: false) }
            }
            documents.append(
                .object([
                    .init("name", .string(name)), .init("openapi", .string(service.version.text)), .init("document", service.document),
                    .init("bodies", .array(bodies)),
                ]))
        }
        let path = try #require(Self.path)
        try JSONValue.array(documents).jsonText.write(toFile: path, atomically: true, encoding: .utf8)
        print("openapi-dump: \(documents.count) documents written to \(path)")
    }
}
