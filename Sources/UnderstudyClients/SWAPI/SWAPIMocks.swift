import Foundation

private let mockDate = Date(timeIntervalSince1970: 1_418_221_411)  // 2014-12-10, when SWAPI's data was created
private func link(_ resource: String, _ id: Int) -> URL { URL(string: "https://swapi.dev/api/\(resource)/\(id)/")! }

extension Film {
    /// A film with plausible values; override what a test cares about.
    ///
    /// - Parameters:
    ///   - id: The film's id, in its `url`.
    ///   - episodeID: The episode number.
    ///   - title: The title.
    ///   - releaseDate: The release date as SWAPI writes it (`yyyy-MM-dd`).
    /// - Returns: The film.
    public static func mock(id: Int = 1, episodeID: Int = 4, title: String = "A New Hope", releaseDate: String = "1977-05-25") -> Film {
        Film(
            title: title, episodeID: episodeID, openingCrawl: "A short crawl written for previews.", director: "George Lucas",
            producer: "Gary Kurtz, Rick McCallum", releaseDate: APIDecoder.parseDate(releaseDate) ?? mockDate,
            characters: [link("people", 1)], planets: [link("planets", 1)], starships: [], vehicles: [], species: [],
            created: mockDate, edited: mockDate, url: link("films", id))
    }

    /// The six films of the original and prequel trilogies, by episode.
    public static let mocks: [Film] = [
        (4, 1, "A New Hope", "1977-05-25"), (5, 2, "The Empire Strikes Back", "1980-05-17"), (6, 3, "Return of the Jedi", "1983-05-25"),
        (1, 4, "The Phantom Menace", "1999-05-19"), (2, 5, "Attack of the Clones", "2002-05-16"), (3, 6, "Revenge of the Sith", "2005-05-19"),
    ].map { Film.mock(id: $0.1, episodeID: $0.0, title: $0.2, releaseDate: $0.3) }
}

extension Person {
    /// A person with plausible values; override what a test cares about.
    ///
    /// - Parameters:
    ///   - id: Its id, in its `url`.
    ///   - name: Its name.
    ///   - homeworld: The id of the planet its `homeworld` links to.
    /// - Returns: The person.
    public static func mock(id: Int = 1, name: String = "Luke Skywalker", homeworld: Int = 1) -> Person {
        Person(
            name: name, height: "172", mass: "77", hairColor: "blond", skinColor: "fair", eyeColor: "blue", birthYear: "19BBY",
            gender: "male", homeworld: link("planets", homeworld), films: [link("films", 1)], species: [], vehicles: [], starships: [],
            created: mockDate, edited: mockDate, url: link("people", id))
    }
}

extension Planet {
    /// A planet with plausible values; override what a test cares about.
    ///
    /// - Parameters:
    ///   - id: Its id, in its `url`.
    ///   - name: Its name.
    /// - Returns: The planet.
    public static func mock(id: Int = 1, name: String = "Tatooine") -> Planet {
        Planet(
            name: name, rotationPeriod: "23", orbitalPeriod: "304", diameter: "10465", climate: "arid", gravity: "1 standard",
            terrain: "desert", surfaceWater: "1", population: "200000", residents: [link("people", 1)], films: [link("films", 1)],
            created: mockDate, edited: mockDate, url: link("planets", id))
    }
}

extension Species {
    /// A species with plausible values; override what a test cares about.
    ///
    /// - Parameters:
    ///   - id: Its id, in its `url`.
    ///   - name: Its name.
    /// - Returns: The species.
    public static func mock(id: Int = 1, name: String = "Human") -> Species {
        Species(
            name: name, classification: "mammal", designation: "sentient", averageHeight: "180", skinColors: "fair",
            hairColors: "brown", eyeColors: "brown", averageLifespan: "120", homeworld: link("planets", 9), language: "Galactic Basic",
            people: [link("people", 66)], films: [link("films", 1)], created: mockDate, edited: mockDate, url: link("species", id))
    }
}

extension Starship {
    /// A starship with plausible values; override what a test cares about.
    ///
    /// - Parameters:
    ///   - id: Its id, in its `url`.
    ///   - name: Its name.
    /// - Returns: The starship.
    public static func mock(id: Int = 12, name: String = "X-wing") -> Starship {
        Starship(
            name: name, model: "T-65 X-wing", manufacturer: "Incom Corporation", costInCredits: "149999", length: "12.5",
            maxAtmospheringSpeed: "1050", crew: "1", passengers: "0", cargoCapacity: "110", consumables: "1 week",
            hyperdriveRating: "1.0", megalights: "100", starshipClass: "Starfighter", pilots: [link("people", 1)],
            films: [link("films", 1)], created: mockDate, edited: mockDate, url: link("starships", id))
    }
}

extension Vehicle {
    /// A vehicle with plausible values; override what a test cares about.
    ///
    /// - Parameters:
    ///   - id: Its id, in its `url`.
    ///   - name: Its name.
    /// - Returns: The vehicle.
    public static func mock(id: Int = 14, name: String = "Snowspeeder") -> Vehicle {
        Vehicle(
            name: name, model: "t-47 airspeeder", manufacturer: "Incom corporation", costInCredits: "unknown", length: "4.5",
            maxAtmospheringSpeed: "650", crew: "2", passengers: "0", cargoCapacity: "10", consumables: "none",
            vehicleClass: "airspeeder", pilots: [link("people", 1)], films: [link("films", 2)], created: mockDate, edited: mockDate,
            url: link("vehicles", id))
    }
}

extension SWAPIRoot {
    /// The real API's resource lists.
    public static let mock = SWAPIRoot(
        people: URL(string: "https://swapi.dev/api/people/")!, planets: URL(string: "https://swapi.dev/api/planets/")!,
        films: URL(string: "https://swapi.dev/api/films/")!, species: URL(string: "https://swapi.dev/api/species/")!,
        vehicles: URL(string: "https://swapi.dev/api/vehicles/")!, starships: URL(string: "https://swapi.dev/api/starships/")!
    )
}

extension SWAPIPage {
    /// A single page holding `items`.
    ///
    /// - Parameter items: The page's items.
    /// - Returns: The page, with no `next` or `previous` link.
    public static func mock(_ items: [Item]) -> SWAPIPage { SWAPIPage(count: items.count, results: items) }
}

extension SWAPIClient {
    /// Every closure answers at once from the `.mock` values (search filters by name or title).
    public static let happy: SWAPIClient = {
        func page<Item>(_ items: [Item], _ name: @escaping @Sendable (Item) -> String) -> @Sendable (Int?, String?) async throws -> SWAPIPage<Item> {
            { _, search in .mock(items.filter { search == nil || name($0).localizedCaseInsensitiveContains(search!) }) }
        }
        let people = [Person.mock(), .mock(id: 4, name: "Darth Vader"), .mock(id: 5, name: "Leia Organa", homeworld: 2)]
        return SWAPIClient(
            fetchRoot: { .mock },
            fetchFilms: page(Film.mocks, \.title), fetchFilm: { id in Film.mocks.first { $0.id == id } ?? .mock(id: id) },
            fetchPeople: page(people, \.name), fetchPerson: { .mock(id: $0) },
            fetchPlanets: page([Planet.mock()], \.name), fetchPlanet: { .mock(id: $0) },
            fetchSpecies: page([Species.mock()], \.name), fetchSpeciesItem: { .mock(id: $0) },
            fetchStarships: page([Starship.mock()], \.name), fetchStarship: { .mock(id: $0) },
            fetchVehicles: page([Vehicle.mock()], \.name), fetchVehicle: { .mock(id: $0) }
        )
    }()

    /// Empty lists; details fail with the real API's 404.
    public static let empty: SWAPIClient = {
        let notFound = APIError.requestFailed(status: 404, body: #"{"detail":"Not found"}"#)
        return SWAPIClient(
            fetchRoot: { .mock },
            fetchFilms: { _, _ in .mock([]) }, fetchFilm: { _ in throw notFound },
            fetchPeople: { _, _ in .mock([]) }, fetchPerson: { _ in throw notFound },
            fetchPlanets: { _, _ in .mock([]) }, fetchPlanet: { _ in throw notFound },
            fetchSpecies: { _, _ in .mock([]) }, fetchSpeciesItem: { _ in throw notFound },
            fetchStarships: { _, _ in .mock([]) }, fetchStarship: { _ in throw notFound },
            fetchVehicles: { _, _ in .mock([]) }, fetchVehicle: { _ in throw notFound }
        )
    }()

    /// Every closure throws `error`.
    ///
    /// - Parameter error: The error each closure throws.
    /// - Returns: The client.
    public static func failing(_ error: APIError) -> SWAPIClient {
        SWAPIClient(
            fetchRoot: { throw error },
            fetchFilms: { _, _ in throw error }, fetchFilm: { _ in throw error },
            fetchPeople: { _, _ in throw error }, fetchPerson: { _ in throw error },
            fetchPlanets: { _, _ in throw error }, fetchPlanet: { _ in throw error },
            fetchSpecies: { _, _ in throw error }, fetchSpeciesItem: { _ in throw error },
            fetchStarships: { _, _ in throw error }, fetchStarship: { _ in throw error },
            fetchVehicles: { _, _ in throw error }, fetchVehicle: { _ in throw error }
        )
    }

    /// `base` (happy by default), answering after `duration`: for loading states in previews.
    ///
    /// - Parameters:
    ///   - duration: How long each call waits before answering.
    ///   - base: The client that answers.
    /// - Returns: The client.
    public static func delayed(_ duration: Duration, _ base: SWAPIClient = .happy) -> SWAPIClient {
        SWAPIClient(
            fetchRoot: { try await afterDelay(duration) { try await base.fetchRoot() } },
            fetchFilms: { p, s in try await afterDelay(duration) { try await base.fetchFilms(p, s) } },
            fetchFilm: { id in try await afterDelay(duration) { try await base.fetchFilm(id) } },
            fetchPeople: { p, s in try await afterDelay(duration) { try await base.fetchPeople(p, s) } },
            fetchPerson: { id in try await afterDelay(duration) { try await base.fetchPerson(id) } },
            fetchPlanets: { p, s in try await afterDelay(duration) { try await base.fetchPlanets(p, s) } },
            fetchPlanet: { id in try await afterDelay(duration) { try await base.fetchPlanet(id) } },
            fetchSpecies: { p, s in try await afterDelay(duration) { try await base.fetchSpecies(p, s) } },
            fetchSpeciesItem: { id in try await afterDelay(duration) { try await base.fetchSpeciesItem(id) } },
            fetchStarships: { p, s in try await afterDelay(duration) { try await base.fetchStarships(p, s) } },
            fetchStarship: { id in try await afterDelay(duration) { try await base.fetchStarship(id) } },
            fetchVehicles: { p, s in try await afterDelay(duration) { try await base.fetchVehicles(p, s) } },
            fetchVehicle: { id in try await afterDelay(duration) { try await base.fetchVehicle(id) } }
        )
    }
}
