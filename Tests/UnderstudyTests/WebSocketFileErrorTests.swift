import Foundation
import Testing
import UnderstudyDocuments

@testable import Understudy
@testable import UnderstudyStaging

/// A route's `websocket:`: every mistake located, each bound named.
@Suite struct WebSocketFileErrorTests {
    let errors = ScenarioFileErrorTests()

    @Test func everySocketMistakeIsLocated() throws {
        let problems = try errors.load([
            "w.yaml": """
            routes:
              - path: /a
                websocket:
                  on_open: [{echo: true}, {text: a, json: {b: 1}}, {binary: "not base64!"}, {}]
                  on_message:
                    - match: {json: {type: ping}}
                      reply: [{json: {type: pong}, delay: -5}]
                    - reply: {text: not a list}
                  close: {after: 100, code: 1005, reason: fine}
                  ping: yes
              - path: /b
                websocket: {close: {code: 70000}}
                json: {a: 1}
              - path: /c
                websocket: {on_message: {reply: []}}
            """
        ])
        errors.expectOne(problems, file: "w.yaml", keyPath: "routes[0].websocket.on_open[0].echo", containing: "belongs in on_message")
        errors.expectOne(problems, file: "w.yaml", keyPath: "routes[0].websocket.on_open[1]", containing: "not several")
        errors.expectOne(problems, file: "w.yaml", keyPath: "routes[0].websocket.on_open[2].binary", containing: "base64")
        errors.expectOne(problems, file: "w.yaml", keyPath: "routes[0].websocket.on_open[3]", containing: "needs one of")
        errors.expectOne(problems, file: "w.yaml", keyPath: "routes[0].websocket.on_message[0].reply[0].delay", containing: "milliseconds")
        errors.expectOne(problems, file: "w.yaml", keyPath: "routes[0].websocket.on_message[1].reply", containing: "a list of frames")
        errors.expectOne(problems, file: "w.yaml", keyPath: "routes[0].websocket.close.code", containing: "a server may send")
        errors.expectOne(problems, file: "w.yaml", keyPath: "routes[0].websocket.ping", containing: "unknown key")
        errors.expectOne(problems, file: "w.yaml", keyPath: "routes[1].websocket.close.code", containing: "a server may send")
        errors.expectOne(problems, file: "w.yaml", keyPath: "routes[1].json", containing: "give websocket or json, not both")
        errors.expectOne(problems, file: "w.yaml", keyPath: "routes[2].websocket.on_message", containing: "expected a list")
    }

    @Test func tooManyFramesAreRefusedWithTheBound() throws {
        let frames = String(repeating: "{text: x}, ", count: WebSocketBehavior.maxFrames + 1)
        let problems = try errors.load(["w.yaml": "routes:\n  - path: /a\n    websocket: {on_open: [\(frames)]}\n"])
        errors.expectOne(problems, file: "w.yaml", keyPath: "routes[0].websocket.on_open[10000]", containing: "the bound on one route")
    }

    @Test func theBundledSocketLoads() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("scenarios")
        let set = try ScenarioLoader.load(directory: folder)
        let route = try #require(set.scenarios["custom-routes"]?.routes.first { $0.pattern == "/myapp/socket" })
        #expect(route.webSocket?.onOpen.count == 1 && route.webSocket?.onMessage.count == 3 && route.faultAfter == 2)
    }
}
