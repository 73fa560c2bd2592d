package import HTTPTypes
package import UnderstudyAPIService
import UnderstudyAdminWire
package import UnderstudyDocuments
package import UnderstudyHTTP

#if canImport(FoundationEssentials)
package import FoundationEssentials
#else
package import Foundation
#endif

/// The Art Institute of Chicago API's artworks endpoints over a dataset.
package final class ArticService: APIService {
    static let maxLimit = 100
    static let maxResults = 10_000
    /// Fields of a search hit when `fields` is not given (after `_score`).
    static let searchFields = ["id", "api_model", "api_link", "is_boosted", "title", "thumbnail", "timestamp"]

    /// The artworks and what is derived from them, read when first needed: the bundled dataset is
    /// about 1 MB of JSON, which would more than double the time a server takes to start.
    private let dataset: LazyDataset<ArtworkIndex>
    package let writer = UnderstudyAPI.artic.writer

    package init(artworks: [JSONValue]) {
        dataset = LazyDataset(ArtworkIndex(artworks: artworks))
    }

    /// A dataset read from `file` by the first request that needs it, not at load.
    package init(file url: URL, displayName: String) {
        dataset = LazyDataset { () throws(FileProblems) in
            ArtworkIndex(artworks: try ArticService.load(file: url, displayName: displayName))
        }
    }

    /// Loads a JSON array of artworks, each an object with an integer `id`.
    package static func load(file url: URL, displayName: String) throws(FileProblems) -> [JSONValue] {
        let elements: [(line: Int, value: JSONValue)]
        do { elements = try DocumentParser.parseJSONArray(at: url, displayName: displayName, of: "artworks") } catch { throw FileProblems([error]) }
        var problems: [FileProblem] = []
        var seen = Set<Int>()
        let artworks = elements.enumerated().map { index, element in
            let (line, artwork) = element
            if artwork.members == nil {
                problems.append(
                    FileProblem(file: displayName, line: line, keyPath: "[\(index)]", message: "expected an object, found \(artwork.kindName)"))
            } else if let id = artwork["id"]?.intValue {
                if !seen.insert(id).inserted {
                    problems.append(FileProblem(file: displayName, line: line, keyPath: "[\(index)].id", message: "duplicate id \(id)"))
                }
            } else {
                problems.append(FileProblem(file: displayName, line: line, keyPath: "[\(index)].id", message: "missing or not an integer"))
            }
            return artwork
        }
        guard problems.isEmpty else { throw FileProblems(problems) }
        return artworks
    }

    package func route(_ request: ServerRequest, subpath: Substring) -> BuiltinRoute {
        let segments = subpath.pathSegments
        guard segments.first == "artworks" else { return .artic(.unknownRoute) }
        let known: Set = ["limit", "page", "fields", "q"]
        let query = request.query.filter { known.contains($0.name) }
        switch segments.count {
        case 1:
            if let ids = request.queryValue("ids") { return .artic(.ids(ids, fields: request.queryValue("fields"))) }
            return .artic(.list(query))
        case 2 where segments[1] == "search":
            let searchable = request.query.filter {
                known.contains($0.name) || ["from", "size", "sort"].contains($0.name) || $0.name.hasPrefix("query[") || $0.name.hasPrefix("sort[")
            }
            if request.method == .post { return .artic(.searchBody(request.body, searchable)) }
            return .artic(.search(searchable))
        case 2:
            guard let id = RequestNumber.id(segments[1]) else { return .artic(.notFound) }
            return .artic(.detail(id: id, fields: request.queryValue("fields")))
        default: return .artic(.unknownRoute)
        }
    }

    package func render(_ route: BuiltinRoute) -> APIResponse {
        guard case .artic(let route) = route else { return Self.unknownRoute }
        let index: ArtworkIndex
        switch dataset.value {
        case .success(let value): index = value
        case .failure(let problems):
            return APIResponse(status: .internalServerError, body: .errorBody(error: "invalid dataset", detail: problems.description))
        }
        switch route {
        case .list(let query): return list(query, index: index)
        case .search(let query):
            do { return search(try ArticSearchRequest.read(query: query), index: index) } catch { return error.response }
        case .searchBody(let body, let query):
            do {
                // GET parameters fill in what the body leaves out (Laravel merges both into the input).
                let fromQuery = try ArticSearchRequest.read(query: query)
                var request = try ArticSearchRequest.read(body: body)
                request.q = request.q ?? fromQuery.q
                request.query = request.query ?? fromQuery.query
                if request.sort.isEmpty { request.sort = fromQuery.sort }
                request.limit = request.limit ?? fromQuery.limit
                request.page = request.page ?? fromQuery.page
                request.from = request.from ?? fromQuery.from
                request.size = request.size ?? fromQuery.size
                request.fields = request.fields ?? fromQuery.fields
                return search(request, index: index)
            } catch {
                return error.response
            }
        case .ids(let text, let fields): return ids(text, fields: fields, index: index)
        case .detail(let id, let fields):
            guard let position = index.byID[id] else { return Self.notFound }
            return APIResponse(
                status: .ok,
                body: writer.template(
                    .object([
                        .init("data", Self.select(fields, from: index.artworks[position])), .init("info", Self.info), .init("config", Self.config),
                    ])))
        case .notFound: return Self.notFound
        case .unknownRoute: return Self.unknownRoute
        }
    }

    // MARK: - Lists

    /// A validated page: `page × limit` is at most `maxResults`, so the offset cannot overflow.
    private struct Paging {
        package var limit: Int
        package var page: Int
        package var offset: Int { (page - 1) * limit }
    }

    /// Laravel's reading of `limit` and `page` (an invalid number is as if absent), then the
    /// real API's bounds: over 100 per page, or past the 10,000th result, is its 403.
    private func paging(_ query: [ServerRequest.QueryItem], defaultLimit: Int) -> Result<Paging, APIResponseError> {
        let limit = RequestNumber.php(query.first { $0.name == "limit" }?.value) ?? defaultLimit
        let page = RequestNumber.php(query.first { $0.name == "page" }?.value).flatMap { $0 >= 1 ? $0 : nil } ?? 1
        if limit > Self.maxLimit || limit < 0 { return .failure(APIResponseError(Self.invalidLimit)) }
        let (last, overflow) = page.multipliedReportingOverflow(by: limit)
        if overflow || last > Self.maxResults { return .failure(APIResponseError(Self.tooManyResults)) }
        return .success(Paging(limit: limit, page: page))
    }

    private func pagination(total: Int, paging: Paging) -> [JSONValue.Member] {
        let totalPages = PageWindow.pageCount(total, perPage: paging.limit)
        return [
            .init("total", .int(total)), .init("limit", .int(paging.limit)), .init("offset", .int(paging.offset)),
            .init("total_pages", .int(totalPages)), .init("current_page", .int(paging.page)),
        ]
    }

    func list(_ query: [ServerRequest.QueryItem], index: ArtworkIndex) -> APIResponse {
        let artworks = index.artworks
        let paging: Paging
        switch self.paging(query, defaultLimit: 12) {
        case .success(let value): paging = value
        case .failure(let error): return error.response
        }
        let fields = query.first { $0.name == "fields" }?.value
        let totalPages = PageWindow.pageCount(artworks.count, perPage: paging.limit)
        let others = query.filter { $0.name != "page" }.map { "&\($0.name)=\(percentEncode($0.value))" }.joined()
        func pageLink(_ number: Int) -> JSONValue { .link("/artic/api/v1/artworks?page=\(number)\(others)") }

        var pagination = pagination(total: artworks.count, paging: paging)
        if paging.page > 1 { pagination.append(.init("prev_url", pageLink(paging.page - 1))) }
        if paging.page < totalPages { pagination.append(.init("next_url", pageLink(paging.page + 1))) }
        let data = artworks.dropFirst(paging.offset).prefix(paging.limit).map { Self.select(fields, from: $0) }
        return APIResponse(
            status: .ok,
            body: writer.template(
                .object([
                    .init("pagination", .object(pagination)), .init("data", .array(data)), .init("info", Self.info), .init("config", Self.config),
                ])))
    }

    /// `/artworks?ids=1,2,3`: those artworks in the order given, unknown ids left out, at most 100.
    func ids(_ text: String, fields: String?, index: ArtworkIndex) -> APIResponse {
        let parts = text.split(separator: ",", omittingEmptySubsequences: true)
        if parts.count > Self.maxLimit { return Self.tooManyIDs }
        var seen = Set<Int>()
        let data: [JSONValue] = parts.compactMap { part in
            guard let id = RequestNumber.id(Substring(part.trimmingSpaces)), seen.insert(id).inserted, let position = index.byID[id] else {
                return nil
            }
            return Self.select(fields, from: index.artworks[position])
        }
        return APIResponse(
            status: .ok,
            body: writer.template(
                .object([
                    .init("data", .array(data)), .init("info", Self.info), .init("config", Self.config),
                ])))
    }

    /// Keeps only the comma-separated `fields`, in the artwork's own key order.
    static func select(_ fields: String?, from artwork: JSONValue) -> JSONValue {
        guard let fields, let members = artwork.members else { return artwork }
        let wanted = Set(fields.split(separator: ",").map(\.trimmingSpaces))
        return .object(members.filter { wanted.contains($0.key) })
    }

    // MARK: - Fixed parts of every body

    package static let info: JSONValue = .object([
        .init(
            "license_text",
            .string(
                "The `description` field in this response is licensed under a Creative Commons Attribution 4.0 Generic License (CC-By) and the Terms and Conditions of artic.edu. All other data in this response is licensed under a Creative Commons Zero (CC0) 1.0 designation and the Terms and Conditions of artic.edu."
            )),
        .init("license_links", .array([.string("https://creativecommons.org/publicdomain/zero/1.0/"), .string("https://www.artic.edu/terms")])),
        .init("version", .string("1.13")),
    ])

    /// Image and website links stay real: Understudy serves no images.
    package static let config: JSONValue = .object([
        .init("iiif_url", .string("https://www.artic.edu/iiif/2")), .init("website_url", .string("http://www.artic.edu")),
    ])

    package static func error(_ status: HTTPResponse.Status, _ error: String, _ detail: String) -> APIResponse {
        APIResponse(
            status: status,
            body: UnderstudyAPI.artic.writer.template(
                .object([
                    .init("status", .int(status.code)), .init("error", .string(error)), .init("detail", .string(detail)),
                ])))
    }

    package static let notFound = error(.notFound, "Not found", "The item you requested cannot be found.")
    static let unknownRoute = error(
        .notFound, "Sorry, something went wrong.", "An unrecognized exception was thrown. Our developers have been alerted to the situation.")
    static let invalidLimit = error(.forbidden, "Invalid limit", "You have requested too many resources per page. Please set a smaller limit.")
    static let tooManyIDs = error(.forbidden, "Invalid number of ids", "You have requested too many ids. Please send a smaller amount.")
    static let tooManyResults = error(.forbidden, "Invalid number of results", "You have requested too many results. Please refine your parameters.")
}
