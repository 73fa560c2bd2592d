import Foundation
import Testing
import Understudy
import UnderstudyStaging
import UnderstudyTestSupport
import UnderstudyTesting

/// Happy bodies of every route, checked key by key against the contracts.
@Suite struct HappyShapeTests {
    static let cases: [(String, Shape, Int)] = [
        ("/swapi/api/", Contracts.swapiRoot, 200),
        ("/swapi/api/people/1/", Contracts.person, 200),
        ("/swapi/api/planets/1/", Contracts.planet, 200),
        ("/swapi/api/films/1/", Contracts.film, 200),
        ("/swapi/api/species/2/", Contracts.species, 200),
        ("/swapi/api/starships/9/", Contracts.starship, 200),
        ("/swapi/api/vehicles/4/", Contracts.vehicle, 200),
        ("/swapi/api/people/", Contracts.swapiList(Contracts.person), 200),
        ("/swapi/api/people/999/", Contracts.swapiError, 404),
        ("/artic/api/v1/artworks", Contracts.articList(Contracts.artwork, prev: false, next: true), 200),
        ("/artic/api/v1/artworks/28560", Contracts.articDetail, 200),
        ("/artic/api/v1/artworks/search?q=monet", Contracts.articSearch, 200),
        ("/artic/api/v1/artworks/1", Contracts.articError, 404),
        ("/artic/api/v1/nothing-here", Contracts.articError, 404),
        ("/catfact/fact", Contracts.fact, 200),
        ("/catfact/facts", Contracts.laravelPage(Contracts.fact), 200),
        ("/catfact/breeds", Contracts.laravelPage(Contracts.breed), 200),
    ]

    @Test(arguments: cases.indices)
    func bodyMatchesTheContract(_ index: Int) async throws {
        let (path, shape, status) = Self.cases[index]
        let response = try await fetch(path)
        #expect(response.status == status, "\(path)")
        #expect(response.header("Content-Type") == "application/json")
        #expect(response.header("X-Understudy-Scenario") == "happy")
        let problems = shape.check(try response.json(), base: shared.baseURL.absoluteString)
        #expect(problems.isEmpty, "\(path): \(problems.prefix(5).joined(separator: "; "))")
    }

    @Test(arguments: [
        ("people", 82, Contracts.person), ("planets", 60, Contracts.planet), ("films", 6, Contracts.film),
        ("species", 37, Contracts.species), ("starships", 36, Contracts.starship), ("vehicles", 39, Contracts.vehicle),
    ])
    func everySWAPIItemOnEveryPageMatches(_ resource: String, _ count: Int, _ item: Shape) async throws {
        var next: String? = "/swapi/api/\(resource)/"
        var seen = 0
        let base = shared.baseURL.absoluteString
        while let path = next {
            let page = try await fetch(path).json()
            let problems = Contracts.swapiList(item).check(page, base: base)
            #expect(problems.isEmpty, "\(path): \(problems.prefix(3))")
            #expect(page["count"]?.intValue == count)
            seen += page["results"]?.arrayValue?.count ?? 0
            next = page["next"]?.stringValue.map { String($0.dropFirst(base.count)) }
        }
        #expect(seen == count)
    }

    @Test func everyArtworkMatchesTheContract() async throws {
        let page = try await fetch("/artic/api/v1/artworks?limit=100").json()
        let artworks = try #require(page["data"]?.arrayValue)
        #expect(artworks.count == 20)
        for artwork in artworks {
            let problems = Contracts.artwork.check(artwork, base: shared.baseURL.absoluteString)
            #expect(problems.isEmpty, "artwork \(artwork["id"]?.intValue ?? 0): \(problems.prefix(3))")
        }
    }

    @Test func catfactLengthCountsCharactersAndBodiesEscapeLikePHP() async throws {
        let page = try await fetch("/catfact/facts?limit=100")
        let facts = try #require(try page.json()["data"]?.arrayValue)
        #expect(facts.count >= 50)
        for fact in facts {
            #expect(fact["length"]?.intValue == fact["fact"]?.stringValue?.count)
        }
        #expect(page.text.contains(#"http:\/\/127.0.0.1"#))
        #expect(!page.text.contains("’"), "non-ASCII is escaped as \\uXXXX, as PHP does")
        let breeds = try await fetch("/catfact/breeds?limit=100").json()
        #expect((breeds["data"]?.arrayValue?.count ?? 0) >= 20)
    }

    @Test func reverseRelationsAreComputed() async throws {
        let base = shared.baseURL.absoluteString
        let luke = try await fetch("/swapi/api/people/1/").json()
        #expect(luke["films"] == .array([1, 2, 3, 6].map { .string("\(base)/swapi/api/films/\($0)/") }))
        #expect(luke["vehicles"] == .array([14, 30].map { .string("\(base)/swapi/api/vehicles/\($0)/") }))
        let tatooine = try await fetch("/swapi/api/planets/1/").json()
        #expect(tatooine["residents"]?.arrayValue?.count == 10)
        let droid = try await fetch("/swapi/api/species/2/").json()
        #expect(droid["homeworld"] == .null)
    }

    @Test func linksFollowTheHostHeader() throws {
        let reply = try rawRequest(
            port: shared.port, "GET /swapi/api/people/?page=2 HTTP/1.1\r\nHost: staging.example:9000\r\nConnection: close\r\n\r\n")
        #expect(reply.contains(#""next":"http://staging.example:9000/swapi/api/people/?page=3""#))
        #expect(reply.contains(#""url":"http://staging.example:9000/swapi/api/people/11/""#))
        #expect(!reply.contains("swapi.dev"))
        let hostile = try rawRequest(port: shared.port, "GET /swapi/api/people/1/ HTTP/1.1\r\nHost: evil\"host\r\nConnection: close\r\n\r\n")
        #expect(hostile.hasPrefix("HTTP/1.1 400"), "a malformed Host is refused before any link is rendered (RFC 9112 §3.2)")
        // HTTP/1.0 may send no Host: links then fall back to the server's own address.
        let hostless = try rawRequest(port: shared.port, "GET /swapi/api/people/1/ HTTP/1.0\r\n\r\n")
        #expect(hostless.contains(#""url":"http://127.0.0.1:\#(shared.port)/swapi/api/people/1/""#), "no Host falls back to the server's address")
    }

    /// The server remembers the response chosen for a repeated target; that must never
    /// cross hosts or scenarios, nor freeze a route that picks at random.
    @Test func repeatedTargetsStillFollowHostScenarioAndChance() async throws {
        for host in ["a.example", "b.example:81", "a.example"] {
            for _ in 0..<2 {
                let reply = try rawRequest(port: shared.port, "GET /swapi/api/people/?page=2 HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n\r\n")
                #expect(reply.contains(#""next":"http://\#(host)/swapi/api/people/?page=3""#), "\(host)")
            }
        }
        let happy = try await fetch("/catfact/facts?page=2").data
        let malformed = try await fetch("/catfact/facts?page=2", scenario: "malformed-json").data
        #expect(try await fetch("/catfact/facts?page=2").data == happy)
        #expect(malformed.count < happy.count && happy.starts(with: malformed))
        #expect(try await fetch("/catfact/facts?page=2&limit=10").data == happy, "another target for the same route")
        var facts: Set<Data> = []
        for _ in 0..<40 { facts.insert(try await fetch("/catfact/fact").data) }
        #expect(facts.count > 1, "/catfact/fact still picks a fact per request")
    }

    /// A connection reuses its last Host string while the next request names the same bytes: requests of one
    /// keep-alive connection that change Host (same length, other bytes; another length) each get their own links.
    @Test func oneConnectionFollowsEachRequestsHost() throws {
        let hosts = ["a.test:1", "a.test:1", "b.test:1", "b.test:22", "a.test:1", "b.test:2"]
        let payload = hosts.enumerated().map { index, host in
            "GET /swapi/api/people/1/ HTTP/1.1\r\nHost: \(host)\r\n\(index == hosts.count - 1 ? "Connection: close\r\n" : "")\r\n"
        }.joined()
        let reply = try rawRequest(port: shared.port, payload)
        let homeworlds = reply.components(separatedBy: #""homeworld":""#).dropFirst().map { String($0.prefix { $0 != "\"" }) }
        #expect(homeworlds == hosts.map { "http://\($0)/swapi/api/planets/1/" })
    }

    @Test func pathsWorkWithAndWithoutTrailingSlash() async throws {
        for path in ["/swapi/api", "/swapi/api/people", "/swapi/api/people/1", "/artic/api/v1/artworks/", "/catfact/facts/"] {
            #expect(try await fetchOverTheWire(path).status == 200, "\(path)")
        }
    }
}
