import Foundation
import Testing
import UnderstudyClients
import UnderstudyExamples
import UnderstudyTesting

/// The seeds' view models against the live server, in every scenario that
/// changes what they show.
@Suite(.understudySession)
@MainActor
struct ViewModelTests {
    var session: UnderstudyTestSession { UnderstudyTestSession.current! }

    @Test func artworksHappy() async throws {
        try await session.use("happy")
        let model = ArtworksViewModel(client: session.artic)
        await model.loadArtworks()
        #expect(model.artworks.count == 12)
        #expect(model.errorMessage == nil && model.apiError == nil && !model.isLoading)
        #expect(model.artworks.allSatisfy { $0.title != nil })
    }

    @Test func artworksEmptyIsNotAnError() async throws {
        try await session.use("empty")
        let model = ArtworksViewModel(client: session.artic)
        await model.loadArtworks()
        #expect(model.artworks.isEmpty)
        #expect(model.errorMessage == nil && model.apiError == nil)
    }

    @Test func artworksFailuresEachGetTheirOwnMessage() async throws {
        var messages: [String: String] = [:]
        for scenario in ["server-error", "malformed-json", "timeout", "connection-reset", "rate-limited"] {
            try await session.use(scenario)
            let model = ArtworksViewModel(client: session.artic)
            await model.loadArtworks()
            #expect(model.artworks.isEmpty && !model.isLoading)
            messages[scenario] = model.errorMessage ?? ""
            #expect(model.errorMessage?.isEmpty == false, "\(scenario)")
            switch scenario {
            case "server-error": #expect(model.apiError?.status == 500)
            case "malformed-json": #expect({ if case .decodingFailed = model.apiError { true } else { false } }())
            case "timeout": #expect(model.apiError == .timedOut)
            case "connection-reset": #expect(model.apiError == .transport(.networkConnectionLost))
            default: #expect(model.apiError?.status == 429)
            }
        }
        #expect(Set(messages.values).count == messages.count, "distinct messages: \(messages)")
    }

    /// A session of its own with a long request timeout: `delay`'s 2 s must not time out on a machine slowed by a
    /// sanitizer and parallel suites (the suite's sessions keep the short default, which `timeout` waits out).
    @Test func artworksShowLoadingWhileDelayed() async throws {
        try await UnderstudySession.with(requestTimeout: 30) { session in
            try await session.use("delay")
            let model = ArtworksViewModel(client: session.artic)
            let load = Task { await model.loadArtworks() }
            try await Task.sleep(for: .milliseconds(300))
            #expect(model.isLoading)
            await load.value
            #expect(!model.isLoading && model.artworks.count == 12)
        }
    }

    @Test func catFactStatesGoInitialLoadingLoaded() async throws {
        try await session.use("happy")
        let model = CatFactViewModel(client: session.catfact)
        await model.loadFact(maxLength: 80)
        #expect(model.history.count == 3)
        #expect(model.history.prefix(2) == [.initial, .loading])
        guard case .loaded(let fact) = model.state else {
            Issue.record("not loaded: \(model.state)")
            return
        }
        #expect(fact.length <= 80 && fact.length == fact.fact.count)
    }

    @Test(arguments: ["server-error", "malformed-json", "timeout", "unauthorized", "empty"])
    func catFactStatesEndInError(_ scenario: String) async throws {
        try await session.use(scenario)
        let model = CatFactViewModel(client: session.catfact)
        await model.loadFact()
        #expect(model.history.count == 3)
        #expect(model.history.prefix(2) == [.initial, .loading])
        guard case .error(let message) = model.state else {
            Issue.record("\(scenario): \(model.state)")
            return
        }
        #expect(!message.isEmpty)
    }

    @Test func filmsLoadConcurrentlyInEpisodeOrder() async throws {
        try await session.use("happy")
        let model = FilmsViewModel(client: session.swapi)
        await model.loadEpisodes()
        #expect(model.films.map(\.episodeID) == [1, 2, 3, 4, 5, 6])
        #expect(model.films.first?.title == "The Phantom Menace")
        let requests = try await session.requests()
        #expect(Set(requests.map(\.path)) == Set((1...6).map { "/swapi/api/films/\($0)/" }))
    }

    @Test func filmsFailWholeWhenOneFails() async throws {
        // The first request of six fails: the list shows the error, not five films.
        try await session.use(sequence: [.init("server-error", count: 1), .init("happy")], api: .swapi)
        let model = FilmsViewModel(client: session.swapi)
        await model.loadEpisodes()
        #expect(model.films.isEmpty)
        #expect(model.apiError?.status == 500)
    }
}
