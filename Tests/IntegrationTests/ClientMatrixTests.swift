import Foundation
import Testing
import Understudy
import UnderstudyClients
import UnderstudyStaging
import UnderstudyTesting

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What a client call ended with, reduced to what a view model can tell apart.
enum Outcome: Equatable, CustomStringConvertible {
    /// Succeeded with this many items (1 for a single value).
    case items(Int)
    case status(Int)
    case decodingFailed
    case timedOut
    case transport(URLError.Code)

    init(_ call: () async throws -> Int) async {
        do {
            self = .items(try await call())
        } catch let error as APIError {
            switch error {
            case .requestFailed(let status, _): self = .status(status)
            case .decodingFailed: self = .decodingFailed
            case .timedOut: self = .timedOut
            case .transport(let code): self = .transport(code)
            case .invalidURL: self = .status(-1)
            }
        } catch {
            self = .status(-2)
        }
    }

    var description: String {
        switch self {
        case .items(let count): "\(count) item(s)"
        case .status(let status): "HTTP \(status)"
        case .decodingFailed: "decodingFailed"
        case .timedOut: "timedOut"
        case .transport(let code): "transport(\(code.rawValue))"
        }
    }
}

/// Each client method, as a call that returns how many items it got.
struct ClientMethod: Sendable, CustomTestStringConvertible {
    enum Kind: Sendable { case list, detail, root, randomFact, search }
    var name: String
    var kind: Kind
    var call: @Sendable (UnderstudyTestSession) async throws -> Int

    var testDescription: String { name }

    static let all: [ClientMethod] = [
        .init(name: "SWAPIClient.fetchRoot", kind: .root) { s in
            _ = try await s.swapi.fetchRoot()
            return 1
        },
        .init(name: "SWAPIClient.fetchFilms", kind: .list) { s in try await s.swapi.fetchFilms(nil, nil).results.count },
        .init(name: "SWAPIClient.fetchFilm", kind: .detail) { s in
            _ = try await s.swapi.fetchFilm(1)
            return 1
        },
        .init(name: "SWAPIClient.fetchPeople", kind: .list) { s in try await s.swapi.fetchPeople(nil, "sky").results.count },
        .init(name: "SWAPIClient.fetchPerson", kind: .detail) { s in
            _ = try await s.swapi.fetchPerson(1)
            return 1
        },
        .init(name: "SWAPIClient.fetchPlanets", kind: .list) { s in try await s.swapi.fetchPlanets(nil, "tat").results.count },
        .init(name: "SWAPIClient.fetchPlanet", kind: .detail) { s in
            _ = try await s.swapi.fetchPlanet(1)
            return 1
        },
        .init(name: "SWAPIClient.fetchSpecies", kind: .list) { s in try await s.swapi.fetchSpecies(nil, nil).results.count },
        .init(name: "SWAPIClient.fetchSpeciesItem", kind: .detail) { s in
            _ = try await s.swapi.fetchSpeciesItem(2)
            return 1
        },
        .init(name: "SWAPIClient.fetchStarships", kind: .list) { s in try await s.swapi.fetchStarships(nil, nil).results.count },
        .init(name: "SWAPIClient.fetchStarship", kind: .detail) { s in
            _ = try await s.swapi.fetchStarship(9)
            return 1
        },
        .init(name: "SWAPIClient.fetchVehicles", kind: .list) { s in try await s.swapi.fetchVehicles(nil, nil).results.count },
        .init(name: "SWAPIClient.fetchVehicle", kind: .detail) { s in
            _ = try await s.swapi.fetchVehicle(4)
            return 1
        },
        .init(name: "ArticClient.fetchArtworks", kind: .list) { s in try await s.artic.fetchArtworks(2, 5, nil).data.count },
        .init(name: "ArticClient.fetchArtwork", kind: .detail) { s in
            _ = try await s.artic.fetchArtwork(28560)
            return 1
        },
        .init(name: "ArticClient.searchArtworks", kind: .search) { s in try await s.artic.searchArtworks("monet", nil).data.count },
        .init(name: "ArticClient.searchArtworks(query)", kind: .search) { s in
            try await s.artic.searchArtworks(
                .init(
                    query: .bool(must: [.term("artist_id", 35809)], mustNot: [.term("is_public_domain", false)]),
                    sort: [.init("date_start", descending: true)], limit: 20)
            ).data.count
        },
        .init(name: "ArticClient.fetchArtworks(ids:)", kind: .search) { s in try await s.artic.fetchArtworks(ids: [111628, 28560]).count },
        .init(name: "CatFactClient.fetchFact", kind: .randomFact) { s in
            _ = try await s.catfact.fetchFact(120)
            return 1
        },
        .init(name: "CatFactClient.fetchFacts", kind: .list) { s in try await s.catfact.fetchFacts(2, 4).data.count },
        .init(name: "CatFactClient.fetchBreeds", kind: .list) { s in try await s.catfact.fetchBreeds(nil, 5).data.count },
    ]
}

/// The outcome a method has under a scenario, as the README's table states it.
func expectedOutcome(_ method: ClientMethod, _ scenario: String) -> (Outcome) -> Bool {
    switch scenario {
    case "happy", "delay", "slow-body", "custom-routes":
        return { if case .items(let count) = $0 { count > 0 } else { false } }
    case "empty":
        switch method.kind {
        case .root: return { $0 == .items(1) }
        case .list, .search: return { $0 == .items(0) }
        case .detail, .randomFact: return { $0 == .status(404) }
        }
    case "server-error": return { $0 == .status(500) }
    case "malformed-json": return { $0 == .decodingFailed }
    case "not-found": return { $0 == .status(404) }
    case "rate-limited": return { $0 == .status(429) }
    case "unauthorized": return { $0 == .status(401) }
    case "timeout": return { $0 == .timedOut }
    case "connection-reset": return { $0 == .transport(FaultTable.connectionReset) }
    case "truncated-body": return { $0 == .transport(FaultTable.truncatedBody) }
    default: return { _ in false }
    }
}

/// What each fault becomes at the client on Linux (swift-corelibs-foundation over libcurl); the README shows this table.
enum FaultTable {
    static let connectionReset = URLError.Code.networkConnectionLost
    /// libcurl's "transfer closed with N bytes remaining to read" has no URLError equivalent on Linux.
    static let truncatedBody = URLError.Code.unknown
}

/// Only `timeout` waits for the client to give up, so only it has the short default request timeout; every other
/// scenario gets a long one, which a passing call never waits out but which keeps `delay` (2 s) from timing out on a
/// machine slowed by a sanitizer and parallel suites.
@Suite
struct ClientMatrixTests {
    static let scenarios = [
        "happy", "empty", "server-error", "malformed-json", "delay", "not-found", "rate-limited",
        "unauthorized", "timeout", "connection-reset", "truncated-body", "slow-body",
    ]

    @Test(arguments: ClientMethod.all, scenarios)
    func eachMethodUnderEachScenario(_ method: ClientMethod, _ scenario: String) async throws {
        let requestTimeout = scenario == "timeout" ? UnderstudySession.defaultRequestTimeout : 30
        try await UnderstudySession.with(requestTimeout: requestTimeout) { remote in
            let session = UnderstudyTestSession(remote)
            try await session.use(scenario)
            let outcome = await Outcome { try await method.call(session) }
            #expect(expectedOutcome(method, scenario)(outcome), "\(method.name) under \(scenario): \(outcome)")
            // The server saw this call under this session and scenario (a held request is journaled once the client gives up).
            let entry = try await session.admin.waitForRequest(session: session.id) { _ in true }
            #expect(entry.scenario == scenario)
        }
    }
}
