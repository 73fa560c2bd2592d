package import HTTPTypes
package import UnderstudyAPIService
package import UnderstudyAdminWire
import UnderstudyDocuments
import UnderstudyHTTP

/// A loaded, validated scenario: how each API behaves and the scenario's own
/// routes, with a cache of the responses it has rendered.
package final class Scenario: Sendable {
    package let name: String
    package let description: String
    /// The file it came from, relative to the scenarios folder.
    package let file: String
    /// The chain of scenarios it extends, nearest first.
    package let extends: [String]
    package let apis: [UnderstudyAPI: APIBehavior]
    package let routes: [CustomRoute]
    /// Top-level settings as they apply to `routes` and to routes borrowed from other scenarios.
    package let generic: GenericBehavior
    /// Prefixes whose requests no route matches go upstream (`proxy:`), the nearest file's first.
    let proxies: [UpstreamMapping]
    /// The OpenAPI documents served, by mount name (their operations are among `routes`).
    package let mounts: [String: MountedDocument]
    package let cache = ResponseCache()
    /// Each route's ``CustomRoute/length``, in order: the request path tries only the routes whose length admits it,
    /// where copying each route to try it (its fields retained and released) cost 350 instructions a route.
    let routeLengths: [Int]
    /// `apis` by `API.index`: read on every request, where hashing the key cost more than the rest of the lookup.
    private let behaviors: [APIBehavior?]

    package init(
        name: String, description: String, file: String, extends: [String], apis: [UnderstudyAPI: APIBehavior], routes: [CustomRoute],
        generic: GenericBehavior = .none,
        proxies: [UpstreamMapping] = [], mounts: [String: MountedDocument] = [:]
    ) {
        self.name = name
        self.description = description
        self.file = file
        self.extends = extends
        self.apis = apis
        self.routes = routes
        routeLengths = routes.map(\.length)
        self.generic = generic
        self.proxies = proxies
        self.mounts = mounts
        behaviors = UnderstudyAPI.allCases.map { apis[$0] }
    }

    /// How `api` behaves in this scenario (every loaded scenario defines all APIs).
    func behavior(_ api: UnderstudyAPI) -> APIBehavior { behaviors[api.index]! }

}

/// How one API answers in one scenario. A class: the request path passes it
/// around, and copying the struct retained each of its fields.
package final class APIBehavior: Sendable {
    /// Answers from the dataset (which may be empty).
    let service: any APIService
    /// When set, the answer to every route of the API.
    package let fixed: CannedResponse?
    let delay: Int
    let fault: Fault

    package init(service: any APIService, fixed: CannedResponse?, delay: Int, fault: Fault) {
        self.service = service
        self.fixed = fixed
        self.delay = delay
        self.fault = fault
    }
}
