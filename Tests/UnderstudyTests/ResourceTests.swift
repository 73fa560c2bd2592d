import Foundation
import HTTPTypes
import Testing
import UnderstudyDocuments
import UnderstudyTesting

@testable import Understudy
@testable import UnderstudyStaging

/// `resources:` through the engine: writes change later reads, each session writes its own copy, pages and
/// envelopes as the file writes them, and every bad request refused with nothing changed.
@Suite struct ResourceTests {
    static let file = """
        description: resources
        resources:
          - path: /myapi/todos
            seed: data/todos.json
            page: {style: page, size: 2}
          - path: /myapi/carts
            ids: uuid
            seed: []
            page: {style: offset, size: 2, envelope: {data: "{{items}}", meta: {total: "{{total}}", next: "{{next}}", limit: "{{limit}}"}}}
          - path: /myapi/feed
            id: slug
            ids: uuid
            seed: [{slug: a, n: 1}, {slug: b, n: 2}, {slug: c, n: 3}]
            page: {style: cursor, size: 2, envelope: {items: "{{items}}", next_cursor: "{{next_cursor}}"}}
        """
    static let seed = #"[{"id":1,"title":"Milk","done":false},{"id":2,"title":"Eggs","done":true},{"id":3,"title":"Tea","done":false}]"#

    func router() throws -> UnderstudyRouter {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("understudy-resources-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Self.file.write(to: folder.appendingPathComponent("store.yaml"), atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("data"), withIntermediateDirectories: true)
        try Self.seed.write(to: folder.appendingPathComponent("data/todos.json"), atomically: true, encoding: .utf8)
        try "description: every answer 500\nextends: store\nresponse: {status: 500, json: {error: down}}\n".write(
            to: folder.appendingPathComponent("down.yaml"), atomically: true, encoding: .utf8)
        try "description: slower, not extending store\ndelay: 250\n".write(
            to: folder.appendingPathComponent("slow.yaml"), atomically: true, encoding: .utf8)
        return try UnderstudyRouter(scenarios: folder, scenario: "store")
    }

    func send(
        _ router: UnderstudyRouter, _ method: HTTPRequest.Method, _ target: String, _ body: String = "", session: String? = nil,
        scenario: String? = nil
    ) async -> RouterResponse {
        var headers: HTTPFields = [.contentType: "application/json"]
        if let session { headers[HTTPField.Name("X-Understudy-Session")!] = session }
        if let scenario { headers[HTTPField.Name("X-Understudy-Scenario")!] = scenario }
        return await router.execute(target, method: method, headers: headers, body: Array(body.utf8), waitForDelays: false)
    }

    func ids(_ response: RouterResponse, key: String = "id") throws -> [String] {
        let value = try JSONParser.parse(response.body, file: "body").value
        let items = value.arrayValue ?? value["data"]?.arrayValue ?? value["items"]?.arrayValue ?? []
        return items.compactMap { item in
            switch item[key] {
            case .number(let text)?, .string(let text)?: text
            default: nil
            }
        }
    }

    @Test func aWriteChangesTheReadsAfterIt() async throws {
        let router = try router()
        let created = await send(router, .post, "/myapi/todos", #"{"title":"Bread","done":false}"#)
        #expect(created.status?.code == 201)
        #expect(created.text == #"{"id":4,"title":"Bread","done":false}"#)
        #expect(created.header("Location") == "http://\(router.host)/myapi/todos/4")
        #expect(await send(router, .get, "/myapi/todos/4").text == created.text)
        let listed = await send(router, .get, "/myapi/todos?page=2")
        #expect(try ids(listed) == ["3", "4"] && listed.header("X-Total-Count") == "4")
        #expect(listed.header("Link") == "<http://\(router.host)/myapi/todos?page=1>; rel=\"prev\"")
        #expect(try ids(await send(router, .get, "/myapi/todos?done=false&page=1")) == ["1", "3"])

        let patched = await send(router, .patch, "/myapi/todos/1", #"{"done":true,"title":null,"tags":["x"]}"#)
        #expect(patched.status?.code == 200 && patched.text == #"{"id":1,"done":true,"tags":["x"]}"#)
        let replaced = await send(router, .put, "/myapi/todos/2", #"{"title":"Eggs (6)"}"#)
        #expect(replaced.text == #"{"id":2,"title":"Eggs (6)"}"#)
        #expect(await send(router, .delete, "/myapi/todos/3").status?.code == 204)
        #expect(await send(router, .get, "/myapi/todos/3").status?.code == 404)
        #expect(await send(router, .delete, "/myapi/todos/3").status?.code == 404)
        // The largest id is gone: the next is one past the largest left (4), as the file's `integer` says.
        #expect(await send(router, .post, "/myapi/todos", #"{"title":"Jam"}"#).text == #"{"id":5,"title":"Jam"}"#)
        // A path's id is read as the integer it is.
        #expect(await send(router, .get, "/myapi/todos/005").status?.code == 200)
    }

    @Test func badRequestsAreRefusedAndChangeNothing() async throws {
        let router = try router()
        let before = await send(router, .get, "/myapi/todos?per_page=100").text
        let refusals: [(HTTPRequest.Method, String, String, Int)] = [
            (.post, "/myapi/todos", "not json", 400),
            (.post, "/myapi/todos", "[1,2]", 400),
            (.post, "/myapi/todos", "", 400),
            (.post, "/myapi/todos", #"{"id":1,"title":"again"}"#, 409),
            (.post, "/myapi/todos", #"{"id":"x"}"#, 400),
            (.post, "/myapi/todos", #"{"id":-3}"#, 400),
            (.put, "/myapi/todos/1", #"{"id":2}"#, 400),
            (.put, "/myapi/todos/9", #"{"title":"nobody"}"#, 404),
            (.patch, "/myapi/todos/1", #"{"id":7}"#, 400),
            (.patch, "/myapi/todos/1", "null", 400),
            (.patch, "/myapi/todos/1", #"{"id":null,"title":"renamed"}"#, 400),
            (.delete, "/myapi/todos", "", 405),
            (.post, "/myapi/todos/1", "{}", 405),
            (.get, "/myapi/todos?page=0", "", 400),
            (.get, "/myapi/todos?per_page=101", "", 400),
            (.post, "/myapi/todos", #"{"title":"\#(String(repeating: "x", count: 70_000))"}"#, 413),
        ]
        for (method, target, body, status) in refusals {
            let answer = await send(router, method, target, body)
            #expect(answer.status?.code == status, "\(method) \(target) \(body.prefix(40)): \(answer.text.prefix(200))")
            let error = try JSONParser.parse(answer.body, file: "body").value
            #expect(error["error"] != nil && error["detail"] != nil, "\(answer.text.prefix(200))")
        }
        #expect(await send(router, .get, "/myapi/todos?per_page=100").text == before)
        // An integer id is written as a path names it.
        #expect(await send(router, .post, "/myapi/todos", #"{"id":-0}"#).text == #"{"id":0}"#)
        #expect(try ids(await send(router, .get, "/myapi/todos?id=0")) == ["0"])
        // Request values are stored as the text they are: a placeholder in a body is never filled.
        let stored = await send(router, .post, "/myapi/todos", #"{"title":"{{uuid}} {{request.header.Host}}"}"#)
        #expect(stored.text.contains(#""{{uuid}} {{request.header.Host}}""#))
    }

    @Test func eachSessionWritesItsOwnCopyFromTheSeed() async throws {
        let router = try router()
        _ = await send(router, .post, "/myapi/todos", #"{"title":"global"}"#)
        _ = await send(router, .post, "/myapi/todos", #"{"title":"mine"}"#, session: "a")
        _ = await send(router, .delete, "/myapi/todos/1", session: "b")
        #expect(try ids(await send(router, .get, "/myapi/todos?per_page=10")) == ["1", "2", "3", "4"])
        #expect(try ids(await send(router, .get, "/myapi/todos?per_page=10", session: "a")) == ["1", "2", "3", "4"])
        #expect(await send(router, .get, "/myapi/todos/4", session: "a").text.contains("mine"))
        #expect(try ids(await send(router, .get, "/myapi/todos?per_page=10", session: "b")) == ["2", "3"])
        #expect(try ids(await send(router, .get, "/myapi/todos?per_page=10", session: "c")) == ["1", "2", "3"])

        // The admin API reads and seeds a session's copy; ending the session restores the seed.
        let copy = await send(router, .get, "/__admin/sessions/a/resources?path=/myapi/todos")
        #expect(try ids(copy) == ["1", "2", "3", "4"])
        let seeded = await send(router, .put, "/__admin/sessions/c/resources?path=/myapi/todos", #"[{"id":10,"title":"seeded"}]"#)
        #expect(seeded.status?.code == 200)
        #expect(try ids(await send(router, .get, "/myapi/todos", session: "c")) == ["10"])
        #expect(await send(router, .post, "/myapi/todos", "{}", session: "c").text == #"{"id":11}"#)
        #expect(await send(router, .put, "/__admin/sessions/c/resources?path=/myapi/todos", #"[{"title":"no id"}]"#).status?.code == 400)
        #expect(await send(router, .put, "/__admin/sessions/c/resources?path=/nothing", "[]").status?.code == 404)
        #expect(await send(router, .delete, "/__admin/sessions/a").status?.code == 200)
        #expect(try ids(await send(router, .get, "/myapi/todos?per_page=10", session: "a")) == ["1", "2", "3"])
        // A reset restores every copy.
        #expect(await send(router, .post, "/__admin/reset").status?.code == 200)
        #expect(try ids(await send(router, .get, "/myapi/todos?per_page=10")) == ["1", "2", "3"])
        #expect(try ids(await send(router, .get, "/myapi/todos?per_page=10", session: "b")) == ["1", "2", "3"])
    }

    @Test func offsetAndCursorPagesInTheirEnvelopes() async throws {
        let router = try router()
        for name in ["a", "b", "c"] { _ = await send(router, .post, "/myapi/carts", #"{"name":"\#(name)"}"#) }
        let first = await send(router, .get, "/myapi/carts?name=b&name=c")
        let json = try JSONParser.parse(first.body, file: "body").value
        #expect(json["meta"]?["total"] == .number("2") && json["meta"]?["limit"] == .number("2") && json["meta"]?["next"] == .null)
        #expect(json["data"]?.arrayValue?.count == 2)
        let id = try #require(json["data"]?.arrayValue?.first?["id"]?.stringValue)
        #expect(UUID(uuidString: id) != nil && id == id.lowercased())
        let paged = try JSONParser.parse(await send(router, .get, "/myapi/carts?limit=1&offset=1").body, file: "body").value
        #expect(paged["meta"]?["next"]?.stringValue == "http://\(router.host)/myapi/carts?offset=2&limit=1")

        let page = try JSONParser.parse(await send(router, .get, "/myapi/feed").body, file: "body").value
        #expect(try ids(await send(router, .get, "/myapi/feed"), key: "slug") == ["a", "b"])
        let cursor = try #require(page["next_cursor"]?.stringValue)
        #expect(try ids(await send(router, .get, "/myapi/feed?cursor=\(cursor)"), key: "slug") == ["c"])
        #expect(await send(router, .get, "/myapi/feed?cursor=bm9uZQ").status?.code == 400)
    }

    @Test func faultsAndSequencesApplyAsToAnyRoute() async throws {
        let router = try router()
        // The scenario's own 500 answers instead, and the write does not happen.
        #expect(await send(router, .post, "/myapi/todos", #"{"title":"lost"}"#, scenario: "down").status?.code == 500)
        #expect(await send(router, .get, "/myapi/todos/4").status?.code == 404)
        // A session's sequence: the POST succeeds, the next GET is a 500.
        let sequence = #"{"sequence":[{"name":"store","count":1},{"name":"down"}]}"#
        #expect(await send(router, .put, "/__admin/sessions/s/scenario", sequence).status?.code == 200)
        #expect(await send(router, .post, "/myapi/todos", #"{"title":"kept"}"#, session: "s").status?.code == 201)
        #expect(await send(router, .get, "/myapi/todos/4", session: "s").status?.code == 500)
        #expect(await send(router, .get, "/__admin/sessions/s/resources?path=/myapi/todos").text.contains("kept"))
        // A scenario with top-level settings that does not extend the file borrows its resource, with its delay.
        let slow = await send(router, .get, "/myapi/todos/1", scenario: "slow")
        #expect(slow.status?.code == 200 && slow.delayMilliseconds == 250, "\(slow.text)")
    }

    @Test func aCopyIsBoundedInItemsAndBytes() async throws {
        let router = try router()
        // 64 KiB items: a session's 8 MiB is full before the server's 128 MiB.
        let big = String(repeating: "y", count: 60_000)
        var accepted = 0
        for _ in 0..<200 {
            let answer = await send(router, .post, "/myapi/carts", #"{"blob":"\#(big)"}"#, session: "heavy")
            if answer.status?.code == 201 {
                accepted += 1
            } else {
                #expect(answer.status?.code == 413 && answer.text.contains("session full"), "\(answer.text.prefix(200))")
                break
            }
        }
        #expect(accepted == 8 * 1024 * 1024 / 60_060)
        // Another session is not affected.
        #expect(await send(router, .post, "/myapi/carts", #"{"blob":"\#(big)"}"#, session: "light").status?.code == 201)
        // An ended session's bytes are returned: it starts from the seed, with its whole allowance again.
        _ = await send(router, .delete, "/__admin/sessions/heavy")
        #expect(try ids(await send(router, .get, "/myapi/carts", session: "heavy")).isEmpty)
        for _ in 0..<accepted {
            #expect(await send(router, .post, "/myapi/carts", #"{"blob":"\#(big)"}"#, session: "heavy").status?.code == 201)
        }
    }
}

/// A scenarios folder whose one scenario, `pets`, mounts petstore-expanded and makes its collection a resource.
private func petstoreResources() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("understudy-doc-resources-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder.appendingPathComponent("openapi"), withIntermediateDirectories: true)
    let document = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("UnderstudyOpenAPITests/Documents/oai/petstore-expanded.yaml")
    try FileManager.default.copyItem(at: document, to: folder.appendingPathComponent("openapi/petstore-expanded.yaml"))
    try "description: pets\nopenapi: {pets: openapi/petstore-expanded.yaml}\nresources:\n  - openapi: pets\n".write(
        to: folder.appendingPathComponent("pets.yaml"), atomically: true, encoding: .utf8)
    return folder
}

/// `resources: [{openapi: NAME}]`: a mounted document's collection/item pairs answer from a store seeded by its
/// examples, with its request checks first and its own success statuses.
@Suite struct DocumentResourceTests {
    @Test func aDocumentsCollectionsAreResources() async throws {
        let folder = try petstoreResources()
        let router = try UnderstudyRouter(scenarios: folder, scenario: "pets", requestValidation: .enforce)
        func send(_ method: HTTPRequest.Method, _ target: String, _ body: String = "") async -> RouterResponse {
            await router.execute(target, method: method, headers: [.contentType: "application/json"], body: Array(body.utf8), waitForDelays: false)
        }
        let before = await send(.get, "/pets/pets?limit=5")
        #expect(before.status?.code == 200)
        let seeded = try #require(try JSONParser.parse(before.body, file: "body").value.arrayValue)
        // The document's POST answers 200 (it documents no 201), with the stored item and a fresh integer id.
        let created = await send(.post, "/pets/pets", #"{"name":"Rex","tag":"dog"}"#)
        #expect(created.status?.code == 200, "\(created.text)")
        let item = try JSONParser.parse(created.body, file: "body").value
        let id = try #require(item["id"]?.intValue)
        #expect(item["name"] == .string("Rex"))
        #expect(await send(.get, "/pets/pets/\(id)").text == created.text)
        // `limit` is the document's parameter, not a key of its items: it filters nothing.
        let after = try #require(try JSONParser.parse(await send(.get, "/pets/pets?limit=5").body, file: "body").value.arrayValue)
        #expect(after.count == seeded.count + 1)
        // The document's request checks come first: a name that is not a string changes nothing.
        #expect(await send(.post, "/pets/pets", #"{"name":5}"#).status?.code == 422)
        #expect(await send(.delete, "/pets/pets/\(id)").status?.code == 204)
        #expect(await send(.get, "/pets/pets/\(id)").status?.code == 404)
        let problems = try? UnderstudyRouter(
            scenarios: {
                let bad = folder.appendingPathComponent("bad")
                try? FileManager.default.createDirectory(at: bad, withIntermediateDirectories: true)
                try? "description: no such document\nresources:\n  - openapi: nothing\n".write(
                    to: bad.appendingPathComponent("x.yaml"), atomically: true, encoding: .utf8)
                return bad
            }(), scenario: "x")
        #expect(problems == nil)
    }
}

/// Request values in an OpenAPI document's examples: filled per request as a scenario file's are (and `{{origin}}`);
/// a bare `{{name}}` a document's string holds stays text.
@Suite struct DocumentRequestValueTests {
    static let document = """
        openapi: "3.0.0"
        info: {title: echo, version: "1"}
        servers: [{url: "http://api.example.com/x"}]
        paths:
          /orders/{orderId}:
            post:
              parameters: [{name: orderId, in: path, required: true, schema: {type: string}}]
              responses:
                '201':
                  description: placed
                  content:
                    application/json:
                      example: {id: "{{request.path.orderId}}", item: "{{request.body.item}}", ref: "{{uuid}}", n: "{{counter}}", note: "Hi {{name}} {{origin}}", self: "http://api.example.com/x/orders"}
        """

    @Test func anExampleCarriesTheRequestsValues() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("understudy-doc-values-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("openapi"), withIntermediateDirectories: true)
        try Self.document.write(to: folder.appendingPathComponent("openapi/echo.yaml"), atomically: true, encoding: .utf8)
        try "description: echo\nopenapi: {echo: openapi/echo.yaml}\n".write(
            to: folder.appendingPathComponent("echo.yaml"), atomically: true, encoding: .utf8)
        let router = try UnderstudyRouter(scenarios: folder, scenario: "echo")
        var answers: [JSONValue] = []
        for id in ["42", "43"] {
            let answer = await router.execute(
                "/echo/orders/\(id)", method: .post, headers: [.contentType: "application/json"], body: Array(#"{"item":{"sku":"A-1"}}"#.utf8))
            #expect(answer.status?.code == 201)
            answers.append(try JSONParser.parse(answer.body, file: "body").value)
        }
        #expect(answers[0]["id"] == .string("42") && answers[1]["id"] == .string("43"))
        #expect(answers[0]["item"]?["sku"] == .string("A-1"))
        #expect(answers[0]["n"] == .number("1") && answers[1]["n"] == .number("2"))
        #expect(answers[0]["ref"] != answers[1]["ref"] && UUID(uuidString: answers[0]["ref"]?.stringValue ?? "") != nil)
        // `{{origin}}` is the address the client used, as in a scenario file; a bare name is only text.
        #expect(answers[0]["note"] == .string("Hi {{name}} http://\(router.host)"))
        #expect(answers[0]["self"] == .string("http://\(router.host)/echo/orders"))
    }
}

/// A document's resource refuses in the document's own error shape when it describes one, the reason in a header.
@Suite struct DocumentResourceRefusalTests {
    @Test func aRefusalTakesTheDocumentsErrorShape() async throws {
        let folder = try petstoreResources()
        let router = try UnderstudyRouter(scenarios: folder, scenario: "pets")
        let missing = await router.execute("/pets/pets/987654", waitForDelays: false)
        #expect(missing.status?.code == 404)
        // petstore-expanded's `default` is an Error: {code, message}.
        let body = try JSONParser.parse(missing.body, file: "body").value
        #expect(body["code"] != nil && body["message"] != nil && body["error"] == nil, "\(missing.text)")
        #expect(missing.header("X-Understudy-Refusal")?.contains("987654") == true)
    }
}
