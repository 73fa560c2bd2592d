#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HTTPTypes
import UnderstudyHTTP

/// An artic request, reduced to what decides the response. Query items keep
/// their order because the real `next_url` repeats them as sent.
enum ArticRoute: Hashable, Sendable {
    case list([ServerRequest.QueryItem])
    case search([ServerRequest.QueryItem])
    case detail(id: Int, fields: String?)
    case notFound
    case unknownRoute
}

/// The Art Institute of Chicago API's artworks endpoints over a dataset.
final class ArtInstituteService: APIService {
    static let maxLimit = 100
    static let maxResults = 10_000
    /// Fields of a search hit when `fields` is not given (after `_score`).
    static let searchFields = ["id", "api_model", "api_link", "is_boosted", "title", "thumbnail", "timestamp"]

    private let artworks: [JSONValue]
    private let byID: [Int: Int]
    private let searchText: [[String]]
    private let writer = API.artic.writer

    init(artworks: [JSONValue]) {
        self.artworks = artworks.map { artwork in
            guard let id = artwork["id"]?.intValue, var members = artwork.members else { return artwork }
            for index in members.indices where members[index].key == "api_link" {
                members[index].value = .link("/artic/api/v1/artworks/\(id)")
            }
            return .object(members)
        }
        byID = Dictionary(artworks.enumerated().compactMap { index, artwork in artwork["id"]?.intValue.map { ($0, index) } },
                          uniquingKeysWith: { first, _ in first })
        searchText = artworks.map { artwork in
            ["title", "artist_display", "artist_title", "place_of_origin", "medium_display", "department_title"].compactMap {
                artwork[$0]?.stringValue?.lowercased()
            } + (artwork["term_titles"]?.arrayValue ?? []).compactMap { $0.stringValue?.lowercased() }
        }
    }

    /// Loads a JSON array of artworks, each an object with an integer `id`.
    static func load(file url: URL, displayName: String) throws(FileProblems) -> [JSONValue] {
        let elements: [(line: Int, value: JSONValue)]
        do { elements = try DocumentParser.parseJSONArray(at: url, displayName: displayName, of: "artworks") } catch { throw FileProblems([error]) }
        var problems: [FileProblem] = []
        var seen = Set<Int>()
        let artworks = elements.enumerated().map { index, element in
            let (line, artwork) = element
            if artwork.members == nil {
                problems.append(FileProblem(file: displayName, line: line, keyPath: "[\(index)]", message: "expected an object, found \(artwork.kindName)"))
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

    func route(_ request: ServerRequest, subpath: Substring) -> RouteKey {
        let segments = subpath.pathSegments
        guard segments.first == "artworks" else { return .artic(.unknownRoute) }
        let known: Set = ["limit", "page", "fields", "q"]
        let query = request.query.filter { known.contains($0.name) }
        switch segments.count {
        case 1: return .artic(.list(query))
        case 2 where segments[1] == "search": return .artic(.search(query))
        case 2:
            guard let id = RequestNumber.id(segments[1]) else { return .artic(.notFound) }
            return .artic(.detail(id: id, fields: request.queryValue("fields")))
        default: return .artic(.unknownRoute)
        }
    }

    func render(_ route: RouteKey) -> APIResponse {
        guard case .artic(let route) = route else { return Self.unknownRoute }
        switch route {
        case .list(let query): return list(query)
        case .search(let query): return search(query)
        case .detail(let id, let fields):
            guard let index = byID[id] else { return Self.notFound }
            return APIResponse(status: .ok, body: writer.template(.object([
                .init("data", Self.select(fields, from: artworks[index])), .init("info", Self.info), .init("config", Self.config),
            ])))
        case .notFound: return Self.notFound
        case .unknownRoute: return Self.unknownRoute
        }
    }

    // MARK: - Lists

    /// A validated page: `page × limit` is at most `maxResults`, so the offset cannot overflow.
    private struct Paging {
        var limit: Int
        var page: Int
        var offset: Int { (page - 1) * limit }
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

    private func list(_ query: [ServerRequest.QueryItem]) -> APIResponse {
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
        return APIResponse(status: .ok, body: writer.template(.object([
            .init("pagination", .object(pagination)), .init("data", .array(data)), .init("info", Self.info), .init("config", Self.config),
        ])))
    }

    private func search(_ query: [ServerRequest.QueryItem]) -> APIResponse {
        let paging: Paging
        switch self.paging(query, defaultLimit: 10) {
        case .success(let value): paging = value
        case .failure(let error): return error.response
        }
        let terms = (query.first { $0.name == "q" }?.value ?? "").lowercased().split(whereSeparator: \.isWhitespace).map(String.init)
        var hits: [(index: Int, score: Double)] = []
        for (index, texts) in searchText.enumerated() {
            let score = terms.isEmpty ? 1 : terms.reduce(0.0) { total, term in
                total + texts.enumerated().reduce(0.0) { sum, entry in
                    sum + (entry.element.contains(term) ? (entry.offset == 0 ? 60.5 : 20.25) : 0)
                }
            }
            if score > 0 { hits.append((index, score)) }
        }
        hits.sort { $0.score != $1.score ? $0.score > $1.score : $0.index < $1.index }

        let requested = query.first { $0.name == "fields" }?.value
        let data: [JSONValue] = hits.dropFirst(paging.offset).prefix(paging.limit).map { hit in
            let artwork = artworks[hit.index]
            let selected = requested.map { Self.select($0, from: artwork) } ?? Self.select(Self.searchFields.joined(separator: ","), from: artwork)
            return .object([.init("_score", .number(hit.score.fixedPoint(digits: 5)))] + (selected.members ?? []))
        }
        return APIResponse(status: .ok, body: writer.template(.object([
            .init("preference", .null), .init("pagination", .object(pagination(total: hits.count, paging: paging))),
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

    static let info: JSONValue = .object([
        .init("license_text", .string("The `description` field in this response is licensed under a Creative Commons Attribution 4.0 Generic License (CC-By) and the Terms and Conditions of artic.edu. All other data in this response is licensed under a Creative Commons Zero (CC0) 1.0 designation and the Terms and Conditions of artic.edu.")),
        .init("license_links", .array([.string("https://creativecommons.org/publicdomain/zero/1.0/"), .string("https://www.artic.edu/terms")])),
        .init("version", .string("1.13")),
    ])

    /// Image and website links stay real: Understudy serves no images.
    static let config: JSONValue = .object([
        .init("iiif_url", .string("https://www.artic.edu/iiif/2")), .init("website_url", .string("http://www.artic.edu")),
    ])

    static func error(_ status: HTTPResponse.Status, _ error: String, _ detail: String) -> APIResponse {
        APIResponse(status: status, body: API.artic.writer.template(.object([
            .init("status", .int(status.code)), .init("error", .string(error)), .init("detail", .string(detail)),
        ])))
    }

    static let notFound = error(.notFound, "Not found", "The item you requested cannot be found.")
    static let unknownRoute = error(.notFound, "Sorry, something went wrong.", "An unrecognized exception was thrown. Our developers have been alerted to the situation.")
    static let invalidLimit = error(.forbidden, "Invalid limit", "You have requested too many resources per page. Please set a smaller limit.")
    static let tooManyResults = error(.forbidden, "Invalid number of results", "You have requested too many results. Please refine your parameters.")
}

/// An error response carried through `Result`.
struct APIResponseError: Error {
    var response: APIResponse
    init(_ response: APIResponse) { self.response = response }
}
