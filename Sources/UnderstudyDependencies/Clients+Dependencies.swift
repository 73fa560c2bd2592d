@_exported import Dependencies
public import UnderstudyClients

// Registers the three clients with swift-dependencies, so app code reads
// `@Dependency(\.catFactClient) var catFactClient`: live in the app,
// `.happy` in previews, and in tests every call fails loudly until the
// test overrides the client.

extension SWAPIClient: DependencyKey {
    public static var liveValue: SWAPIClient { .live() }
    public static var previewValue: SWAPIClient { .happy }
    public static var testValue: SWAPIClient {
        SWAPIClient(
            fetchRoot: unimplemented("SWAPIClient.fetchRoot"),
            fetchFilms: unimplemented("SWAPIClient.fetchFilms"), fetchFilm: unimplemented("SWAPIClient.fetchFilm"),
            fetchPeople: unimplemented("SWAPIClient.fetchPeople"), fetchPerson: unimplemented("SWAPIClient.fetchPerson"),
            fetchPlanets: unimplemented("SWAPIClient.fetchPlanets"), fetchPlanet: unimplemented("SWAPIClient.fetchPlanet"),
            fetchSpecies: unimplemented("SWAPIClient.fetchSpecies"), fetchSpeciesItem: unimplemented("SWAPIClient.fetchSpeciesItem"),
            fetchStarships: unimplemented("SWAPIClient.fetchStarships"), fetchStarship: unimplemented("SWAPIClient.fetchStarship"),
            fetchVehicles: unimplemented("SWAPIClient.fetchVehicles"), fetchVehicle: unimplemented("SWAPIClient.fetchVehicle")
        )
    }
}

extension ArticClient: DependencyKey {
    public static var liveValue: ArticClient { .live() }
    public static var previewValue: ArticClient { .happy }
    public static var testValue: ArticClient {
        ArticClient(
            fetchArtworks: unimplemented("ArticClient.fetchArtworks"),
            fetchArtwork: unimplemented("ArticClient.fetchArtwork"),
            searchArtworks: unimplemented("ArticClient.searchArtworks"),
            searchArtworksMatching: unimplemented("ArticClient.searchArtworksMatching"),
            fetchArtworksByIDs: unimplemented("ArticClient.fetchArtworksByIDs")
        )
    }
}

extension CatFactClient: DependencyKey {
    public static var liveValue: CatFactClient { .live() }
    public static var previewValue: CatFactClient { .happy }
    public static var testValue: CatFactClient {
        CatFactClient(
            fetchFact: unimplemented("CatFactClient.fetchFact"),
            fetchFacts: unimplemented("CatFactClient.fetchFacts"),
            fetchBreeds: unimplemented("CatFactClient.fetchBreeds")
        )
    }
}

extension DependencyValues {
    public var swapiClient: SWAPIClient {
        get { self[SWAPIClient.self] }
        set { self[SWAPIClient.self] = newValue }
    }

    public var articClient: ArticClient {
        get { self[ArticClient.self] }
        set { self[ArticClient.self] = newValue }
    }

    public var catFactClient: CatFactClient {
        get { self[CatFactClient.self] }
        set { self[CatFactClient.self] = newValue }
    }

}
