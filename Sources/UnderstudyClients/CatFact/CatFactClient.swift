public import Foundation

#if canImport(FoundationNetworking)
public import FoundationNetworking
#endif

/// catfact.ninja as a struct of async closures. Every error thrown by the
/// live closures is an ``APIError``.
public struct CatFactClient: Sendable {
    /// `GET /fact`: a random fact, at most `maxLength` characters long when given.
    public var fetchFact: @Sendable (_ maxLength: Int?) async throws -> CatFact
    /// `GET /facts`: a page of facts (`page` from 1, `limit` per page).
    public var fetchFacts: @Sendable (_ page: Int?, _ limit: Int?) async throws -> CatFactPage<CatFact>
    /// `GET /breeds`: a page of breeds (`page` from 1, `limit` per page).
    public var fetchBreeds: @Sendable (_ page: Int?, _ limit: Int?) async throws -> CatFactPage<Breed>

    /// A client from its closures, for a mock or a wrapper.
    ///
    /// - Parameters:
    ///   - fetchFact: Answers ``fetchFact``.
    ///   - fetchFacts: Answers ``fetchFacts``.
    ///   - fetchBreeds: Answers ``fetchBreeds``.
    public init(
        fetchFact: @escaping @Sendable (Int?) async throws -> CatFact,
        fetchFacts: @escaping @Sendable (Int?, Int?) async throws -> CatFactPage<CatFact>,
        fetchBreeds: @escaping @Sendable (Int?, Int?) async throws -> CatFactPage<Breed>
    ) {
        self.fetchFact = fetchFact
        self.fetchFacts = fetchFacts
        self.fetchBreeds = fetchBreeds
    }

    /// `https://catfact.ninja`, or `$UNDERSTUDY_BASE_URL/catfact` when that variable is set.
    public static var defaultBaseURL: URL { UnderstudyAPI.catfact.defaultBaseURL }

    /// Calls the API at `baseURL` (the real one by default) through `session`.
    ///
    /// - Parameters:
    ///   - baseURL: The API's root; ``defaultBaseURL`` by default.
    ///   - session: The `URLSession` requests go through.
    ///   - understudy: The `X-Understudy-*` headers sent with every request. nil (the default): those the environment names
    ///     (``UnderstudyHeaders/environment``), except a header `session`'s configuration already carries in its
    ///     `httpAdditionalHeaders`, which is left as the session sends it.
    /// - Returns: A client whose closures send real requests and throw ``APIError``.
    public static func live(
        baseURL: URL = defaultBaseURL, session: URLSession = .shared, understudy: UnderstudyHeaders? = nil
    ) -> CatFactClient {
        let transport = Transport(baseURL: baseURL, session: session, understudy: understudy)
        return CatFactClient(
            fetchFact: { maxLength in try await transport.get("/fact", [("max_length", maxLength.map(String.init))]) },
            fetchFacts: { page, limit in try await transport.get("/facts", [("page", page.map(String.init)), ("limit", limit.map(String.init))]) },
            fetchBreeds: { page, limit in try await transport.get("/breeds", [("page", page.map(String.init)), ("limit", limit.map(String.init))]) }
        )
    }
}

extension CatFact {
    /// A fact for previews and tests.
    ///
    /// - Parameter fact: The text; its length is counted from it.
    /// - Returns: The fact.
    public static func mock(_ fact: String = "Cats sleep for most of the day, in short naps.") -> CatFact { CatFact(fact: fact) }
    /// Three facts, the data of ``CatFactClient/happy``.
    public static let mocks: [CatFact] = [
        .mock(), .mock("A cat’s whiskers are about as wide as its body."), .mock("Kittens are born with blue eyes."),
    ]
}

extension Breed {
    /// A breed for previews and tests (an Abyssinian's country, origin, coat and pattern).
    ///
    /// - Parameter breed: The breed's name.
    /// - Returns: The breed.
    public static func mock(_ breed: String = "Abyssinian") -> Breed {
        Breed(breed: breed, country: "Ethiopia", origin: "Natural/Standard", coat: "Short", pattern: "Ticked")
    }
}

extension CatFactPage {
    /// A single page holding `items`.
    ///
    /// - Parameters:
    ///   - items: The page's items.
    ///   - path: The list's URL, from which the page links are made.
    /// - Returns: The page.
    public static func mock(_ items: [Item], path: String = "https://catfact.ninja/facts") -> CatFactPage {
        let first = URL(string: path + "?page=1")!
        return CatFactPage(
            currentPage: 1, data: items, firstPageURL: first, from: items.isEmpty ? nil : 1, lastPage: 1, lastPageURL: first,
            links: [
                .init(url: nil, label: "Previous", active: false), .init(url: first, label: "1", active: true),
                .init(url: nil, label: "Next", active: false),
            ],
            nextPageURL: nil, path: URL(string: path)!, perPage: Swift.max(items.count, 10), prevPageURL: nil,
            to: items.isEmpty ? nil : items.count, total: items.count)
    }
}

extension CatFactClient {
    /// Answers from ``CatFact/mocks`` without a network.
    public static let happy = CatFactClient(
        fetchFact: { maxLength in CatFact.mocks.first { $0.length <= (maxLength ?? .max) } ?? .mock() },
        fetchFacts: { _, _ in .mock(CatFact.mocks) },
        fetchBreeds: { _, _ in .mock([Breed.mock(), .mock("Bengal")], path: "https://catfact.ninja/breeds") }
    )

    /// Answers as the API does with no data: empty pages, and a 404 for a random fact.
    public static let empty = CatFactClient(
        fetchFact: { _ in throw APIError.requestFailed(status: 404, body: #"{"message":"There are no facts."}"#) },
        fetchFacts: { _, _ in .mock([]) },
        fetchBreeds: { _, _ in .mock([], path: "https://catfact.ninja/breeds") }
    )

    /// A client whose every call throws `error`.
    ///
    /// - Parameter error: The error each closure throws.
    /// - Returns: The client.
    public static func failing(_ error: APIError) -> CatFactClient {
        CatFactClient(fetchFact: { _ in throw error }, fetchFacts: { _, _ in throw error }, fetchBreeds: { _, _ in throw error })
    }

    /// A client that answers as `base` does, each call after `duration`.
    ///
    /// - Parameters:
    ///   - duration: How long each call waits before answering.
    ///   - base: The client that answers; ``happy`` by default.
    /// - Returns: The client.
    public static func delayed(_ duration: Duration, _ base: CatFactClient = .happy) -> CatFactClient {
        CatFactClient(
            fetchFact: { m in try await afterDelay(duration) { try await base.fetchFact(m) } },
            fetchFacts: { p, l in try await afterDelay(duration) { try await base.fetchFacts(p, l) } },
            fetchBreeds: { p, l in try await afterDelay(duration) { try await base.fetchBreeds(p, l) } }
        )
    }
}
