import Foundation
import HTTPTypes
import Testing
import UnderstudyDocuments
import UnderstudyTesting

@testable import Understudy
@testable import UnderstudyStaging

/// `{{request.…}}`, `{{now}}`, `{{uuid}}` and `{{counter}}` in a route's body and headers, through the engine:
/// values filled as values (escaped, typed, `null` when missing), never read as placeholders or syntax.
@Suite struct RequestValueTests {
    static let file = """
        description: request values
        routes:
          - method: POST
            path: /myapi/users/:id
            status: 201
            headers: {Location: "/myapi/users/{{request.path.id}}", X-Trace: "{{request.header.X-Trace}}"}
            json:
              id: "{{uuid}}"
              path_id: "{{id}}"
              name: "{{request.body.user.name}}"
              tags: "{{request.body.tags}}"
              first_tag: "{{request.body.tags.0}}"
              page: "{{request.query.page}}"
              missing: "{{request.query.nothing}}"
              at: "{{now}}"
              epoch_ms: "{{now:epoch_ms}}"
              count: "{{counter}}"
              note: "said {{request.body.user.name}} on page {{request.query.page}}"
          - path: /myapi/hello
            headers: {Content-Type: text/html}
            body: "<p>Hello {{request.query.name}}</p>"
          - method: POST
            path: /myapi/chat/:room
            stream:
              events:
                - {id: "1", data: {model: "{{request.body.model}}", room: "{{request.path.room}}", n: "{{counter}}"}}
                - {id: "2", data: "for {{request.query.user}}"}
                - {id: "3", data: {done: true}}
        """

    func router() throws -> UnderstudyRouter {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("understudy-values-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Self.file.write(to: folder.appendingPathComponent("values.yaml"), atomically: true, encoding: .utf8)
        try "description: the same, each event's JSON cut\nextends: values\nfault: malformed-json\n".write(
            to: folder.appendingPathComponent("cut.yaml"), atomically: true, encoding: .utf8)
        return try UnderstudyRouter(scenarios: folder, scenario: "values")
    }

    @Test func aResponseCarriesThePostedNameAFreshIdAndTheRequestsValues() async throws {
        let router = try router()
        let body = Array(#"{"user":{"name":"Ann \"<b>\" {{uuid}}"},"tags":["a",1]}"#.utf8)
        let first = await router.execute(
            "/myapi/users/42?page=3", method: .post, headers: [HTTPField.Name("X-Trace")!: "abc"], body: body, waitForDelays: false)
        #expect(first.status?.code == 201)
        #expect(first.header("Location") == "/myapi/users/42" && first.header("X-Trace") == "abc")
        let json = try #require(try? JSONParser.parse(first.body, file: "body").value)
        #expect(json["name"] == .string(#"Ann "<b>" {{uuid}}"#), "a request value is text, never a placeholder")
        #expect(json["path_id"] == .string("42") && json["page"] == .number("3") && json["missing"] == .null)
        #expect(json["tags"] == .array([.string("a"), .number("1")]) && json["first_tag"] == .string("a"))
        #expect(json["count"] == .number("1"))
        #expect(json["note"] == .string(#"said Ann "<b>" {{uuid}} on page 3"#))
        let id = try #require(json["id"]?.stringValue)
        #expect(id.count == 36 && id.split(separator: "-").count == 5)
        #expect(json["at"]?.stringValue?.hasSuffix("Z") == true)

        let second = await router.execute("/myapi/users/7", method: .post, body: Array("not json".utf8), waitForDelays: false)
        let again = try #require(try? JSONParser.parse(second.body, file: "body").value)
        #expect(again["id"] != json["id"], "a fresh id each time")
        #expect(again["count"] == .number("2") && again["name"] == .null && again["tags"] == .null)
        let other = await router.execute(
            "/myapi/users/7", method: .post, headers: [HTTPField.Name("X-Understudy-Session")!: "other"], waitForDelays: false)
        #expect((try? JSONParser.parse(other.body, file: "body").value)?["count"] == .number("1"), "counted per session")
    }

    @Test func htmlIsEscapedAndALineBreakNeverReachesAHeader() async throws {
        let router = try router()
        let page = await router.execute("/myapi/hello?name=%3Cscript%3E", waitForDelays: false)
        #expect(page.text == "<p>Hello &lt;script&gt;</p>")
        let split = await router.execute("/myapi/users/1%0D%0AX-Evil:%201", method: .post, waitForDelays: false)
        #expect(split.header("Location") == nil && split.header("X-Evil") == nil, "a value with CR/LF leaves its header out")
    }

    @Test func aStreamsEventsCarryTheRequestsValues() async throws {
        let router = try router()
        let answer = await router.execute(
            "/myapi/chat/lobby?user=%3Cann%3E", method: .post, body: Array(#"{"model":"gpt \"4\""}"#.utf8), waitForDelays: false)
        let data = answer.text.split(separator: "\n").filter { $0.hasPrefix("data: ") }.map { String($0.dropFirst(6)) }
        #expect(data == [#"{"model":"gpt \"4\"","room":"lobby","n":1}"#, "for <ann>", #"{"done":true}"#], "\(answer.text)")
        let cut = await router.execute(
            "/myapi/chat/lobby", method: .post, headers: [HTTPField.Name("X-Understudy-Scenario")!: "cut"],
            body: Array(#"{"model":"m"}"#.utf8), waitForDelays: false)
        #expect(cut.text.contains("data: {\"model\":\"m\",\"r") && !cut.text.contains("lobby"), "malformed-json cuts the filled data: \(cut.text)")
    }

    @Test func anUnknownRequestValueIsALocatedProblem() throws {
        let problems = try ScenarioFileErrorTests().load([
            "v.yaml": "routes:\n  - path: /a\n    json: {x: \"{{request.cookie.x}}\", y: \"{{now:week}}\"}\n"
                + "  - path: /b\n    stream: {events: [{data: {x: \"{{request.path.nope}}\"}}]}\n"
        ])
        ScenarioFileErrorTests().expectOne(problems, file: "v.yaml", keyPath: "routes[1].stream.events[0].data", containing: "{{nope}}")
        ScenarioFileErrorTests().expectOne(problems, file: "v.yaml", keyPath: "routes[0]", containing: "{{now:week}}")
        ScenarioFileErrorTests().expectOne(problems, file: "v.yaml", keyPath: "routes[0]", containing: "{{request.cookie.x}}")
    }
}
