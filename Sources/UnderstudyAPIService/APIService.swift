package import UnderstudyAdminWire
package import UnderstudyDocuments
package import UnderstudyHTTP

#if canImport(FoundationEssentials)
package import FoundationEssentials
#else
package import Foundation
#endif

/// One API's behavior over one dataset.
package protocol APIService: Sendable {
    func route(_ request: ServerRequest, subpath: Substring) -> BuiltinRoute
    func render(_ route: BuiltinRoute) -> APIResponse
}

/// How a scenario's dataset choice becomes a service. The built-in APIs' module makes the one every server
/// uses (`APIServices.builtin`); the engine only asks, so it compiles without the APIs' code and beside it.
package struct APIServices: Sendable {
    /// The API over no data (`dataset: empty`).
    package var empty: @Sendable (UnderstudyAPI) -> any APIService
    /// The API over the dataset at `url` (see ``UnderstudyAPI/datasetIsFolder``), called `displayName` in
    /// problems; `lazily`: a dataset that can be read when a request first needs it is not read now.
    package var load: @Sendable (_ api: UnderstudyAPI, _ url: URL, _ displayName: String, _ lazily: Bool) throws(FileProblems) -> any APIService

    package init(
        empty: @escaping @Sendable (UnderstudyAPI) -> any APIService,
        load: @escaping @Sendable (UnderstudyAPI, URL, String, Bool) throws(FileProblems) -> any APIService
    ) {
        self.empty = empty
        self.load = load
    }
}
