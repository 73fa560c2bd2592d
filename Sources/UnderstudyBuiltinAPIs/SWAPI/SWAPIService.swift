import HTTPTypes
package import UnderstudyAPIService
import UnderstudyAdminWire
import UnderstudyDocuments
package import UnderstudyHTTP

#if canImport(FoundationEssentials)
package import FoundationEssentials
#else
package import Foundation
#endif

/// SWAPI over a dataset. Items are rendered when a response that shows them
/// is first rendered (the scenario's response cache keeps the result), not at
/// load: rendering all of them was a fifth of the start-up time. A server reads
/// the dataset itself on the first request that needs it (``LazyDataset``):
/// reading it at start was another quarter.
package final class SWAPIService: APIService {
    struct Collection {
        package var ids: [Int] = []
        package var items: [Int: SWAPIDataset.Item] = [:]
        var searchText: [Int: [String]] = [:]
    }

    /// The dataset and its collections by resource, made once.
    struct Indexed: Sendable {
        let dataset: SWAPIDataset
        let collections: [SWAPIResource: Collection]

        init(_ dataset: SWAPIDataset) {
            self.dataset = dataset
            var collections: [SWAPIResource: Collection] = [:]
            for resource in SWAPIResource.allCases {
                var collection = Collection()
                for item in dataset.items[resource] ?? [] {
                    collection.ids.append(item.id)
                    collection.items[item.id] = item
                    collection.searchText[item.id] = resource.searchFields.compactMap { item.fields[$0]?.stringValue?.lowercased() }
                }
                collections[resource] = collection
            }
            self.collections = collections
        }
    }

    static let pageSize = 10
    private let indexed: LazyDataset<Indexed>
    private let writer = UnderstudyAPI.swapi.writer

    package init(dataset: SWAPIDataset) {
        indexed = LazyDataset(Indexed(dataset))
    }

    /// A dataset read from `folder` by the first request that needs it, not at load.
    package init(folder url: URL, displayName: String) {
        indexed = LazyDataset { () throws(FileProblems) in Indexed(try SWAPIDataset.load(folder: url, displayName: displayName)) }
    }

    private func template(_ resource: SWAPIResource, _ item: SWAPIDataset.Item, _ indexed: Indexed) -> BodyTemplate {
        writer.template(indexed.dataset.served(resource, item))
    }

    package func route(_ request: ServerRequest, subpath: Substring) -> BuiltinRoute {
        let route = swapiRoute(request, subpath: subpath)
        // Django's APPEND_SLASH redirects before any view runs, whenever the path with a slash added is a
        // route, whether or not its id names a row (`/people/abc` → 301 → 404); the target re-escapes the
        // decoded path as Django does and keeps the query as sent.
        if !subpath.hasSuffix("/"), Self.resolvesWithSlash(subpath) {
            let query = request.encodedQuery
            return .swapi(.redirect(DjangoURL.escapePath(request.path) + "/" + (query.isEmpty ? "" : "?" + query)))
        }
        if request.queryValue("format") == "wookiee" { return .swapi(.wookiee(route)) }
        return .swapi(route)
    }

    /// Whether `subpath` plus `/` is one of swapi's routes: the root, a resource, or a resource and a
    /// lookup value; `RESOURCE/schema` is a route without the slash, so it is not redirected.
    private static func resolvesWithSlash(_ subpath: Substring) -> Bool {
        let segments = subpath.pathSegments
        guard let first = segments.first else { return true }
        guard SWAPIResource(rawValue: String(first)) != nil else { return false }
        switch segments.count {
        case 1: return true
        case 2: return segments[1] != "schema" && DjangoURL.isLookupValue(segments[1])
        default: return false
        }
    }

    private func swapiRoute(_ request: ServerRequest, subpath: Substring) -> SWAPIRoute {
        let segments = subpath.pathSegments
        guard let first = segments.first else { return .root }
        guard let resource = SWAPIResource(rawValue: String(first)) else { return .notFound }
        switch segments.count {
        case 1:
            let search = request.queryValue("search").map { $0.lowercased() }
            return .list(resource, page: request.queryValue("page"), search: search?.isEmpty == true ? nil : search)
        case 2 where segments[1] == "schema":
            // `/api/people/schema` has no trailing slash on the real service; with one it is no route.
            return subpath.hasSuffix("/") ? .notFound : .schema(resource)
        case 2:
            // The router's `[^/.]+` takes the segment; Python's `int()` then reads it (`+1` is person 1).
            guard DjangoURL.isLookupValue(segments[1]), let id = DjangoURL.pythonInt(segments[1]) else { return .notFound }
            return .detail(resource, id: id)
        default:
            return .notFound
        }
    }

    package func render(_ route: BuiltinRoute) -> APIResponse {
        guard case .swapi(let route) = route else { return Self.notFound }
        switch indexed.value {
        case .success(let indexed): return render(route, indexed)
        case .failure(let problems):
            return APIResponse(status: .internalServerError, body: .errorBody(error: "invalid dataset", detail: problems.description))
        }
    }

    private func render(_ route: SWAPIRoute, _ indexed: Indexed) -> APIResponse {
        switch route {
        case .wookiee(let inner):
            var response = render(inner, indexed)
            response.body = response.body.translated(by: Wookiee.translation)
            return response
        case .redirect(let target):
            return APIResponse(status: .movedPermanently, body: BodyTemplate(), contentType: "text/html; charset=utf-8", location: target)
        case .schema(let resource):
            return APIResponse(status: .ok, body: BodyTemplate(SWAPISchemas.byResource[resource]!))
        case .root:
            let members = SWAPIResource.allCases.map { JSONValue.Member($0.rawValue, .link($0.path)) }
            return APIResponse(status: .ok, body: writer.template(.object(members)))
        case .detail(let resource, let id):
            guard let item = indexed.collections[resource]?.items[id] else { return Self.notFound }
            return APIResponse(status: .ok, body: template(resource, item, indexed))
        case .list(let resource, let page, let search):
            return list(resource, page: page, search: search, indexed)
        case .notFound:
            return Self.notFound
        }
    }

    package static let notFound = APIResponse(status: .notFound, body: BodyTemplate(#"{"detail":"Not found"}"#))
    static let invalidPage = APIResponse(status: .notFound, body: BodyTemplate(#"{"detail":"Invalid page."}"#))

    private func list(_ resource: SWAPIResource, page pageText: String?, search: String?, _ indexed: Indexed) -> APIResponse {
        let collection = indexed.collections[resource] ?? Collection()
        let ids =
            search.map { term in
                collection.ids.filter { id in collection.searchText[id, default: []].contains { $0.contains(term) } }
            } ?? collection.ids
        let lastPage = max(1, (ids.count + Self.pageSize - 1) / Self.pageSize)
        // Django REST framework: `int(page)` as Python reads it, or `last`; anything else, or a page
        // outside 1...lastPage (however large), is its 404.
        let page = pageText.map { $0 == "last" ? lastPage : RequestNumber.python($0) } ?? 1
        guard let page, page >= 1, page <= lastPage else { return Self.invalidPage }

        let searchSuffix = search.map { "&search=\(percentEncode($0))" } ?? ""
        func pageLink(_ number: Int) -> JSONValue { .link("\(resource.path)?page=\(number)\(searchSuffix)") }

        var body = BodyTemplate(#"{"count":\#(ids.count),"next":"#)
        writer.write(page < lastPage ? pageLink(page + 1) : .null, into: &body)
        body.append(#","previous":"#)
        writer.write(page > 1 ? pageLink(page - 1) : .null, into: &body)
        body.append(#","results":["#)
        for (index, id) in ids.dropFirst((page - 1) * Self.pageSize).prefix(Self.pageSize).enumerated() {
            if index > 0 { body.append(",") }
            body.append(template(resource, collection.items[id]!, indexed))
        }
        body.append("]}")
        return APIResponse(status: .ok, body: body)
    }
}
