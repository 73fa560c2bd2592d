import HTTPTypes
package import UnderstudyHTTP

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// An artic request, reduced to what decides the response. Query items keep
/// their order because the real `next_url` repeats them as sent.
package enum ArticRoute: Hashable, Sendable {
    case list([ServerRequest.QueryItem])
    case search([ServerRequest.QueryItem])
    /// `POST /artworks/search`: the JSON body (never cached: see `BuiltinRoute.isCacheable`), and the GET items.
    case searchBody([UInt8], [ServerRequest.QueryItem])
    /// `/artworks?ids=…`
    case ids(String, fields: String?)
    case detail(id: Int, fields: String?)
    case notFound
    case unknownRoute
}
