import Foundation
import Testing
import UnderstudyTestSupport
import UnderstudyTesting

/// GraphQL requests of a HAR become a `graphql:` entry keyed by operation (named as the engine names them: the
/// `operationName`, else the document's one named operation), served by the real server's GraphQL support.
@Suite struct HARGraphQLTests {
    static let getFilms = "{\"operationName\":\"GetFilms\",\"query\":\"query GetFilms { allFilms { films { title } } }\",\"variables\":{}}"
    static let signIn =
        "{\"operationName\":\"SignIn\",\"query\":\"mutation SignIn($email: String!, $password: String!) { signIn(email: $email, password: $password) { token } }\",\"variables\":{\"email\":\"ada@example.com\",\"password\":\"x\"}}"

    static func person(_ id: String) -> String {
        "{\"query\":\"query GetPerson($id: ID!) { person(id: $id) { name } }\",\"variables\":{\"id\":\"\(id)\"}}"
    }

    static func post(_ port: Int, _ body: String, session: String? = nil) throws -> Answer {
        var headers = ["Content-Type": "application/json"]
        if let session { headers["X-Understudy-Session"] = session }
        return try request(port, "/gql/graphql", method: "POST", headers: headers, body: body)
    }

    @Test func operationsBecomeAGraphQLEntryAndReplay() async throws {
        let run = try HARImportRun.run(HARFixture.path("graphql.har"), ["--prefix", "/gql=https://graph.example.com"])
        defer { run.remove() }
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains(": 2 routes, 5 GraphQL operations"), "\(run.stdout)")
        #expect(run.stdout.contains("1 requests at a GraphQL path that name no operation"), "the batch: \(run.stdout)")
        let yaml = try run.text("imported.yaml")
        #expect(yaml.contains("graphql:\n  - path: \"/gql/graphql\"\n    operations:\n"), "\(yaml)")
        #expect(yaml.contains("- variables: {json: {\"id\": \"1\"}}"), "GetPerson is keyed by its variables: \(yaml)")
        #expect(!yaml.contains("gql-password"), "a sign-in's variables are never a matcher")
        let validate = try run.validate()
        #expect(validate.status == 0, "\(validate.stderr)")

        let server = try await UnderstudyTestServer.start(scenarios: run.folder, scenario: "imported")
        let films = try Self.post(server.port, Self.getFilms)
        #expect(films.status == 200)
        #expect(
            jsonObject(films.body)
                == jsonObject("{\"data\":{\"allFilms\":{\"films\":[{\"title\":\"A New Hope\"},{\"title\":\"The Empire Strikes Back\"}]}}}"),
            "the last answer: \(films.body)")
        #expect(jsonObject(try Self.post(server.port, Self.person("1")).body) == jsonObject("{\"data\":{\"person\":{\"name\":\"Luke Skywalker\"}}}"))
        #expect(jsonObject(try Self.post(server.port, Self.person("2")).body) == jsonObject("{\"data\":{\"person\":{\"name\":\"C-3PO\"}}}"))
        let starships = try request(
            server.port, "/gql/graphql?operationName=GetStarships&query=query%20GetStarships%20%7B%20allStarships%20%7B%20totalCount%20%7D%20%7D")
        #expect(jsonObject(starships.body) == jsonObject("{\"data\":{\"allStarships\":{\"totalCount\":36}}}"), "\(starships.raw)")
        let planets = try request(server.port, "/gql/graphql?query=%7B%20allPlanets%20%7B%20totalCount%20%7D%20%7D")
        #expect(jsonObject(planets.body) == jsonObject("{\"data\":{\"allPlanets\":{\"totalCount\":60}}}"), "an anonymous GET keeps its route")
        #expect(jsonObject(try Self.post(server.port, Self.signIn).body) == jsonObject("{\"data\":{\"signIn\":{\"token\":\"REDACTED\"}}}"))
        #expect(jsonObject(try request(server.port, "/gql/health").body) == jsonObject("{\"ok\":true}"))
    }

    /// An operation answered differently (a wrong password, then the right one) replays in turn from session routes.
    @Test func anOperationsAnswersReplayInOrder() async throws {
        let run = try HARImportRun.run(HARFixture.path("graphql.har"), ["--prefix", "/gql=https://graph.example.com"])
        defer { run.remove() }
        #expect(run.status == 0, "\(run.stderr)")
        let routes = try run.text("data/imported/session-routes.json")
        #expect(routes.contains("\"operation\":\"SignIn\"") && routes.contains("\"operation\":\"GetFilms\""), "\(routes)")
        let server = try await UnderstudyTestServer.start(scenarios: run.folder, scenario: "imported")
        let posted = try request(
            server.port, "/__admin/sessions/sign-in/routes", method: "POST", headers: ["Content-Type": "application/json"], body: routes)
        #expect(posted.status == 200 || posted.status == 201, "\(posted.raw)")
        let first = try Self.post(server.port, Self.signIn, session: "sign-in")
        #expect(
            jsonObject(first.body) == jsonObject("{\"errors\":[{\"message\":\"Wrong password\",\"path\":[\"signIn\"]}],\"data\":null}"),
            "\(first.body)")
        let second = try Self.post(server.port, Self.signIn, session: "sign-in")
        #expect(jsonObject(second.body) == jsonObject("{\"data\":{\"signIn\":{\"token\":\"REDACTED\"}}}"), "\(second.body)")
        let films = try Self.post(server.port, Self.getFilms, session: "sign-in")
        #expect((jsonObject(films.body) as? [String: Any]).map { "\($0)".contains("A New Hope") } == true, "\(films.body)")
    }

    /// `--derive` with GraphQL operations: the variants load, and an operation's emptied answer is one (`operation:`).
    @Test func deriveWritesOperationsAsOperations() async throws {
        let run = try HARImportRun.run(HARFixture.path("graphql.har"), ["--prefix", "/gql=https://graph.example.com", "--derive"])
        defer { run.remove() }
        #expect(run.status == 0, "\(run.stderr)")
        let empty = try run.text("imported-empty.yaml")
        #expect(empty.contains("operation: \"GetFilms\"") && empty.contains("method: \"*\""), "\(empty)")
        let server = try await UnderstudyTestServer.start(scenarios: run.folder, scenario: "imported-empty")
        let films = try Self.post(server.port, Self.getFilms)
        #expect(jsonObject(films.body) == jsonObject("{\"data\":{\"allFilms\":{\"films\":[]}}}"), "\(films.body)")
    }
}
