import UnderstudyAPIService
import UnderstudyBuiltinAPIs
package import UnderstudyDocuments
package import UnderstudyOpenAPI
package import UnderstudyStaging

#if canImport(FoundationEssentials)
package import FoundationEssentials
#else
package import Foundation
#endif

extension ScenarioLoader {
    /// A scenarios folder loaded with the built-in APIs' services, as every server loads it
    /// (``UnderstudyEngine``, `understudy validate`, the tests): see the engine's `load(directory:apis:…)`.
    package static func load(
        directory: URL, openAPI: [OpenAPIMount] = [], gate: OpenAPIGate? = nil, cancellation: LoadCancellation? = nil,
        lazyDatasets: Bool = false
    ) throws(FileProblems) -> ScenarioSet {
        try load(directory: directory, apis: .builtin, openAPI: openAPI, gate: gate, cancellation: cancellation, lazyDatasets: lazyDatasets)
    }
}
