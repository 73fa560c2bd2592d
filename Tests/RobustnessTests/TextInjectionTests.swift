import Foundation
import Testing
import Understudy
import UnderstudyDocuments
import UnderstudyStaging
import UnderstudyTestSupport
import UnderstudyTesting

/// Nothing a client sends is pasted into JSON, HTML or the log as raw text.
@Suite(.serialized) struct TextInjectionTests {
    /// The bundled scenarios plus one whose routes put path parameters into a JSON
    /// string, a bare JSON value and an HTML page.
    func scenariosWithInjectableRoutes() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("understudy-injection-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: bundledScenarios, to: folder)
        try """
        name: echo
        description: Routes that echo path parameters.
        extends: happy
        routes:
          - path: /myapp/users/:id
            json:
              id: "{{id}}"
              role: user
              profile: "{{origin}}/myapp/users/{{id}}"
          - path: /myapp/bare/:id
            headers: {Content-Type: application/json}
            body: '{"id": {{id}}, "role": "user"}'
          - path: /myapp/page/:name
            headers: {Content-Type: text/html; charset=utf-8}
            body: '<p title="{{name}}">Hello {{name}}</p>'
        """.write(to: folder.appendingPathComponent("echo.yaml"), atomically: true, encoding: .utf8)
        return folder
    }

    func get(_ port: Int, _ target: String) throws -> (code: Int?, body: String) {
        let reply = try RawHTTP.exchange(port: port, "GET \(target) HTTP/1.1\r\nHost: localhost:\(port)\r\nConnection: close\r\n\r\n", timeout: 5)
        return (statusCode(reply), reply.components(separatedBy: "\r\n\r\n").dropFirst().joined(separator: "\r\n\r\n"))
    }

    func object(_ body: String) -> JSONValue? {
        let value = json(body)
        return value.members == nil ? nil : value
    }

    @Test func pathParametersAreValuesNotSyntax() throws {
        let folder = try scenariosWithInjectableRoutes()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (server, port) = try startServerProcess(["--scenarios", folder.path, "--scenario", "echo"])
        defer {
            server.signal(SIGKILL)
            _ = server.finish()
        }

        // Quotes close the string and add keys, were the value pasted in.
        let injected = #"1","role":"admin","x":""#
        let encoded = injected.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
        let user = try #require(object(try get(port, "/myapp/users/\(encoded)").body), "valid JSON")
        #expect(user["role"]?.stringValue == "user")
        #expect(user["id"]?.stringValue == injected)
        #expect(Set(user.members?.map(\.key) ?? []) == ["id", "role", "profile"])

        // A value spelled like a placeholder stays that text.
        let placeholder = try #require(object(try get(port, "/myapp/users/%7B%7Borigin%7D%7D").body))
        #expect(placeholder["id"]?.stringValue == "{{origin}}")
        #expect(placeholder["profile"]?.stringValue == "http://localhost:\(port)/myapp/users/{{origin}}")

        // Control characters and backslashes are escaped, so the body still parses.
        let controls = try #require(object(try get(port, "/myapp/users/a%5Cb%0Ac%01").body))
        #expect(controls["id"]?.stringValue == "a\\b\nc\u{1}")

        // Outside a string, a number stays a number and anything else becomes a string.
        let number = try #require(object(try get(port, "/myapp/bare/42").body))
        #expect(number["id"]?.intValue == 42)
        let bare = try #require(object(try get(port, "/myapp/bare/1,%22role%22:%22admin%22").body), "valid JSON")
        #expect(bare["role"]?.stringValue == "user")
        #expect(bare["id"]?.stringValue == #"1,"role":"admin""#)

        // HTML escapes.
        let page = try get(port, "/myapp/page/%22%3E%3Cscript%3Ealert(1)%3C%5Cscript%3E")
        #expect(!page.body.contains("<script>"))
        #expect(page.body.contains("&quot;&gt;&lt;script&gt;alert(1)&lt;\\script&gt;"))
    }

    @Test func theAccessLogEscapesWhatClientsSendAndNeverWritesTheToken() throws {
        let (server, port) = try startServerProcess(["--log-level", "info", "--admin-token", "s3cret-token"])
        defer { server.signal(SIGKILL) }
        _ = try get(port, "/catfact/fact%0A2026-01-01T00:00:00Z%20info%20understudy:%20FORGED%1B[31m")
        _ = try get(port, "/swapi/api/people/%0D%07%7F")
        _ = try get(port, "/__admin/?token=s3cret-token")
        _ = try get(port, "/__admin/requests?token=s3cret-token&limit=1")
        // The log is batched: stop the server so everything is flushed.
        server.signal(SIGTERM)
        let log = server.finish().stderr
        #expect(log.contains("%0A2026-01-01T00:00:00Z%20info%20understudy:%20FORGED%1B[31m"), "the path written encoded: \(log)")
        #expect(!log.split(separator: "\n").contains { $0.hasPrefix("2026-01-01T00:00:00Z") || $0.contains("FORGED") && !$0.contains("%0A") })
        #expect(!log.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" && $0 != "\t" || $0.value == 0x7F }, "no control character in the log")
        #expect(!log.contains("s3cret-token"), "the token never reaches the log")
        #expect(log.contains("token=REDACTED"))
    }
}
