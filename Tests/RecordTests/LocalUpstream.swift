import Foundation
import UnderstudyTestSupport
import UnderstudyTesting

/// The tests' own upstream: an Understudy serving a small API from custom routes, so that everything
/// `record` and `proxy:` meet is local — ids in paths, JSON and text bodies, an error, a redirect, a
/// large body, a slow answer, one that never comes, a reset, and a body that is not what it says.
enum LocalUpstream {
    /// A JSON body of about 20 KB: over the recorder's inline limit, so it goes to a body file.
    static let bigItems = (1...300).map { "{\"n\":\($0),\"name\":\"item number \($0)\"}" }.joined(separator: ",")

    static let scenario = """
        routes:
          - path: /v1/users
            headers: {Content-Type: application/json, Cache-Control: max-age=60, X-Total-Count: "2", Set-Cookie: session=secret}
            body: '{"count":2,"next":"{{origin}}/v1/users?page=2","results":[{"id":1,"url":"{{origin}}/v1/users/1"},{"id":2,"url":"{{origin}}/v1/users/2"}]}'
          - path: /v1/users/:id
            headers: {Content-Type: application/json}
            body: '{"id":{{id}},"name":"user {{id}}","self":"{{origin}}/v1/users/{{id}}"}'
          - method: POST
            path: /v1/users
            status: 201
            json: {created: true}
          - path: /v1/readme
            headers: {Content-Type: text/plain; charset=utf-8}
            body: "Plain text, two lines.\\nSecond line."
          - path: /v1/broken
            status: 500
            json: {error: boom}
          - path: /v1/old
            status: 301
            headers: {Location: /v1/users}
          - path: /v1/big
            headers: {Content-Type: application/json}
            body_file: data/big.json
          - path: /v1/slow
            delay: 400
            json: {slow: true}
          - path: /v1/liar
            headers: {Content-Type: application/json}
            body: "this is <b>not</b> JSON"
          - path: /v1/hang
            fault: timeout
            json: {never: true}
          - path: /v1/reset
            fault: connection-reset
            json: {never: true}
        """

    /// Starts it; the caller keeps the server (and removes the folder).
    static func start() async throws -> (UnderstudyTestServer, folder: URL) {
        let folder = try temporaryFolder("upstream")
        try write(["upstream.yaml": scenario, "data/big.json": "{\"items\":[\(bigItems)]}"], into: folder)
        let server = try await UnderstudyTestServer.start(scenarios: folder, scenario: "upstream")
        return (server, folder)
    }
}

/// `understudy record` as a child process, as a user runs it.
struct RecorderProcess {
    let process: UnderstudyProcess
    let port: Int

    init(_ arguments: [String]) throws {
        process = try UnderstudyProcess(["record", "--port", "0"] + arguments)
        port = URL(string: try process.waitUntilListening())!.port!
    }

    /// SIGINT, as Ctrl-C: the recorder saves and exits.
    func stop() -> (status: Int32, stderr: String) {
        process.signal(SIGINT)
        return process.finish()
    }
}
