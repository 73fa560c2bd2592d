import Foundation
import HTTPTypes
import Testing
import UnderstudyTesting

@testable import Understudy
@testable import UnderstudyStaging

/// `request_body:` on a route: a POST answers by what was sent, in scenario files and session routes alike.
@Suite struct RequestBodyRouteTests {
    static let session = UnderstudyRouter.sessionHeader

    func define(_ router: UnderstudyRouter, _ body: String) async -> RouterResponse {
        await router.execute(
            "/__admin/sessions/b/routes", method: .put, headers: [.contentType: "application/json"], body: Array(body.utf8))
    }

    func post(_ router: UnderstudyRouter, _ body: String) async -> RouterResponse {
        await router.execute("/myapi/orders", method: .post, headers: [Self.session: "b"], body: Array(body.utf8))
    }

    @Test func aPostRouteAnswersByWhatWasSent() async throws {
        let router = try UnderstudyRouter()
        let defined = await define(
            router,
            """
            {"routes": [
              {"method": "POST", "path": "/myapi/orders", "request_body": {"json": {"item": "book", "tags": ["gift"], "qty": 2}}, "status": 201, "body": "book"},
              {"method": "POST", "path": "/myapi/orders", "request_body": {"equals": "ping"}, "body": "pong"},
              {"method": "POST", "path": "/myapi/orders", "status": 400, "body": "other"}
            ]}
            """)
        #expect(defined.status == .ok, "\(defined.text)")
        let book = await post(router, #"{"qty": 2.0, "item": "book", "tags": ["gift"], "note": "extra keys are fine"}"#)
        #expect(book.status == .created && book.text == "book")
        #expect(await post(router, "ping").text == "pong")
        for other in [
            #"{"item": "book", "qty": 3, "tags": ["gift"]}"#, #"{"item": "book", "qty": 2, "tags": ["gift", "x"]}"#, "not json", "", "ping ",
        ] {
            let answer = await post(router, other)
            #expect(answer.status == .badRequest && answer.text == "other", "\(other)")
        }
    }

    @Test func aRequestBodyPatternIsCheckedWhereItIsWritten() async throws {
        let router = try UnderstudyRouter()
        let refused = await define(
            router,
            """
            {"routes": [
              {"method": "POST", "path": "/a", "request_body": {"matches": "(?=x)y"}, "body": "x"},
              {"method": "POST", "path": "/b", "request_body": {"json": {}, "equals": "x"}, "body": "x"},
              {"method": "POST", "path": "/c", "request_body": {}, "body": "x"},
              {"method": "POST", "path": "/d", "request_body": "x", "body": "x"},
              {"method": "POST", "path": "/e", "request_body": {"matches": "(a)\\\\1"}, "body": "x"},
              {"method": "POST", "path": "/f", "request_body": {"matches": "(a{100}){100}"}, "body": "x"}
            ]}
            """)
        #expect(refused.status == .badRequest)
        for expected in [
            "routes[0].request_body.matches: not a pattern Understudy runs: at offset 0: only (?:…) groups",
            "routes[1].request_body: give only one of json, equals and matches", "routes[2].request_body: give json",
            "routes[3].request_body: expected a mapping",
            "routes[4].request_body.matches: not a pattern Understudy runs: at offset 3: \\\\1 is not supported",
            "routes[5].request_body.matches: not a pattern Understudy runs: at offset 0: too large",
        ] {
            #expect(refused.text.contains(expected), "\(expected) in \(refused.text)")
        }
    }

    /// `matches:` finds a regular expression in the body without backtracking: the pattern that takes a
    /// backtracking engine minutes on 40 characters answers here at once, and a body past the bound never matches.
    @Test func aRouteAnswersABodyARegularExpressionFindsWithoutBacktracking() async throws {
        let router = try UnderstudyRouter()
        let defined = await define(
            router,
            #"""
            {"routes": [
              {"method": "POST", "path": "/myapi/orders", "request_body": {"matches": "\"sku\":\\s*\"[A-Z]{3}-\\d+\""}, "status": 201, "body": "sku"},
              {"method": "POST", "path": "/myapi/orders", "request_body": {"matches": "^(a|a)*b$"}, "body": "evil"},
              {"method": "POST", "path": "/myapi/orders", "status": 400, "body": "other"}
            ]}
            """#)
        #expect(defined.status == .ok, "\(defined.text)")
        #expect(await post(router, #"{"sku": "ABC-12"}"#).text == "sku")
        #expect(await post(router, #"{"sku":"abc-12"}"#).text == "other")
        #expect(await post(router, String(repeating: "a", count: 40) + "b").text == "evil")
        #expect(await post(router, String(repeating: "a", count: 40_000)).text == "other")
        let large = #"{"sku": "ABC-12", "pad": ""# + String(repeating: "x", count: BodyPattern.maxMatchedBytes) + #""}"#
        #expect(await post(router, large).text == "other")
    }

    /// The same `matches:` in a scenario file, and `times:` refused there with the reason.
    @Test func aScenarioFileRouteMatchesABodyButCannotCountItsAnswers() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("understudy-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let route = "routes:\n  - method: POST\n    path: /myapi/orders\n    request_body: {matches: 'book|pen'}\n    status: 201\n    body: ok\n"
        let located = route.replacingOccurrences(of: "    body: ok\n", with: "    body: ok\n    headers: {Location: '{{origin}}/myapi/orders/7'}\n")
        try located.write(to: folder.appendingPathComponent("happy.yaml"), atomically: true, encoding: .utf8)
        let router = try UnderstudyRouter(scenarios: folder)
        let created = await router.execute("/myapi/orders", method: .post, body: Array(#"{"item": "pen"}"#.utf8))
        // {{origin}} in a header is the address the client used, as in a body.
        #expect(created.status == .created && created.header("Location") == "http://localhost:8080/myapi/orders/7")
        #expect(await router.execute("/myapi/orders", method: .post, body: Array(#"{"item": "cup"}"#.utf8)).status == .notFound)

        try (route + "    times: 2\n").write(to: folder.appendingPathComponent("happy.yaml"), atomically: true, encoding: .utf8)
        do {
            _ = try UnderstudyRouter(scenarios: folder)
            Issue.record("times: in a scenario file was accepted")
        } catch {
            #expect("\(error)".contains("happy.yaml:7"), "\(error)")
            #expect("\(error)".contains("routes[0].times: only a session's routes count their answers"), "\(error)")
        }
    }

    /// `request_headers:`: a route answers only requests whose headers are as it says: names in any case, the
    /// value as sent (an `Authorization` too, which only the journal redacts), several fields read as one.
    @Test func aRouteAnswersByTheHeadersSent() async throws {
        let router = try UnderstudyRouter()
        let defined = await define(
            router,
            """
            {"routes": [
              {"method": "POST", "path": "/myapi/orders", "request_headers": {"idempotency-key": {"present": true}, "Authorization": {"matches": "^Bearer s3cr3t$"}}, "status": 201, "body": "keyed"},
              {"method": "POST", "path": "/myapi/orders", "request_headers": {"X-Tags": "a, b"}, "body": "tags"},
              {"method": "POST", "path": "/myapi/orders", "request_headers": {"Idempotency-Key": {"present": false}}, "status": 428, "body": "no key"},
              {"method": "POST", "path": "/myapi/orders", "status": 400, "body": "other"}
            ]}
            """)
        #expect(defined.status == .ok, "\(defined.text)")
        func post(_ headers: HTTPFields) async -> RouterResponse {
            var fields = headers
            fields[Self.session] = "b"
            return await router.execute("/myapi/orders", method: .post, headers: fields, body: [])
        }
        let key = HTTPField.Name("Idempotency-Key")!
        let keyed = await post([key: "k-1", .authorization: "Bearer s3cr3t"])
        #expect(keyed.status == .created && keyed.text == "keyed")
        #expect(await post([key: "k-1", .authorization: "Bearer other"]).text == "other")
        #expect(await post([.authorization: "Bearer s3cr3t"]).text == "no key")
        var tags = HTTPFields()
        tags.append(HTTPField(name: HTTPField.Name("x-tags")!, value: "a"))
        tags.append(HTTPField(name: HTTPField.Name("X-Tags")!, value: "b"))
        tags[key] = "k-2"
        #expect(await post(tags).text == "tags")
        // The journal still redacts what the route matched on.
        let journal = await router.execute("/__admin/requests?session=b")
        #expect(journal.text.contains(#""Authorization":"[redacted]""#), "\(journal.text)")
        #expect(!journal.text.contains("s3cr3t"))
    }

    /// A wrong `request_headers:` is refused with its place: in session routes and scenario files alike.
    @Test func aRequestHeadersPatternIsCheckedWhereItIsWritten() async throws {
        let router = try UnderstudyRouter()
        let refused = await define(
            router,
            """
            {"routes": [
              {"path": "/a", "request_headers": {"X-A": {"present": "yes"}}, "body": "x"},
              {"path": "/b", "request_headers": {"X-B": {"equals": "x", "matches": "x"}}, "body": "x"},
              {"path": "/c", "request_headers": {"X-C": {"matches": "(a)\\\\1"}}, "body": "x"},
              {"path": "/d", "request_headers": {"bad name": "x"}, "body": "x"},
              {"path": "/e", "request_headers": ["X-E"], "body": "x"}
            ]}
            """)
        #expect(refused.status == .badRequest)
        for expected in [
            "routes[0].request_headers.X-A.present: expected true or false", "routes[1].request_headers.X-B: give a value, or one of",
            "routes[2].request_headers.X-C.matches: not a pattern Understudy runs",
            "routes[3].request_headers: 'bad name' is not a valid header name",
            "routes[4].request_headers",
        ] {
            #expect(refused.text.contains(expected), "\(expected): \(refused.text)")
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("understudy-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let route = "routes:\n  - path: /myapi/locale\n    request_headers: {Accept-Language: {matches: '^fr'}}\n    body: bonjour\n"
        try route.write(to: folder.appendingPathComponent("happy.yaml"), atomically: true, encoding: .utf8)
        let files = try UnderstudyRouter(scenarios: folder)
        #expect(await files.execute("/myapi/locale", headers: [.acceptLanguage: "fr-CA, en"]).text == "bonjour")
        #expect(await files.execute("/myapi/locale", headers: [.acceptLanguage: "en"]).status == .notFound)
    }
}
