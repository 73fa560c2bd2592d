import Foundation
import HTTPTypes
import Testing
import UnderstudyDocuments
import UnderstudyOpenAPI
import UnderstudyOpenAPIGate
import UnderstudyTesting

@testable import Understudy
@testable import UnderstudyStaging

/// OpenAPI documents mounted under `/NAME`: every operation answers under every bundled scenario as the
/// scenario asks, from the document's own responses, through the engine (no socket).
@Suite struct OpenAPIMountTests {
    static let documents = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("UnderstudyOpenAPITests/Documents")
    static let fixtures = [
        "oai/petstore.yaml", "oai/petstore-expanded.yaml", "oai/petstore.json", "oai/api-with-examples.yaml", "oai/link-example.yaml",
        "oai/uspto.yaml", "oai/callback-example.yaml", "multifile/openapi.yaml", "multifile30/openapi.yaml", "features/features-3.0.yaml",
        "features/features-3.1.yaml",
    ]
    /// The scenarios that answer with a status of their own, and that status.
    static let statusScenarios = ["server-error": 500, "not-found": 404, "unauthorized": 401, "rate-limited": 429]

    static func path(_ operation: OpenAPIOperation, mount: String) -> String {
        "/\(mount)"
            + MountedDocument.routePath(operation.path).split(separator: "/").map { $0.hasPrefix(":") ? "1" : String($0) }.map { "/" + $0 }
            .joined()
    }

    @Test(arguments: fixtures) func everyOperationUnderEveryScenario(_ fixture: String) async throws {
        let file = Self.documents.appendingPathComponent(fixture)
        let service = try OpenAPILoader.load(fileAt: file, gate: .inProcess)
        let router = try UnderstudyRouter(openAPI: [OpenAPIMount(name: "api", file: file)])
        let scenarios = try ScenarioLoader.load(directory: UnderstudyTestServer.bundledScenarios).names
        #expect(scenarios.count >= 13)
        for operation in service.operations {
            let path = Self.path(operation, mount: "api")
            for scenario in scenarios {
                let answer = await router.execute(
                    path, method: operation.method, headers: [UnderstudyRouter.scenarioHeader: scenario], waitForDelays: false)
                let label = "\(fixture) \(operation.method.rawValue) \(path) under \(scenario)"
                #expect(answer.header("X-Understudy-Scenario") == scenario || answer.fault == .reset || answer.fault == .held, "\(label)")
                switch scenario {
                case "timeout": #expect(answer.fault == .held, "\(label)")
                case "connection-reset": #expect(answer.fault == .reset, "\(label)")
                case "truncated-body":
                    if operation.response(for: nil)?.contents.isEmpty == false { #expect(answer.fault == .truncated, "\(label)") }
                case "slow-body": #expect(answer.fault == .dribbled || answer.body.isEmpty, "\(label)")
                case "delay": #expect(answer.delayMilliseconds > 0, "\(label)")
                case let name where Self.statusScenarios[name] != nil:
                    let status = Self.statusScenarios[name]!
                    #expect(answer.status?.code == status, "\(label)")
                    if let described = operation.answer(AnswerChoice(status: status)), case .json = described.body {
                        // The document's own error body, not the scenario's generic one.
                        #expect(answer.header("Content-Type") == described.contentType, "\(label)")
                        #expect((try? JSONParser.parse(answer.body, file: "body")) != nil, "\(label): \(answer.text)")
                    } else if operation.response(for: status) == nil {
                        #expect(answer.text.contains("\(status)"), "\(label): the scenario's own body")
                    }
                default:
                    let success = operation.response(for: nil)
                    #expect(answer.status?.code == success?.status.servedCode, "\(label)")
                    guard let expected = operation.answer(AnswerChoice(emptyArrays: scenario == "empty")), case .json = expected.body else {
                        continue
                    }
                    #expect(answer.header("Content-Type") == expected.contentType, "\(label)")
                    let parsed = try? JSONParser.parse(answer.body, file: "body")
                    if scenario == "malformed-json" {
                        #expect(parsed == nil, "\(label): \(answer.text)")
                    } else {
                        #expect(parsed != nil, "\(label): \(answer.text)")
                        if scenario == "empty" { #expect(!answer.text.contains("[{") && !answer.text.contains(",{"), "\(label): \(answer.text)") }
                    }
                }
            }
        }
    }

    /// A `text/event-stream` response is served as a stream: its schema describes one event's data (as OpenAI's
    /// document writes its streams), its examples are the events in order; faults apply as on any stream.
    @Test func anEventStreamOperationIsAStreamOfEvents() async throws {
        let router = try UnderstudyRouter(openAPI: [OpenAPIMount(name: "s", file: Self.documents.appendingPathComponent("streams/chat.yaml"))])
        func data(_ answer: RouterResponse) -> [String] {
            answer.text.split(separator: "\n").filter { $0.hasPrefix("data: ") }.map { String($0.dropFirst(6)) }
        }
        let chat = await router.execute("/s/chat", method: .post, waitForDelays: false)
        #expect(chat.status?.code == 200 && chat.header("Content-Type") == "text/event-stream")
        #expect(data(chat) == Array(repeating: #"{"object":"chat.completion.chunk","delta":{"content":"string"}}"#, count: 3))
        let feed = await router.execute("/s/feed", waitForDelays: false)
        #expect(data(feed) == [#"{"n":1}"#, #"{"n":2}"#])
        let cut = await router.execute("/s/chat", method: .post, headers: [UnderstudyRouter.scenarioHeader: "malformed-json"], waitForDelays: false)
        #expect(data(cut).allSatisfy { (try? JSONParser.parse(Array($0.utf8), file: "data")) == nil } && data(cut).count == 3)
        let reset = await router.execute(
            "/s/chat", method: .post, headers: [UnderstudyRouter.scenarioHeader: "connection-reset"], waitForDelays: false)
        #expect(reset.fault == .reset && data(reset).isEmpty)
        let failed = await router.execute("/s/chat", method: .post, headers: [UnderstudyRouter.scenarioHeader: "server-error"], waitForDelays: false)
        #expect(failed.status?.code == 500 && failed.header("Content-Type") != "text/event-stream")
    }

    /// OpenAPI 3.2's `itemSchema`: one event's data is its `data` property's `contentSchema` (JSON text), or the item.
    @Test func anItemSchemaDescribesEachEventsData() async throws {
        let router = try UnderstudyRouter(openAPI: [OpenAPIMount(name: "i", file: Self.documents.appendingPathComponent("streams/items.yaml"))])
        func data(_ answer: RouterResponse) -> [String] {
            answer.text.split(separator: "\n").filter { $0.hasPrefix("data: ") }.map { String($0.dropFirst(6)) }
        }
        let ticks = await router.execute("/i/ticks", waitForDelays: false)
        #expect(ticks.status?.code == 200 && ticks.header("Content-Type") == "text/event-stream")
        #expect(data(ticks) == Array(repeating: #"{"symbol":"UST","price":101.25}"#, count: 3), "\(ticks.text)")
        let plain = await router.execute("/i/plain", waitForDelays: false)
        #expect(data(plain) == Array(repeating: #"{"n":3}"#, count: 3), "\(plain.text)")
    }

    @Test func linksToTheServerPointAtUnderstudyAndTheBodyIsTheDocumentsExample() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("understudy-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let document = """
            openapi: 3.1.0
            info: {title: Orders, version: "1"}
            servers: [{url: "https://api.example.com/v1"}]
            paths:
              /orders/{id}:
                get:
                  operationId: getOrder
                  parameters: [{name: id, in: path, required: true, schema: {type: integer}}]
                  responses:
                    "200":
                      description: ok
                      headers:
                        X-Rate-Limit: {schema: {type: integer}, example: 100}
                        Content-Location: {schema: {type: string}, example: "https://api.example.com/v1/orders/7"}
                        Link: {schema: {type: string}, example: '<https://api.example.com/v1/orders?page=2>; rel="next", <https://api.example.com/v10>'}
                      content:
                        application/json:
                          schema:
                            type: object
                            required: [id, self, items]
                            properties:
                              id: {type: integer}
                              self: {type: string, format: uri}
                              items: {type: array, items: {type: string}}
                          examples:
                            first: {value: {id: 7, self: "https://api.example.com/v1/orders/7", items: ["book"]}}
                            second: {value: {id: 8, self: "https://api.example.com/v1/orders/8", items: []}}
                    "404":
                      description: missing
                      content:
                        application/problem+json:
                          schema: {type: object, properties: {title: {type: string}}}
                          example: {title: No such order}
            """
        try document.write(to: folder.appendingPathComponent("orders.yaml"), atomically: true, encoding: .utf8)
        let router = try UnderstudyRouter(openAPI: [OpenAPIMount(name: "orders", file: folder.appendingPathComponent("orders.yaml"))])
        let happy = await router.execute("/orders/orders/7")
        #expect(happy.status == .ok)
        #expect(happy.text == #"{"id":7,"self":"http://localhost:8080/orders/orders/7","items":["book"]}"#)
        #expect(happy.header("X-Rate-Limit") == "100" && happy.header("Content-Type") == "application/json")
        // Links in the document's headers point at Understudy too (only where the server's URL ends: /v10 is another path).
        #expect(happy.header("Content-Location") == "http://localhost:8080/orders/orders/7")
        #expect(happy.header("Link") == #"<http://localhost:8080/orders/orders?page=2>; rel="next", <https://api.example.com/v10>"#)
        // Prism's Prefer header: a named example, a status, the synthesised body; Understudy's breaker.
        #expect(await router.execute("/orders/orders/7", headers: [.prefer: "example=second"]).text.contains(#""id":8"#))
        let missing = await router.execute("/orders/orders/7", headers: [.prefer: "code=404"])
        #expect(missing.status == .notFound && missing.text == #"{"title":"No such order"}"#)
        #expect(missing.header("Content-Type") == "application/problem+json")
        let breaker = await router.execute("/orders/orders/7", headers: [.prefer: "breaker=missing-required-key"])
        #expect(breaker.status == .ok && !breaker.text.contains(#""id""#), "\(breaker.text)")
        let unknown = await router.execute("/orders/orders/7", headers: [.prefer: "code=418"])
        #expect(unknown.status == .badRequest && unknown.text.contains("describes no response 418"), "\(unknown.text)")
        let noExample = await router.execute("/orders/orders/7", headers: [.prefer: "example=third"])
        #expect(noExample.status == .badRequest && noExample.text.contains("it has first, second"), "\(noExample.text)")
        // The document's own 404 for not-found; the same body twice from the cache, for any id.
        let notFound = await router.execute("/orders/orders/9", headers: [UnderstudyRouter.scenarioHeader: "not-found"])
        #expect(notFound.status == .notFound && notFound.text == #"{"title":"No such order"}"#)
        // empty: arrays emptied.
        let empty = await router.execute("/orders/orders/7", headers: [UnderstudyRouter.scenarioHeader: "empty"])
        #expect(empty.text.contains(#""items":[]"#))
        // Outside the document's paths: the engine's 404.
        #expect(await router.execute("/orders/nothing").status == .notFound)
        #expect(await router.execute("/orders/orders/7", method: .delete).status == .notFound)
    }

    /// A scenario file mounts a document of its folder and picks answers per operation by `operationId`.
    @Test func aScenarioFileMountsADocumentAndChoosesPerOperation() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("understudy-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("openapi"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: Self.documents.appendingPathComponent("oai/petstore.yaml"), to: folder.appendingPathComponent("openapi/petstore.yaml"))
        try "openapi:\n  pets: openapi/petstore.yaml\n".write(to: folder.appendingPathComponent("happy.yaml"), atomically: true, encoding: .utf8)
        try """
        extends: happy
        operations:
          listPets: {status: 500, delay: 5}
          showPetById: {breaker: wrong-type}
        """.write(to: folder.appendingPathComponent("broken-pets.yaml"), atomically: true, encoding: .utf8)
        // A document left among the scenario files is named for what it is.
        try FileManager.default.copyItem(
            at: Self.documents.appendingPathComponent("oai/petstore.yaml"), to: folder.appendingPathComponent("stray.yaml"))
        do {
            _ = try UnderstudyRouter(scenarios: folder)
            Issue.record("an OpenAPI document was read as a scenario")
        } catch {
            #expect("\(error)".contains("stray.yaml:1:10: openapi: this is an OpenAPI document, not a scenario"), "\(error)")
        }
        try FileManager.default.removeItem(at: folder.appendingPathComponent("stray.yaml"))
        let router = try UnderstudyRouter(scenarios: folder)
        #expect(await router.execute("/pets/pets").status == .ok)
        let listed = await router.execute("/pets/pets", headers: [UnderstudyRouter.scenarioHeader: "broken-pets"], waitForDelays: false)
        #expect(listed.status == .internalServerError && listed.delayMilliseconds == 5)
        let shown = await router.execute("/pets/pets/1", headers: [UnderstudyRouter.scenarioHeader: "broken-pets"])
        #expect(shown.status == .ok && shown.text.contains(#""id":"#) && shown.text.contains("\""), "\(shown.text)")

        // Every problem located: an unknown operationId, a wrong breaker, a taken name, a file outside the folder.
        try """
        extends: happy
        openapi:
          swapi: openapi/petstore.yaml
          other: ../../etc/passwd
        operations:
          nosuchOperation: {status: 500}
          listPets: {breaker: gremlins}
        """.write(to: folder.appendingPathComponent("broken-pets.yaml"), atomically: true, encoding: .utf8)
        do {
            _ = try UnderstudyRouter(scenarios: folder)
            Issue.record("a broken scenario file was accepted")
        } catch {
            let text = "\(error)"
            for expected in [
                "broken-pets.yaml:3", "openapi.swapi", "is taken", "../../etc/passwd", "outside the scenarios folder",
                "operations.nosuchOperation: no operation 'nosuchOperation' in the documents served (/pets)",
                "operations.listPets.breaker: unknown decode-breaker",
            ] {
                #expect(text.contains(expected), "\(expected) in \(text)")
            }
        }
    }

    /// A hostile document either loads (its bounds clamped) or refuses the start with its problems located in it,
    /// as a scenario file does; never a crash.
    /// A scenario file's spelling of `--openapi-lenient`: `NAME: {file: FILE, lenient: true}` serves a document
    /// OpenAPIKit refuses; without it the refusal is the load's problem; an unknown key is one too.
    @Test func aScenarioFileMountsADocumentLeniently() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("understudy-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("openapi"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: Self.documents.appendingPathComponent("lenient/past-int64.yaml"), to: folder.appendingPathComponent("openapi/big.yaml"))
        let happy = folder.appendingPathComponent("happy.yaml")
        for (text, refused) in [
            ("openapi:\n  big: openapi/big.yaml\n", "Expected an Integer literal"),
            ("openapi:\n  big: {file: openapi/big.yaml, strict: no}\n", "openapi.big.strict: unknown key"),
        ] {
            try text.write(to: happy, atomically: true, encoding: .utf8)
            #expect(throws: (any Error).self) { try UnderstudyRouter(scenarios: folder) }
            do { _ = try UnderstudyRouter(scenarios: folder) } catch { #expect("\(error)".contains(refused), "\(error)") }
        }
        try "openapi:\n  big: {file: openapi/big.yaml, lenient: true}\n".write(to: happy, atomically: true, encoding: .utf8)
        let router = try UnderstudyRouter(scenarios: folder)
        #expect(await router.execute("/big/tokens").status == .ok)
    }

    @Test func aHostileDocumentIsALocatedError() throws {
        for name in try FileManager.default.contentsOfDirectory(atPath: Self.documents.appendingPathComponent("hostile").path).sorted() {
            let file = Self.documents.appendingPathComponent("hostile/\(name)")
            do {
                _ = try UnderstudyRouter(openAPI: [OpenAPIMount(name: "h", file: file)])
            } catch let error as UnderstudyError {
                #expect("\(error)".contains(name), "\(name): \(error)")
            } catch {
                Issue.record("\(name): \(error)")
            }
        }
    }

    static let ordersDocument = """
        openapi: 3.0.3
        info: {title: Orders, version: "1"}
        paths:
          /orders/{id}:
            parameters:
              - {name: id, in: path, required: true, schema: {type: integer, minimum: 1}}
            put:
              operationId: putOrder
              parameters:
                - {name: dryRun, in: query, schema: {type: boolean}}
                - {name: X-Request-ID, in: header, required: true, schema: {type: string, pattern: "^(a+)+$"}}
              requestBody:
                required: true
                content:
                  application/json:
                    schema:
                      type: object
                      required: [item, quantity]
                      properties:
                        item: {type: string, enum: [book, pen]}
                        quantity: {type: integer, maximum: 10}
              responses:
                "200": {description: ok, content: {application/json: {schema: {type: object, properties: {id: {type: integer}}}}}}
                "422":
                  description: invalid
                  content:
                    application/json:
                      schema: {type: object, properties: {error: {type: string}}}
                      example: {error: The order is invalid}
        """

    /// Request validation: off by default; `report` answers as usual and says what was wrong (header, journal);
    /// `enforce` answers 400 for parameters and 422 for the body, with the document's own 422 when it has one.
    @Test func requestsAreValidatedAsTheServerOrTheSessionSays() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("understudy-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Self.ordersDocument.write(to: folder.appendingPathComponent("orders.yaml"), atomically: true, encoding: .utf8)
        let mount = OpenAPIMount(name: "shop", file: folder.appendingPathComponent("orders.yaml"))
        let router = try UnderstudyRouter(openAPI: [mount])
        let json: HTTPFields = [.contentType: "application/json"]
        func put(_ path: String, _ body: String, session: String, headers: HTTPFields = [:]) async -> RouterResponse {
            var fields = headers
            fields[UnderstudyRouter.sessionHeader] = session
            fields[.contentType] = "application/json"
            return await router.execute(path, method: .put, headers: fields, body: Array(body.utf8))
        }
        let bad = #"{"item": "cup", "quantity": "two"}"#
        // Off: whatever is sent gets the success answer.
        let off = await put("/shop/orders/0?dryRun=maybe", bad, session: "off")
        #expect(off.status == .ok && off.header("X-Understudy-Request-Problems") == nil)

        for (session, mode) in [("r", "report"), ("e", "enforce")] {
            let set = await router.execute(
                "/__admin/sessions/\(session)/validation", method: .put, headers: json, body: Array(#"{"mode": "\#(mode)"}"#.utf8))
            #expect(set.status == .ok && set.text == #"{"mode":"\#(mode)"}"#, "\(set.text)")
        }
        let reported = await put("/shop/orders/0?dryRun=maybe", bad, session: "r")
        #expect(reported.status == .ok)
        let problems = try #require(reported.header("X-Understudy-Request-Problems"))
        for expected in [
            "path parameter 'id': '0' does not match its schema", "query parameter 'dryRun': 'maybe' is not true or false",
            "header parameter 'X-Request-ID' is required", "body /item: does not match its schema",
            "body /quantity: does not match its schema (integer)",
        ] {
            #expect(problems.contains(expected), "\(expected) in \(problems)")
        }
        let journal = await router.execute("/__admin/requests?session=r")
        #expect(journal.text.contains(#""problems":["query parameter 'dryRun'"#), "\(journal.text)")

        // Enforce: a parameter problem is a 400 (Understudy's body: the document has no 400)…
        let parameters = await put(
            "/shop/orders/0", #"{"item": "book", "quantity": 1}"#, session: "e", headers: [HTTPField.Name("X-Request-ID")!: "aaa"])
        #expect(parameters.status == .badRequest && parameters.text.contains("path parameter 'id'"), "\(parameters.text)")
        // …a body problem a 422, the document's own.
        let body = await put("/shop/orders/3", #"{"item": "book"}"#, session: "e", headers: [HTTPField.Name("X-Request-ID")!: "aaa"])
        #expect(body.status?.code == 422 && body.text == #"{"error":"The order is invalid"}"#, "\(body.text)")
        #expect(body.header("X-Understudy-Request-Problems") == "body /quantity: a required property is missing")
        #expect(await put("/shop/orders/3", "not json", session: "e", headers: [HTTPField.Name("X-Request-ID")!: "aaa"]).status?.code == 422)
        // A valid request passes; so does a pattern a backtracking engine would take minutes over (linear here).
        let good = await put(
            "/shop/orders/3?dryRun=true", #"{"item": "pen", "quantity": 10}"#, session: "e", headers: [HTTPField.Name("X-Request-ID")!: "aaa"])
        #expect(good.status == .ok, "\(good.header("X-Understudy-Request-Problems") ?? "")")
        let evil = await put(
            "/shop/orders/3", #"{"item": "pen", "quantity": 1}"#, session: "e",
            headers: [HTTPField.Name("X-Request-ID")!: String(repeating: "a", count: 5_000) + "!"])
        #expect(evil.status == .badRequest && evil.text.contains("header parameter 'X-Request-ID'"))
        // The server's own mode applies to sessions that set none; a wrong mode is refused.
        let strict = try UnderstudyRouter(openAPI: [mount], requestValidation: .enforce)
        #expect(await strict.execute("/shop/orders/0", method: .put).status == .badRequest)
        let wrong = await router.execute("/__admin/sessions/x/validation", method: .put, headers: json, body: Array(#"{"mode": "strict"}"#.utf8))
        #expect(wrong.status == .badRequest && wrong.text.contains("off, report or enforce"))
    }

    /// A reload reads the documents again: a broken one is refused with its problems located and the previous set
    /// keeps serving; a fixed one is served at once.
    @Test func aReloadWithABrokenDocumentKeepsThePreviousOne() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("understudy-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("openapi"), withIntermediateDirectories: true)
        let document = folder.appendingPathComponent("openapi/petstore.yaml")
        let original = try String(contentsOf: Self.documents.appendingPathComponent("oai/petstore.yaml"), encoding: .utf8)
        try original.write(to: document, atomically: true, encoding: .utf8)
        try "openapi:\n  pets: openapi/petstore.yaml\n".write(to: folder.appendingPathComponent("happy.yaml"), atomically: true, encoding: .utf8)
        let router = try UnderstudyRouter(scenarios: folder)
        let json: HTTPFields = [.contentType: "application/json"]
        #expect(await router.execute("/pets/pets").status == .ok)
        try "openapi: 3.0.0\ninfo: {title: x}\npaths:\n  /pets: {get: {responses: 7}}\n".write(to: document, atomically: true, encoding: .utf8)
        let refused = await router.execute("/__admin/reload", method: .post, headers: json, body: Array("{}".utf8))
        #expect((400..<500).contains(refused.status?.code ?? 0), "\(refused.status as Any) \(refused.text)")
        #expect(refused.text.contains("openapi/petstore.yaml:"), "\(refused.text)")
        #expect(await router.execute("/pets/pets").status == .ok, "the previous document keeps serving")
        try original.replacingOccurrences(of: "/pets:", with: "/animals:").write(to: document, atomically: true, encoding: .utf8)
        let reloaded = await router.execute("/__admin/reload", method: .post, headers: json, body: Array("{}".utf8))
        #expect(reloaded.status == .ok, "\(reloaded.text)")
        #expect(await router.execute("/pets/animals").status == .ok)
        #expect(await router.execute("/pets/pets").status == .notFound)
    }
}
