import Foundation
import Testing
import Understudy
import UnderstudyDocuments
import UnderstudyStaging
import UnderstudyTestSupport
import UnderstudyTesting

/// What a web page in the developer's browser can do to a loopback server,
/// sent over raw sockets exactly as a browser would send it: DNS rebinding
/// (a foreign `Host`), cross-site writes (`Origin`, `Sec-Fetch-Site`, form
/// content types), and a token compared as text instead of bytes.
@Suite(.serialized) struct AdminOriginTests {
    func call(
        _ port: Int, _ method: String, _ path: String, host: String? = nil, headers: [String] = [], body: String = ""
    ) throws -> (code: Int?, reply: String) {
        var request = "\(method) \(path) HTTP/1.1\r\nHost: \(host ?? "127.0.0.1:\(port)")\r\nConnection: close\r\n"
        for header in headers { request += header + "\r\n" }
        if !body.isEmpty || method != "GET" { request += "Content-Length: \(body.utf8.count)\r\n" }
        let reply = try RawHTTP.exchange(port: port, request + "\r\n" + body, timeout: 5)
        return (statusCode(reply), reply)
    }

    func active(_ port: Int) throws -> String? {
        let reply = try call(port, "GET", "/__admin/scenario").reply
        let body = reply.components(separatedBy: "\r\n\r\n").dropFirst().joined()
        return json(body)["active"]?.stringValue
    }

    @Test func onlyHostNamesOfThisMachineReachTheAdminAPI() throws {
        let (server, port) = try startServerProcess(["--allowed-host", "devbox.lan"])
        defer {
            server.signal(SIGKILL)
            _ = server.finish()
        }
        for host in [
            "localhost:\(port)", "127.0.0.1:\(port)", "[::1]:\(port)", "LOCALHOST", "localhost.", "127.1.2.3", "app.localhost:\(port)",
            "devbox.lan:\(port)",
        ] {
            #expect(try call(port, "GET", "/__admin/requests", host: host).code == 200, "Host: \(host)")
        }
        // A page on a name rebound to 127.0.0.1 sends its own name.
        for host in [
            "attacker.example:\(port)", "attacker.example", "localhost.attacker.example", "127.0.0.1.nip.io", "devbox.lan.evil",
            "localhost:80:80", "[::1", "", "127.0.0.1@evil",
        ] {
            let (code, reply) = try call(port, "GET", "/__admin/requests", host: host)
            #expect(code == 403 || code == 400, "Host: \(host) answered \(code.map(String.init) ?? "nothing")")
            #expect(!reply.contains("\"requests\""), "Host: \(host) read the journal")
        }
        #expect(try call(port, "GET", "/__admin/", host: "attacker.example:\(port)").code == 403, "the dashboard too")
        #expect(try call(port, "PUT", "/__admin/scenario/empty", host: "attacker.example").code == 403)
        #expect(try active(port) == "happy")
        // The API routes stay open to any Host: links follow it.
        #expect(try call(port, "GET", "/catfact/fact", host: "attacker.example").code == 200)
    }

    @Test func crossSiteWritesAreRefusedAndChangeNothing() throws {
        let (server, port) = try startServerProcess()
        defer {
            server.signal(SIGKILL)
            _ = server.finish()
        }
        let refused: [(String, [String], String)] = [
            ("foreign Origin", ["Origin: http://attacker.example", "Content-Type: application/json"], #"{"name":"empty"}"#),
            ("Origin null", ["Origin: null", "Content-Type: application/json"], #"{"name":"empty"}"#),
            ("cross-site fetch", ["Sec-Fetch-Site: cross-site", "Content-Type: application/json"], #"{"name":"empty"}"#),
            ("same-site fetch", ["Sec-Fetch-Site: same-site", "Content-Type: application/json"], #"{"name":"empty"}"#),
            ("other port", ["Origin: http://127.0.0.1:1", "Content-Type: application/json"], #"{"name":"empty"}"#),
            ("form post", ["Content-Type: application/x-www-form-urlencoded"], #"{"name":"empty"}"#),
            ("text/plain post", ["Content-Type: text/plain"], #"{"name":"empty"}"#),
            ("multipart post", ["Content-Type: multipart/form-data; boundary=x"], #"{"name":"empty"}"#),
            ("body without a type", [], #"{"name":"empty"}"#),
            ("same-origin browser call without JSON", ["Origin: http://127.0.0.1:\(port)"], ""),
        ]
        for (what, headers, body) in refused {
            let (code, reply) = try call(port, "PUT", "/__admin/scenario", headers: headers, body: body)
            #expect(code == 403 || code == 415, "\(what): \(code.map(String.init) ?? "nothing")")
            #expect(reply.contains("\"error\""), "\(what): a JSON error body")
            #expect(try active(port) == "happy", "\(what) changed the scenario")
        }
        for path in ["/__admin/reset", "/__admin/reload"] {
            #expect(try call(port, "POST", path, headers: ["Origin: null"]).code == 403)
            #expect(try call(port, "POST", path, headers: ["Content-Type: text/plain"], body: "x").code == 415)
        }
        #expect(try call(port, "DELETE", "/__admin/requests", headers: ["Sec-Fetch-Site: cross-site"]).code == 403)

        // What stays allowed: curl with JSON, curl with no body, the dashboard's own same-origin calls.
        #expect(try call(port, "PUT", "/__admin/scenario", headers: ["Content-Type: application/json"], body: #"{"name":"empty"}"#).code == 200)
        #expect(try call(port, "PUT", "/__admin/scenario/server-error").code == 200)
        #expect(try active(port) == "server-error")
        #expect(
            try call(
                port, "POST", "/__admin/reset",
                headers: [
                    "Origin: http://127.0.0.1:\(port)", "Sec-Fetch-Site: same-origin",
                    "Content-Type: application/json",
                ]
            ).code == 200)
        #expect(
            try call(
                port, "POST", "/__admin/reset", host: "localhost:\(port)",
                headers: ["Origin: http://localhost:\(port)", "X-Understudy-Admin: 1"]
            ).code == 200)
        #expect(try active(port) == "happy")
    }

    @Test func anEscapedAdminPathReachesNoAdminRoute() throws {
        let (server, port) = try startServerProcess()
        defer {
            server.signal(SIGKILL)
            _ = server.finish()
        }
        _ = try call(port, "PUT", "/__admin/scenario/server-error")
        for (method, path) in [
            ("GET", "/%5f%5fadmin/requests"), ("GET", "/%5F%5Fadmin/"), ("GET", "/__%61dmin/scenario"),
            ("POST", "/__admin%2Freset"), ("PUT", "/%5f_admin/scenario/happy"), ("DELETE", "/__admin/requests%3F"),
        ] {
            let (code, reply) = try call(port, method, path)
            #expect(code == 400, "\(method) \(path): \(code.map(String.init) ?? "nothing")")
            #expect(reply.contains("escaped admin path"), "\(method) \(path)")
        }
        #expect(try active(port) == "server-error", "no escaped call changed the state")
    }

    @Test func theTokenIsComparedAsBytes() throws {
        let nfc = "caf\u{E9}"
        let nfd = "cafe\u{301}"
        let (server, port) = try startServerProcess(["--admin-token", nfc])
        defer {
            server.signal(SIGKILL)
            _ = server.finish()
        }
        #expect(try call(port, "GET", "/__admin/requests", headers: ["Authorization: Bearer \(nfc)"]).code == 200)
        #expect(try call(port, "GET", "/__admin/requests", headers: ["Authorization: Bearer \(nfd)"]).code == 401, "NFD is other bytes")
        #expect(try call(port, "GET", "/__admin/requests", headers: ["Authorization: Bearer caf"]).code == 401)
        #expect(try call(port, "GET", "/__admin/requests", headers: ["Authorization: Bearer \(nfc)x"]).code == 401)
        #expect(try call(port, "GET", "/__admin/requests", headers: ["Authorization: bearer \(nfc)"]).code == 401)
        let encodedNFD = nfd.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
        #expect(try call(port, "GET", "/__admin/?token=\(encodedNFD)").code == 401)
        #expect(try call(port, "GET", "/__admin/?token=\(nfc.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)").code == 200)
    }

    @Test func adminAndErrorAnswersAreNeverSniffed() throws {
        let (server, port) = try startServerProcess()
        defer {
            server.signal(SIGKILL)
            _ = server.finish()
        }
        for (method, path) in [
            ("GET", "/__admin/health"), ("GET", "/__admin/"), ("GET", "/__admin/scenario"), ("GET", "/__admin/nope"),
            ("GET", "/nowhere"), ("POST", "/catfact/fact"),
        ] {
            let reply = try call(port, method, path).reply.lowercased()
            #expect(reply.contains("x-content-type-options: nosniff"), "\(method) \(path)")
        }
        let dashboard = try call(port, "GET", "/__admin/").reply.lowercased()
        #expect(dashboard.contains("x-frame-options: deny"))
        #expect(dashboard.contains("referrer-policy: no-referrer"))
    }
}
