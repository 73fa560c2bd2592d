import Foundation
import Testing
import Understudy
import UnderstudyDocuments
import UnderstudyStaging
import UnderstudyTestSupport
import UnderstudyTesting

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Each API × each bundled scenario, through the real server and URLSession.
@Suite struct ScenarioMatrixTests {
    static let lists = [UnderstudyAPI.swapi: "/swapi/api/people/", .artic: "/artic/api/v1/artworks", .catfact: "/catfact/facts"]
    static let details = [UnderstudyAPI.swapi: "/swapi/api/people/1/", .artic: "/artic/api/v1/artworks/28560", .catfact: "/catfact/fact"]
    static let scenarios = [
        "happy", "empty", "server-error", "malformed-json", "delay", "not-found", "rate-limited",
        "unauthorized", "timeout", "connection-reset", "truncated-body", "slow-body", "graphql-errors", "partial-data",
    ]
    static let cases = UnderstudyAPI.allCases.flatMap { api in scenarios.map { (api, $0) } }

    /// Number of items in a list body, whatever the API's pagination style.
    static func itemCount(_ body: JSONValue, _ api: UnderstudyAPI) -> Int? {
        switch api {
        case .swapi: body["count"]?.intValue
        case .artic: body["pagination"]?["total"]?.intValue
        case .catfact: body["total"]?.intValue
        }
    }

    @Test(arguments: cases)
    func listAndDetail(_ api: UnderstudyAPI, _ scenario: String) async throws {
        let list = Self.lists[api]!
        let detail = Self.details[api]!
        switch scenario {
        // GraphQL's own faults change nothing of a REST API: the three answer as `happy`.
        case "happy", "graphql-errors", "partial-data":
            let response = try await fetchOverTheWire(list, scenario: scenario)
            #expect(response.status == 200)
            #expect((Self.itemCount(try response.json(), api) ?? 0) > 0)
            #expect(try await fetchOverTheWire(detail, scenario: scenario).status == 200)

        case "empty":
            let response = try await fetchOverTheWire(list, scenario: scenario)
            #expect(response.status == 200)
            let body = try response.json()
            #expect(Self.itemCount(body, api) == 0)
            let shape =
                switch api {
                case .swapi: Contracts.swapiList(Contracts.person)
                case .artic: Contracts.articList(Contracts.artwork, prev: false, next: false)
                case .catfact: Contracts.laravelPage(Contracts.fact)
                }
            #expect(shape.check(body, base: shared.baseURL.absoluteString).isEmpty)
            #expect(try await fetchOverTheWire(detail, scenario: scenario).status == 404)

        case "server-error":
            for path in [list, detail] {
                let response = try await fetchOverTheWire(path, scenario: scenario)
                #expect(response.status == 500)
                switch api {
                case .swapi:
                    #expect(response.header("Content-Type") == "text/html; charset=utf-8")
                    #expect(response.text.contains("<h1>Server Error (500)</h1>"))
                case .artic: #expect(try response.json()["status"]?.intValue == 500)
                case .catfact: #expect(try response.json() == .object([.init("message", .string("Server Error"))]))
                }
            }

        case "malformed-json":
            let response = try await fetchOverTheWire(list, scenario: scenario)
            #expect(response.status == 200)
            #expect(response.header("Content-Type") == "application/json")
            #expect(!response.data.isEmpty)
            #expect(throws: FileProblem.self) { try parseJSON(response.data) }

        case "delay":
            let response = try await fetchOverTheWire(detail, scenario: scenario, headers: ["X-Understudy-Delay": "300"])
            #expect(response.status == 200)
            #expect(response.elapsed >= 0.3)

        case "not-found":
            let response = try await fetchOverTheWire(detail, scenario: scenario)
            #expect(response.status == 404)
            let expected: JSONValue =
                switch api {
                case .swapi: .object([.init("detail", .string("Not found"))])
                case .artic:
                    .object([
                        .init("status", .int(404)), .init("error", .string("Not found")),
                        .init("detail", .string("The item you requested cannot be found.")),
                    ])
                case .catfact: .object([.init("message", .string("Not Found"))])
                }
            #expect(try response.json() == expected)

        case "rate-limited":
            let response = try await fetchOverTheWire(list, scenario: scenario)
            #expect(response.status == 429)
            #expect(response.header("Retry-After") == "60")
            _ = try response.json()

        case "unauthorized":
            let response = try await fetchOverTheWire(list, scenario: scenario)
            #expect(response.status == 401)
            _ = try response.json()

        case "timeout":
            let error = await #expect(throws: URLError.self) {
                try await fetchOverTheWire(detail, scenario: scenario, session: makeSession(timeout: 1))
            }
            #expect(error?.code == .timedOut)

        case "connection-reset", "truncated-body":
            let error = await #expect(throws: URLError.self) { try await fetchOverTheWire(list, scenario: scenario) }
            #expect(error != nil && error?.code != .timedOut, "a transport error, not a timeout: \(String(describing: error))")

        case "slow-body":
            let response = try await fetchOverTheWire(list, scenario: scenario, headers: ["X-Understudy-Delay": "500"])
            #expect(response.status == 200)
            #expect(response.elapsed >= 0.4)
            _ = try response.json()

        default:
            Issue.record("no expectation written for \(scenario)")
        }
    }

    @Test func delayScenarioWaitsItsDefaultTwoSeconds() async throws {
        let response = try await fetchOverTheWire("/catfact/fact", scenario: "delay")
        #expect(response.status == 200)
        #expect(response.elapsed >= 2.0)
    }

    @Test func everyBundledScenarioIsCovered() {
        let bundled = Set(shared.scenarioNames)
        #expect(bundled.isSuperset(of: Self.scenarios))
        #expect(bundled.subtracting(Self.scenarios) == ["custom-routes"])
    }

    @Test func unknownScenarioHeaderIsA400NamingTheKnownOnes() async throws {
        let response = try await fetchOverTheWire("/catfact/fact", scenario: "nope")
        #expect(response.status == 400)
        let body = try response.json()
        #expect(body["error"]?.stringValue == "unknown scenario")
        #expect(body["detail"]?.stringValue?.contains("happy, malformed-json") == true)
    }

    @Test func badDelayHeaderIsA400() async throws {
        let response = try await fetchOverTheWire("/catfact/fact", headers: ["X-Understudy-Delay": "soon"])
        #expect(response.status == 400)
    }

    @Test func customRoutesServeTheirOwnEndpointsAndOverrides() async throws {
        let user = try await fetchOverTheWire("/myapp/users/42", scenario: "custom-routes")
        #expect(user.status == 200)
        #expect(user.header("Cache-Control") == "no-store")
        let base = shared.baseURL.absoluteString
        #expect(
            try user.json()
                == .object([
                    .init("id", .string("42")), .init("profile", .string("\(base)/myapp/users/42")),
                    .init("favourite_film", .string("\(base)/swapi/api/films/1/")),
                ]))
        let created = try await fetchOverTheWire("/myapp/users", scenario: "custom-routes", method: "POST")
        #expect(created.status == 201)
        let slow = try await fetchOverTheWire("/swapi/api/people/1/", scenario: "custom-routes")
        #expect(slow.elapsed >= 1.0)
        #expect(try slow.json()["name"]?.stringValue == "Luke Skywalker")
        let other = try await fetchOverTheWire("/myapp/users/42")
        #expect(other.status == 404, "custom routes belong to their scenario only")
    }

    @Test func nonGetMethodsOnAPIRoutesAre405() async throws {
        let response = try await fetchOverTheWire("/swapi/api/people/", method: "POST")
        #expect(response.status == 405)
        #expect(response.header("Allow") == "GET, HEAD, OPTIONS")
    }

    @Test func preflightsNameTheMethodsEachRouteTakes() async throws {
        let list = try await fetchOverTheWire("/artic/api/v1/artworks", method: "OPTIONS")
        #expect(list.status == 204)
        #expect(list.header("Access-Control-Allow-Methods") == "GET, HEAD, OPTIONS")
        // A browser app's JSON search is preflighted: POST must be named, or the browser never sends it.
        let search = try await fetchOverTheWire("/artic/api/v1/artworks/search", method: "OPTIONS")
        #expect(search.status == 204)
        #expect(search.header("Access-Control-Allow-Methods") == "GET, HEAD, POST, OPTIONS")
        #expect(search.header("Access-Control-Allow-Headers")?.contains("Content-Type") == true)
    }

    @Test func parkedDelaysDoNotHoldThreads() async throws {
        // 200 delayed requests parked on a server with a 2-thread pool; while every one of them
        // waits, an undelayed request is still answered. No clock involved: the delay is far longer
        // than the test, and stopping the server answers the parked requests.
        let server = try UnderstudyTestServer(threads: 2)
        let session = makeSession(timeout: 120)  // longer than the watchdog: a request given up on never parks
        try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<200 {
                group.addTask {
                    try await fetchOverTheWire(
                        "/catfact/fact", scenario: "delay", headers: ["X-Understudy-Delay": "60000"],
                        server: server, session: session
                    ).status
                }
            }
            try await waitUntil(seconds: 60) {
                server.parkedConnections == 200
            } state: {
                "\(server.parkedConnections) parked"
            }
            let undelayed = try await fetchOverTheWire("/catfact/fact", server: server, session: session)
            #expect(undelayed.status == 200)
            #expect(server.parkedConnections == 200, "the undelayed request was answered while all 200 stayed parked")
            server.stop()
            for try await status in group { #expect(status == 200) }
        }
    }
}
