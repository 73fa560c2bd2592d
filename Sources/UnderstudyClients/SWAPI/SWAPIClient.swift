public import Foundation

#if canImport(FoundationNetworking)
public import FoundationNetworking
#endif

/// SWAPI as a struct of async closures: live against a base URL, or any
/// mock. Every error thrown by the live closures is an ``APIError``.
public struct SWAPIClient: Sendable {
    /// `GET /`: the URL of each resource list.
    public var fetchRoot: @Sendable () async throws -> SWAPIRoot
    /// `GET /films/`: a page of films (`page` from 1, 10 per page; `search` matches the title).
    public var fetchFilms: @Sendable (_ page: Int?, _ search: String?) async throws -> SWAPIPage<Film>
    /// `GET /films/{id}/`: one film.
    public var fetchFilm: @Sendable (_ id: Int) async throws -> Film
    /// `GET /people/`: a page of people (`search` matches the name).
    public var fetchPeople: @Sendable (_ page: Int?, _ search: String?) async throws -> SWAPIPage<Person>
    /// `GET /people/{id}/`: one person.
    public var fetchPerson: @Sendable (_ id: Int) async throws -> Person
    /// `GET /planets/`: a page of planets (`search` matches the name).
    public var fetchPlanets: @Sendable (_ page: Int?, _ search: String?) async throws -> SWAPIPage<Planet>
    /// `GET /planets/{id}/`: one planet.
    public var fetchPlanet: @Sendable (_ id: Int) async throws -> Planet
    /// `GET /species/`: a page of species (`search` matches the name).
    public var fetchSpecies: @Sendable (_ page: Int?, _ search: String?) async throws -> SWAPIPage<Species>
    /// `GET /species/{id}/`: one species.
    public var fetchSpeciesItem: @Sendable (_ id: Int) async throws -> Species
    /// `GET /starships/`: a page of starships (`search` matches the name or model).
    public var fetchStarships: @Sendable (_ page: Int?, _ search: String?) async throws -> SWAPIPage<Starship>
    /// `GET /starships/{id}/`: one starship.
    public var fetchStarship: @Sendable (_ id: Int) async throws -> Starship
    /// `GET /vehicles/`: a page of vehicles (`search` matches the name or model).
    public var fetchVehicles: @Sendable (_ page: Int?, _ search: String?) async throws -> SWAPIPage<Vehicle>
    /// `GET /vehicles/{id}/`: one vehicle.
    public var fetchVehicle: @Sendable (_ id: Int) async throws -> Vehicle

    /// A client from its closures, for a mock or a wrapper; each answers the property of the same name.
    ///
    /// - Parameters:
    ///   - fetchRoot: Answers ``fetchRoot``.
    ///   - fetchFilms: Answers ``fetchFilms``.
    ///   - fetchFilm: Answers ``fetchFilm``.
    ///   - fetchPeople: Answers ``fetchPeople``.
    ///   - fetchPerson: Answers ``fetchPerson``.
    ///   - fetchPlanets: Answers ``fetchPlanets``.
    ///   - fetchPlanet: Answers ``fetchPlanet``.
    ///   - fetchSpecies: Answers ``fetchSpecies``.
    ///   - fetchSpeciesItem: Answers ``fetchSpeciesItem``.
    ///   - fetchStarships: Answers ``fetchStarships``.
    ///   - fetchStarship: Answers ``fetchStarship``.
    ///   - fetchVehicles: Answers ``fetchVehicles``.
    ///   - fetchVehicle: Answers ``fetchVehicle``.
    public init(
        fetchRoot: @escaping @Sendable () async throws -> SWAPIRoot,
        fetchFilms: @escaping @Sendable (Int?, String?) async throws -> SWAPIPage<Film>,
        fetchFilm: @escaping @Sendable (Int) async throws -> Film,
        fetchPeople: @escaping @Sendable (Int?, String?) async throws -> SWAPIPage<Person>,
        fetchPerson: @escaping @Sendable (Int) async throws -> Person,
        fetchPlanets: @escaping @Sendable (Int?, String?) async throws -> SWAPIPage<Planet>,
        fetchPlanet: @escaping @Sendable (Int) async throws -> Planet,
        fetchSpecies: @escaping @Sendable (Int?, String?) async throws -> SWAPIPage<Species>,
        fetchSpeciesItem: @escaping @Sendable (Int) async throws -> Species,
        fetchStarships: @escaping @Sendable (Int?, String?) async throws -> SWAPIPage<Starship>,
        fetchStarship: @escaping @Sendable (Int) async throws -> Starship,
        fetchVehicles: @escaping @Sendable (Int?, String?) async throws -> SWAPIPage<Vehicle>,
        fetchVehicle: @escaping @Sendable (Int) async throws -> Vehicle
    ) {
        self.fetchRoot = fetchRoot
        self.fetchFilms = fetchFilms
        self.fetchFilm = fetchFilm
        self.fetchPeople = fetchPeople
        self.fetchPerson = fetchPerson
        self.fetchPlanets = fetchPlanets
        self.fetchPlanet = fetchPlanet
        self.fetchSpecies = fetchSpecies
        self.fetchSpeciesItem = fetchSpeciesItem
        self.fetchStarships = fetchStarships
        self.fetchStarship = fetchStarship
        self.fetchVehicles = fetchVehicles
        self.fetchVehicle = fetchVehicle
    }

    /// `https://swapi.dev/api`, or `$UNDERSTUDY_BASE_URL/swapi/api` when that variable is set.
    public static var defaultBaseURL: URL { UnderstudyAPI.swapi.defaultBaseURL }

    /// Calls the API at `baseURL` (the real one by default) through `session`.
    ///
    /// - Parameters:
    ///   - baseURL: The API's root; ``defaultBaseURL`` by default.
    ///   - session: The `URLSession` requests go through.
    ///   - understudy: The `X-Understudy-*` headers sent with every request. nil (the default): those the environment names
    ///     (``UnderstudyHeaders/environment``), except a header `session`'s configuration already carries in its
    ///     `httpAdditionalHeaders`, which is left as the session sends it.
    /// - Returns: A client whose closures send real requests and throw ``APIError``.
    public static func live(baseURL: URL = defaultBaseURL, session: URLSession = .shared, understudy: UnderstudyHeaders? = nil) -> SWAPIClient {
        let transport = Transport(baseURL: baseURL, session: session, understudy: understudy)
        @Sendable func list<Item: Decodable & SendableMetatype>(_ resource: String) -> @Sendable (Int?, String?) async throws -> Item {
            { page, search in try await transport.get("/\(resource)/", [("page", page.map(String.init)), ("search", search)]) }
        }
        @Sendable func item<Item: Decodable & SendableMetatype>(_ resource: String) -> @Sendable (Int) async throws -> Item {
            { id in try await transport.get("/\(resource)/\(id)/") }
        }
        return SWAPIClient(
            fetchRoot: { try await transport.get("/") },
            fetchFilms: list("films"), fetchFilm: item("films"),
            fetchPeople: list("people"), fetchPerson: item("people"),
            fetchPlanets: list("planets"), fetchPlanet: item("planets"),
            fetchSpecies: list("species"), fetchSpeciesItem: item("species"),
            fetchStarships: list("starships"), fetchStarship: item("starships"),
            fetchVehicles: list("vehicles"), fetchVehicle: item("vehicles")
        )
    }
}

/// A SWAPI model whose lists the client can page through.
public protocol SWAPIListable: Codable, Sendable, Equatable {
    static var list: KeyPath<SWAPIClient, @Sendable (Int?, String?) async throws -> SWAPIPage<Self>> { get }
}

extension Film: SWAPIListable {
    public static var list: KeyPath<SWAPIClient, @Sendable (Int?, String?) async throws -> SWAPIPage<Film>> { \.fetchFilms }
}
extension Person: SWAPIListable {
    public static var list: KeyPath<SWAPIClient, @Sendable (Int?, String?) async throws -> SWAPIPage<Person>> { \.fetchPeople }
}
extension Planet: SWAPIListable {
    public static var list: KeyPath<SWAPIClient, @Sendable (Int?, String?) async throws -> SWAPIPage<Planet>> { \.fetchPlanets }
}
extension Species: SWAPIListable {
    public static var list: KeyPath<SWAPIClient, @Sendable (Int?, String?) async throws -> SWAPIPage<Species>> { \.fetchSpecies }
}
extension Starship: SWAPIListable {
    public static var list: KeyPath<SWAPIClient, @Sendable (Int?, String?) async throws -> SWAPIPage<Starship>> { \.fetchStarships }
}
extension Vehicle: SWAPIListable {
    public static var list: KeyPath<SWAPIClient, @Sendable (Int?, String?) async throws -> SWAPIPage<Vehicle>> { \.fetchVehicles }
}

extension SWAPIClient {
    /// The page after `page` (following its `next` link, search included), or nil on the last page.
    ///
    /// - Parameter page: A page this client fetched.
    /// - Returns: The next page, or nil when `page` is the last.
    /// - Throws: ``APIError`` from the live client.
    public func nextPage<Item: SWAPIListable>(after page: SWAPIPage<Item>) async throws -> SWAPIPage<Item>? {
        guard let next = page.next, let components = URLComponents(url: next, resolvingAgainstBaseURL: false) else { return nil }
        let query = components.queryItems ?? []
        let number = query.first { $0.name == "page" }?.value.flatMap { Int($0) }
        let search = query.first { $0.name == "search" }?.value
        return try await self[keyPath: Item.list](number, search)
    }

    /// Every item of a list, following `next` links from the first page: `client.all(Film.self)`.
    ///
    /// - Parameters:
    ///   - search: SWAPI's `search` term; nil for every item.
    /// - Returns: The items of all pages, in order.
    /// - Throws: ``APIError`` from the live client.
    public func all<Item: SWAPIListable>(_: Item.Type, search: String? = nil) async throws -> [Item] {
        var page = try await self[keyPath: Item.list](nil, search)
        var items = page.results
        while let next = try await nextPage(after: page) {
            items += next.results
            page = next
        }
        return items
    }
}
