/// A SWAPI request, reduced to what decides the response.
package enum SWAPIRoute: Hashable, Sendable {
    case root
    case list(SWAPIResource, page: String?, search: String?)
    case detail(SWAPIResource, id: Int)
    case schema(SWAPIResource)
    case notFound
    /// Django's `APPEND_SLASH`: a 301 to this path and query (a route that exists once `/` is added).
    case redirect(String)
    /// `?format=wookiee`: the same answer, translated.
    indirect case wookiee(SWAPIRoute)
}
