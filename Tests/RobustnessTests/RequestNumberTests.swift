import Foundation
import Testing
import Understudy
import UnderstudyStaging
import UnderstudyTestSupport
import UnderstudyTesting

/// Every number a request carries, at the edges of `Int` and in the spellings
/// parsers disagree on, against a real server process: each gets a real API's
/// answer or a 4xx, never a crash, and the server answers afterwards.
@Suite(.serialized) struct RequestNumberTests {
    static let edges = [
        "9223372036854775807", "-9223372036854775808", "9223372036854775808", "4611686018427387904", "100000000000",
        "+5", "%205", "5%20", "1e3", "05", "0x10", "-1", "0", "", "%00", "99999999999999999999999999",
    ]

    /// Each API path with each of its numeric query parameters.
    static let parameters: [(path: String, name: String)] = [
        ("/catfact/facts", "page"), ("/catfact/facts", "limit"), ("/catfact/facts", "max_length"), ("/catfact/fact", "max_length"),
        ("/catfact/breeds", "page"), ("/catfact/breeds", "limit"),
        ("/artic/api/v1/artworks", "page"), ("/artic/api/v1/artworks", "limit"),
        ("/artic/api/v1/artworks/search", "page"), ("/artic/api/v1/artworks/search", "limit"),
        ("/swapi/api/people/", "page"), ("/swapi/api/films/", "page"),
        ("/__admin/requests", "limit"), ("/__admin/requests", "status"), ("/__admin/requests", "since"),
    ]

    func get(_ port: Int, _ target: String, headers: String = "") throws -> (code: Int?, body: String) {
        let reply = try RawHTTP.exchange(port: port, "GET \(target) HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\(headers)\r\n", timeout: 10)
        let body = reply.components(separatedBy: "\r\n\r\n").dropFirst().joined(separator: "\r\n\r\n")
        return (statusCode(reply), body)
    }

    @Test func everyNumericParameterAtTheEdgesGetsAnAnswer() throws {
        let (server, port) = try startServerProcess()
        defer {
            server.signal(SIGKILL)
            _ = server.finish()
        }
        for (path, name) in Self.parameters {
            for value in Self.edges {
                let (code, _) = try get(port, "\(path)?\(name)=\(value)")
                #expect(
                    code.map { [200, 400, 403, 404].contains($0) } == true, "\(path)?\(name)=\(value) answered \(code.map(String.init) ?? "nothing")")
            }
        }
        // Pairs whose product passes Int.max.
        for path in ["/catfact/facts", "/catfact/breeds", "/artic/api/v1/artworks", "/artic/api/v1/artworks/search"] {
            for (page, limit) in [
                ("100000000000", "100000000000"), ("9223372036854775807", "9223372036854775807"),
                ("4611686018427387904", "2"), ("3", "4611686018427387904"),
            ] {
                let (code, _) = try get(port, "\(path)?page=\(page)&limit=\(limit)")
                #expect(code.map { [200, 403].contains($0) } == true, "\(path) page \(page) limit \(limit): \(code.map(String.init) ?? "nothing")")
            }
        }
        // Path ids and the delay header.
        for id in ["9223372036854775808", "-1", "+1", "%201", "1e3", "00001"] {
            #expect(try get(port, "/swapi/api/people/\(id)/").code.map { [200, 404].contains($0) } == true, "swapi id \(id)")
            #expect(try get(port, "/artic/api/v1/artworks/\(id)").code.map { [200, 404].contains($0) } == true, "artic id \(id)")
        }
        for delay in ["9223372036854775807", "-1", "+5", "1e3", "86400001", "5 5"] {
            #expect(
                try get(port, "/catfact/fact", headers: "X-Understudy-Scenario: slow-body\r\nX-Understudy-Delay: \(delay)\r\n").code == 400,
                "X-Understudy-Delay: \(delay)")
        }
        #expect(server.isRunning)
        #expect(healthy(port))
    }

    @Test func outOfRangePagesGetTheRealAPIsAnswers() throws {
        let (server, port) = try startServerProcess()
        defer {
            server.signal(SIGKILL)
            _ = server.finish()
        }

        // Laravel (catfact): a page past the end is an empty page that still says where it is.
        let far = json(try get(port, "/catfact/facts?page=9223372036854775807").body)
        #expect(far["current_page"]?.intValue == Int.max)
        #expect(far["data"]?.arrayValue?.isEmpty == true)
        #expect(far["from"] == .null)
        let huge = json(try get(port, "/catfact/facts?limit=9223372036854775807").body)
        #expect(huge["per_page"]?.intValue == Int.max)
        #expect(huge["last_page"]?.intValue == 1)
        #expect(huge["data"]?.arrayValue?.count == huge["total"]?.intValue)
        // filter_var: "+5" and " 5" are 5, "1e3" and "05" are not integers (page 1).
        #expect(json(try get(port, "/catfact/facts?page=+5").body)["current_page"]?.intValue == 5)
        #expect(json(try get(port, "/catfact/facts?page=%205").body)["current_page"]?.intValue == 5)
        #expect(json(try get(port, "/catfact/facts?page=1e3").body)["current_page"]?.intValue == 1)
        #expect(json(try get(port, "/catfact/facts?page=05").body)["current_page"]?.intValue == 1)

        // artic: past the 10,000th result is its 403, however the product overflows.
        let artic = try get(port, "/artic/api/v1/artworks?page=4611686018427387904&limit=2")
        #expect(artic.code == 403)
        #expect(json(artic.body)["error"]?.stringValue == "Invalid number of results")
        #expect(try get(port, "/artic/api/v1/artworks/search?page=9223372036854775807&limit=100").code == 403)

        // Django REST framework (SWAPI): int() as Python reads it, `last`, else 404 "Invalid page.".
        #expect(try get(port, "/swapi/api/people/?page=9223372036854775808").body.contains("Invalid page."))
        #expect(try get(port, "/swapi/api/people/?page=%202%20").code == 200)
        #expect(json(try get(port, "/swapi/api/people/?page=last").body)["next"] == .null)
        #expect(try get(port, "/swapi/api/people/?page=1e3").code == 404)
        // Ids are read as swapi.dev reads them (issue 30): its router takes `[^/.]+` and Python's int() the
        // rest, so `+1` is person 1; a form int() refuses is the 404.
        #expect(try get(port, "/swapi/api/people/+1/").code == 200)
        #expect(try get(port, "/swapi/api/people/1e3/").code == 404)
        #expect(server.isRunning)
    }
}
