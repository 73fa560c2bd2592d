import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The Art Institute of Chicago API ("artic", as its host and Understudy's admin API name it) as a struct of async closures. Every
/// error thrown by the live closures is an ``APIError``.
public struct ArticClient: Sendable {
    public var fetchArtworks: @Sendable (_ page: Int?, _ limit: Int?, _ fields: [String]?) async throws -> ArtworkPage
    public var fetchArtwork: @Sendable (_ id: Int) async throws -> Artwork
    public var searchArtworks: @Sendable (_ query: String, _ limit: Int?) async throws -> ArtworkSearchResults
    /// `POST /artworks/search` with an Elasticsearch-style query, sort and paging.
    public var searchArtworksMatching: @Sendable (_ search: ArtworkSearch) async throws -> ArtworkSearchResults
    /// `GET /artworks?ids=…`: the artworks in the order given, unknown ids left out.
    public var fetchArtworksByIDs: @Sendable (_ ids: [Int], _ fields: [String]?) async throws -> [Artwork]

    public init(
        fetchArtworks: @escaping @Sendable (Int?, Int?, [String]?) async throws -> ArtworkPage,
        fetchArtwork: @escaping @Sendable (Int) async throws -> Artwork,
        searchArtworks: @escaping @Sendable (String, Int?) async throws -> ArtworkSearchResults,
        searchArtworksMatching: (@Sendable (ArtworkSearch) async throws -> ArtworkSearchResults)? = nil,
        fetchArtworksByIDs: (@Sendable ([Int], [String]?) async throws -> [Artwork])? = nil
    ) {
        self.fetchArtworks = fetchArtworks
        self.fetchArtwork = fetchArtwork
        self.searchArtworks = searchArtworks
        // Clients built with the first three closures only (older code) answer the new calls from them.
        self.searchArtworksMatching = searchArtworksMatching ?? { search in try await searchArtworks(search.q ?? "", search.limit) }
        self.fetchArtworksByIDs =
            fetchArtworksByIDs ?? { ids, _ in
                var found: [Artwork] = []
                for id in ids { if let artwork = try? await fetchArtwork(id) { found.append(artwork) } }
                return found
            }
    }

    /// A search with a query: `client.searchArtworks(.init(query: .term("artist_id", 35809), limit: 20))`.
    public func searchArtworks(_ search: ArtworkSearch) async throws -> ArtworkSearchResults {
        try await searchArtworksMatching(search)
    }

    /// The artworks with these ids, in the order given; ids the API does not know are left out.
    public func fetchArtworks(ids: [Int], fields: [String]? = nil) async throws -> [Artwork] {
        try await fetchArtworksByIDs(ids, fields)
    }

    /// `https://api.artic.edu/api/v1`, or `$UNDERSTUDY_BASE_URL/artic/api/v1` when that variable is set.
    public static var defaultBaseURL: URL { DefaultBaseURL.resolve(real: "https://api.artic.edu/api/v1", understudyPrefix: "/artic/api/v1") }

    public static func live(baseURL: URL = defaultBaseURL, session: URLSession = .shared, understudy: UnderstudyHeaders = .environment) -> ArticClient
    {
        let transport = Transport(baseURL: baseURL, session: session, headers: understudy)
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
    public static func mock(id: Int = 27992, title: String = "A Sunday on La Grande Jatte — 1884", artist: String = "Georges Seurat") -> Artwork {
        Artwork(
            id: id, title: title, apiLink: URL(string: "https://api.artic.edu/api/v1/artworks/\(id)"),
            thumbnail: .init(lqip: nil, width: 3000, height: 2016, altText: "A painting for previews."), dateDisplay: "1884–86",
            artistDisplay: "\(artist)\nFrench, 1859–1891", artistTitle: artist, placeOfOrigin: "France", description: nil,
            shortDescription: nil, dimensions: "207.5 × 308.1 cm", mediumDisplay: "Oil on canvas", creditLine: "Preview data",
            isPublicDomain: true, isOnView: true, galleryTitle: "Gallery 240", departmentTitle: "Painting and Sculpture of Europe",
            categoryTitles: ["Essentials"], imageID: "00000000-0000-0000-0000-000000000000", updatedAt: nil)
    }

    public static let mocks: [Artwork] = [
        .mock(),
        .mock(id: 111628, title: "Nighthawks", artist: "Edward Hopper"),
        .mock(id: 6565, title: "American Gothic", artist: "Grant Wood"),
    ]
}

extension ArtworkPage {
    public static func mock(_ artworks: [Artwork], limit: Int = 12) -> ArtworkPage {
        ArtworkPage(
            pagination: ArticPagination(total: artworks.count, limit: limit, totalPages: artworks.isEmpty ? 0 : 1),
            data: artworks, config: .real)
    }
}

extension ArtworkSearchResults {
    public static func mock(_ artworks: [Artwork]) -> ArtworkSearchResults {
        ArtworkSearchResults(
            pagination: ArticPagination(total: artworks.count, limit: 10, totalPages: artworks.isEmpty ? 0 : 1),
            data: artworks.map { ArtworkSearchHit(score: 100, id: $0.id, title: $0.title, apiLink: $0.apiLink, thumbnail: $0.thumbnail) },
            config: .real)
    }
}

extension ArticClient {
    public static let happy = ArticClient(
        fetchArtworks: { _, limit, _ in .mock(Artwork.mocks, limit: limit ?? 12) },
        fetchArtwork: { id in Artwork.mocks.first { $0.id == id } ?? .mock(id: id) },
        searchArtworks: { query, _ in .mock(Artwork.mocks.filter { ($0.title ?? "").localizedCaseInsensitiveContains(query) }) },
        fetchArtworksByIDs: { ids, _ in ids.compactMap { id in Artwork.mocks.first { $0.id == id } } }
    )

    public static let empty = ArticClient(
        fetchArtworks: { _, limit, _ in .mock([], limit: limit ?? 12) },
        fetchArtwork: { _ in
            throw APIError.requestFailed(status: 404, body: #"{"status":404,"error":"Not found","detail":"The item you requested cannot be found."}"#)
        },
        searchArtworks: { _, _ in .mock([]) },
        searchArtworksMatching: { _ in .mock([]) },
        fetchArtworksByIDs: { _, _ in [] }
    )

    public static func failing(_ error: APIError) -> ArticClient {
        ArticClient(
            fetchArtworks: { _, _, _ in throw error }, fetchArtwork: { _ in throw error }, searchArtworks: { _, _ in throw error },
            searchArtworksMatching: { _ in throw error }, fetchArtworksByIDs: { _, _ in throw error })
    }

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

/// The client's former name: the API goes by "artic" everywhere now.
@available(*, deprecated, renamed: "ArticClient")
public typealias ArtInstituteClient = ArticClient
