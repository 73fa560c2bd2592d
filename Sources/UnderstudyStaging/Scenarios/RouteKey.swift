package import UnderstudyAPIService
package import UnderstudyAdminWire

/// Which response a request asks for: a built-in API's route, the one response a scenario gives
/// every route of an API, or a scenario's own route. Cheap to compute, so the rendered response
/// can be looked up in the cache before any body is assembled.
package enum RouteKey: Hashable, Sendable {
    case builtin(BuiltinRoute)
    /// The API answers every route with one fixed response.
    case fixed(UnderstudyAPI)
    /// A scenario's own route, by index, with its path parameters.
    case custom(Int, [String])

    /// Whether every request that routes here gets the same response (see ``BuiltinRoute/isRepeatable``).
    var isRepeatable: Bool {
        if case .builtin(let route) = self { return route.isRepeatable }
        return true
    }

    /// Whether the rendered response may be kept in the scenario's cache (see ``BuiltinRoute/isCacheable``).
    var isCacheable: Bool {
        if case .builtin(let route) = self { return route.isCacheable }
        return true
    }
}
