import Foundation
import HTTPTypes
import Testing
import UnderstudyTesting

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
              {"method": "POST", "path": "/a", "request_body": {"matches": ".*"}, "body": "x"},
              {"method": "POST", "path": "/b", "request_body": {"json": {}, "equals": "x"}, "body": "x"},
              {"method": "POST", "path": "/c", "request_body": {}, "body": "x"},
              {"method": "POST", "path": "/d", "request_body": "x", "body": "x"}
            ]}
            """)
        #expect(refused.status == .badRequest)
        for expected in [
            "routes[0].request_body.matches: regular expressions are not accepted", "routes[1].request_body: give only one of json and equals",
            "routes[2].request_body: give json", "routes[3].request_body: expected a mapping",
        ] {
            #expect(refused.text.contains(expected), "\(expected) in \(refused.text)")
        }
    }
}
