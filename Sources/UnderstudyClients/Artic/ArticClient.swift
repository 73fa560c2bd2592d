public import Foundation

#if canImport(FoundationNetworking)
public import FoundationNetworking
#endif

/// The Art Institute of Chicago API ("artic", as its host and Understudy's admin API name it) as a struct of async closures. Every
/// error thrown by the live closures is an ``APIError``.
public struct ArticClient: Sendable {
    /// `GET /artworks`: a page of artworks (`page` from 1; `limit` per page, at most 100; only `fields`, when given).
    public var fetchArtworks: @Sendable (_ page: Int?, _ limit: Int?, _ fields: [String]?) async throws -> ArtworkPage
    /// `GET /artworks/{id}`: one artwork.
    public var fetchArtwork: @Sendable (_ id: Int) async throws -> Artwork
    /// `GET /artworks/search?q=…`: artworks matching a text query, at most `limit` of them.
    public var searchArtworks: @Sendable (_ query: String, _ limit: Int?) async throws -> ArtworkSearchResults
    /// `POST /artworks/search` with an Elasticsearch-style query, sort and paging.
    public var searchArtworksMatching: @Sendable (_ search: ArtworkSearch) async throws -> ArtworkSearchResults
    /// `GET /artworks?ids=…`: the artworks in the order given, unknown ids left out.
    public var fetchArtworksByIDs: @Sendable (_ ids: [Int], _ fields: [String]?) async throws -> [Artwork]

    /// A client from its closures, for a mock or a wrapper.
    ///
    /// - Parameters:
    ///   - fetchArtworks: Answers ``fetchArtworks``.
    ///   - fetchArtwork: Answers ``fetchArtwork``.
    ///   - searchArtworks: Answers ``searchArtworks``.
    ///   - searchArtworksMatching: Answers ``searchArtworksMatching``.
    ///   - fetchArtworksByIDs: Answers ``fetchArtworksByIDs``.
    public init(
        fetchArtworks: @escaping @Sendable (Int?, Int?, [String]?) async throws -> ArtworkPage,
        fetchArtwork: @escaping @Sendable (Int) async throws -> Artwork,
        searchArtworks: @escaping @Sendable (String, Int?) async throws -> ArtworkSearchResults,
        searchArtworksMatching: @escaping @Sendable (ArtworkSearch) async throws -> ArtworkSearchResults,
        fetchArtworksByIDs: @escaping @Sendable ([Int], [String]?) async throws -> [Artwork]
    ) {
        self.fetchArtworks = fetchArtworks
        self.fetchArtwork = fetchArtwork
        self.searchArtworks = searchArtworks
        self.searchArtworksMatching = searchArtworksMatching
        self.fetchArtworksByIDs = fetchArtworksByIDs
    }

    /// A search with a query: `client.searchArtworks(.init(query: .term("artist_id", 35809), limit: 20))`.
    ///
    /// - Parameter search: The query, text, sort, paging and fields, sent as `POST /artworks/search`.
    /// - Returns: The page of hits, best first unless `search` sorts them.
    /// - Throws: ``APIError`` from the live client.
    public func searchArtworks(_ search: ArtworkSearch) async throws -> ArtworkSearchResults {
        try await searchArtworksMatching(search)
    }

    /// The artworks with these ids, in the order given; ids the API does not know are left out.
    ///
    /// - Parameters:
    ///   - ids: Artwork ids, at most 100.
    ///   - fields: The fields to return; nil for all.
    /// - Returns: The artworks found.
    /// - Throws: ``APIError`` from the live client.
    public func fetchArtworks(ids: [Int], fields: [String]? = nil) async throws -> [Artwork] {
        try await fetchArtworksByIDs(ids, fields)
    }

    /// `https://api.artic.edu/api/v1`, or `$UNDERSTUDY_BASE_URL/artic/api/v1` when that variable is set.
    public static var defaultBaseURL: URL { UnderstudyAPI.artic.defaultBaseURL }

    /// Calls the API at `baseURL` (the real one by default) through `session`.
    ///
    /// - Parameters:
    ///   - baseURL: The API's root; ``defaultBaseURL`` by default.
    ///   - session: The `URLSession` requests go through.
    ///   - understudy: The `X-Understudy-*` headers sent with every request. nil (the default): those the environment names
    ///     (``UnderstudyHeaders/environment``), except a header `session`'s configuration already carries in its
    ///     `httpAdditionalHeaders`, which is left as the session sends it.
    /// - Returns: A client whose closures send real requests and throw ``APIError``.
    public static func live(baseURL: URL = defaultBaseURL, session: URLSession = .shared, understudy: UnderstudyHeaders? = nil) -> ArticClient {
        let transport = Transport(baseURL: baseURL, session: session, understudy: understudy)
        return ArticClient(
            fetchArtworks: { page, limit, fields in
                try await transport.get(
                    "/artworks",
                    [
                        ("page", page.map(String.init)), ("limit", limit.map(String.init)),
                        ("fields", fields?.joined(separator: ",")),
                    ])
            },
            fetchArtwork: { id in try await transport.get("/artworks/\(id)", as: ArtworkResponse.self).data },
            searchArtworks: { query, limit in try await transport.get("/artworks/search", [("q", query), ("limit", limit.map(String.init))]) },
            searchArtworksMatching: { search in
                let body: Data
                do { body = try JSONEncoder().encode(search) } catch { throw APIError.invalidURL("unencodable search: \(error)") }
                return try await transport.post("/artworks/search", json: body)
            },
            fetchArtworksByIDs: { ids, fields in
                try await transport.get(
                    "/artworks",
                    [
                        ("ids", ids.map(String.init).joined(separator: ",")),
                        ("fields", fields?.joined(separator: ",")),
                    ], as: ArtworkList.self
                ).data
            }
        )
    }
}

extension Artwork {
    /// An artwork for previews and tests (Seurat's "A Sunday on La Grande Jatte" by default).
    ///
    /// - Parameters:
    ///   - id: The artwork's id, also in its `apiLink`.
    ///   - title: The title.
    ///   - artist: The artist, as `artistTitle` and at the start of `artistDisplay`.
    /// - Returns: The artwork.
    public static func mock(id: Int = 27992, title: String = "A Sunday on La Grande Jatte — 1884", artist: String = "Georges Seurat") -> Artwork {
        Artwork(
            id: id, title: title, apiLink: URL(string: "https://api.artic.edu/api/v1/artworks/\(id)"),
            thumbnail: .init(lqip: nil, width: 3000, height: 2016, altText: "A painting for previews."), dateDisplay: "1884–86",
            artistDisplay: "\(artist)\nFrench, 1859–1891", artistTitle: artist, placeOfOrigin: "France", description: nil,
            shortDescription: nil, dimensions: "207.5 × 308.1 cm", mediumDisplay: "Oil on canvas", creditLine: "Preview data",
            isPublicDomain: true, isOnView: true, galleryTitle: "Gallery 240", departmentTitle: "Painting and Sculpture of Europe",
            categoryTitles: ["Essentials"], imageID: "00000000-0000-0000-0000-000000000000", updatedAt: nil)
    }

    /// Three well-known artworks, the data of ``ArticClient/happy``.
    public static let mocks: [Artwork] = [
        .mock(),
        .mock(id: 111628, title: "Nighthawks", artist: "Edward Hopper"),
        .mock(id: 6565, title: "American Gothic", artist: "Grant Wood"),
    ]
}

extension ArtworkPage {
    /// One page holding `artworks`.
    ///
    /// - Parameters:
    ///   - artworks: The page's artworks.
    ///   - limit: The page size the pagination reports.
    /// - Returns: The page.
    public static func mock(_ artworks: [Artwork], limit: Int = 12) -> ArtworkPage {
        ArtworkPage(
            pagination: ArticPagination(total: artworks.count, limit: limit, totalPages: artworks.isEmpty ? 0 : 1),
            data: artworks, config: .real)
    }
}

extension ArtworkSearchResults {
    /// Search results holding `artworks` as hits, each with a score of 100.
    ///
    /// - Parameter artworks: The hits, in order.
    /// - Returns: The results.
    public static func mock(_ artworks: [Artwork]) -> ArtworkSearchResults {
        ArtworkSearchResults(
            pagination: ArticPagination(total: artworks.count, limit: 10, totalPages: artworks.isEmpty ? 0 : 1),
            data: artworks.map { ArtworkSearchHit(score: 100, id: $0.id, title: $0.title, apiLink: $0.apiLink, thumbnail: $0.thumbnail) },
            config: .real)
    }
}

extension ArticClient {
    /// Answers from ``Artwork/mocks`` without a network.
    public static let happy = ArticClient(
        fetchArtworks: { _, limit, _ in .mock(Artwork.mocks, limit: limit ?? 12) },
        fetchArtwork: { id in Artwork.mocks.first { $0.id == id } ?? .mock(id: id) },
        searchArtworks: { query, _ in .mock(Artwork.mocks.filter { ($0.title ?? "").localizedCaseInsensitiveContains(query) }) },
        searchArtworksMatching: { search in .mock(Artwork.mocks.filter { ($0.title ?? "").localizedCaseInsensitiveContains(search.q ?? "") }) },
        fetchArtworksByIDs: { ids, _ in ids.compactMap { id in Artwork.mocks.first { $0.id == id } } }
    )

    /// Answers as the API does with no artworks: empty pages, and a 404 for any one artwork.
    public static let empty = ArticClient(
        fetchArtworks: { _, limit, _ in .mock([], limit: limit ?? 12) },
        fetchArtwork: { _ in
            throw APIError.requestFailed(status: 404, body: #"{"status":404,"error":"Not found","detail":"The item you requested cannot be found."}"#)
        },
        searchArtworks: { _, _ in .mock([]) },
        searchArtworksMatching: { _ in .mock([]) },
        fetchArtworksByIDs: { _, _ in [] }
    )

    /// A client whose every call throws `error`.
    ///
    /// - Parameter error: The error each closure throws.
    /// - Returns: The client.
    public static func failing(_ error: APIError) -> ArticClient {
        ArticClient(
            fetchArtworks: { _, _, _ in throw error }, fetchArtwork: { _ in throw error }, searchArtworks: { _, _ in throw error },
            searchArtworksMatching: { _ in throw error }, fetchArtworksByIDs: { _, _ in throw error })
    }

    /// A client that answers as `base` does, each call after `duration`.
    ///
    /// - Parameters:
    ///   - duration: How long each call waits before answering.
    ///   - base: The client that answers; ``happy`` by default.
    /// - Returns: The client.
    public static func delayed(_ duration: Duration, _ base: ArticClient = .happy) -> ArticClient {
        ArticClient(
            fetchArtworks: { p, l, f in try await afterDelay(duration) { try await base.fetchArtworks(p, l, f) } },
            fetchArtwork: { id in try await afterDelay(duration) { try await base.fetchArtwork(id) } },
            searchArtworks: { q, l in try await afterDelay(duration) { try await base.searchArtworks(q, l) } },
            searchArtworksMatching: { s in try await afterDelay(duration) { try await base.searchArtworksMatching(s) } },
            fetchArtworksByIDs: { ids, f in try await afterDelay(duration) { try await base.fetchArtworksByIDs(ids, f) } }
        )
    }
}
