package import UnderstudyOpenAPI

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension OpenAPIGate {
    /// OpenAPIKit in this process: what the tests and `UnderstudyTesting` use, and what the
    /// `understudy-openapi-gate` helper runs for the command line.
    package static var inProcess: OpenAPIGate { SpecificationGate.inProcess }
}

/// The `understudy-openapi-gate` helper's one job: read a request (``OpenAPIGateWire``), check the
/// document it names in this process, and answer with the problems found.
package enum OpenAPIGateHelper {
    /// The answer to `input`: the problems as JSON (`[]` when the document is accepted), or nil when the
    /// input is not a request. A document that cannot be read or bundled answers `[]`: the loader that
    /// asked reads it itself and reports those problems, each once.
    package static func answer(_ input: [UInt8]) -> [UInt8]? {
        guard let request = try? JSONDecoder().decode(OpenAPIGateWire.Request.self, from: Data(input)) else { return nil }
        let url = URL(fileURLWithPath: request.file)
        var problems: [OpenAPIGateWire.Problem] = []
        if let bundled = try? OpenAPILoader.bundle(fileAt: url, displayName: request.displayName), bundled.problems.isEmpty {
            problems = OpenAPIGate.inProcess.check(bundled.document).map(OpenAPIGateWire.Problem.init)
        }
        return (try? JSONEncoder().encode(problems)).map(Array.init)
    }
}
