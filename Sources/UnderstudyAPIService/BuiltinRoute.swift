/// Which response of a built-in API a request asks for. Cheap to compute, so the rendered
/// response can be looked up in the cache before any body is assembled.
package enum BuiltinRoute: Hashable, Sendable {
    case swapi(SWAPIRoute)
    case artic(ArticRoute)
    case catfact(CatFactRoute)

    /// Whether every request that routes here gets the same response: false where the
    /// service picks at random, so the request's target alone cannot stand for the route.
    package var isRepeatable: Bool {
        if case .catfact(.fact) = self { return false }
        return isCacheable
    }

    /// Whether the rendered response may be kept in the scenario's cache: not for a search whose
    /// key holds a request body (up to 64 KiB each, which 4,096 entries would multiply).
    package var isCacheable: Bool {
        if case .artic(.searchBody) = self { return false }
        return true
    }
}
