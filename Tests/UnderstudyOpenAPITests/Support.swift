import Foundation
import Testing
import UnderstudyDocuments
import UnderstudyOpenAPI
import UnderstudyOpenAPIGate

/// The fixture documents, found beside this file (not bundled as resources: the hostile ones
/// must be read from a real folder, with their relative references).
enum Fixtures {
    static let documents = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Documents")

    static func url(_ relative: String) -> URL { documents.appendingPathComponent(relative) }

    /// The OpenAPI Initiative's examples (Apache-2.0, see Documents/oai/README.md).
    static let oai = [
        "oai/petstore.yaml", "oai/petstore.json", "oai/petstore-expanded.yaml", "oai/api-with-examples.yaml", "oai/link-example.yaml",
        "oai/uspto.yaml", "oai/callback-example.yaml", "oai/webhook-example.yaml",
    ]
    static let ours = ["multifile/openapi.yaml", "multifile30/openapi.yaml", "features/features-3.0.yaml", "features/features-3.1.yaml"]

    /// The service, or a test failure listing the problems.
    static func load(_ relative: String, limits: OpenAPILimits = OpenAPILimits()) throws -> OpenAPIService {
        do {
            return try OpenAPILoader.load(fileAt: url(relative), displayName: relative, limits: limits, gate: .inProcess)
        } catch {
            Issue.record("\(relative) did not load:\n\(error.description)")
            throw error
        }
    }

    /// The problems loading `url` reports (failing the test when it loads).
    static func problems(_ url: URL, displayName: String, limits: OpenAPILimits = OpenAPILimits()) -> [FileProblem] {
        do {
            _ = try OpenAPILoader.load(fileAt: url, displayName: displayName, limits: limits, gate: .inProcess)
            Issue.record("\(displayName) loaded, but it should have been refused")
            return []
        } catch {
            return error.problems
        }
    }

    static func problems(_ relative: String) -> [FileProblem] { problems(url(relative), displayName: relative) }

    /// A fresh temporary folder.
    static func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("understudy-openapi-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }
}

extension OpenAPIService {
    /// Every (operation, response, content) triple.
    var contents: [(operation: OpenAPIOperation, response: OpenAPIResponse, content: OpenAPIContent)] {
        operations.flatMap { operation in
            operation.responses.flatMap { response in response.contents.map { (operation, response, $0) } }
        }
    }

    func operation(_ id: String) -> OpenAPIOperation? { operations.first { $0.operationId == id } }
}
