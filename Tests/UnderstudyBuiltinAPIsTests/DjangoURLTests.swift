import Foundation
import Testing
import UnderstudyBuiltinAPIs
import UnderstudyDocuments
import UnderstudyTestSupport
import UnderstudyTesting

/// Issue 30: swapi.dev's URLs as its Django and DRF read them (`swapi/urls.py`: a DRF DefaultRouter,
/// detail pattern `[^/.]+`, the id read by Python's `int()`; Django's APPEND_SLASH redirect first).
@Suite struct DjangoURLTests {
    @Test func aNonNumericIdWithoutTheSlashIsRedirectedThenNotFound() throws {
        let reply = try rawRequest(port: shared.port, "GET /swapi/api/people/%3Fpage=2 HTTP/1.1\r\nHost: h:1\r\nConnection: close\r\n\r\n")
        #expect(reply.hasPrefix("HTTP/1.1 301"), "\(reply.prefix(80))")
        // Django's escape_uri_path re-escapes the decoded `?` and `=`, so the target is still a path.
        #expect(reply.contains("Location: http://h:1/swapi/api/people/%3Fpage%3D2/\r\n"), "\(reply)")
        let followed = try rawRequest(port: shared.port, "GET /swapi/api/people/%3Fpage%3D2/ HTTP/1.1\r\nHost: h:1\r\nConnection: close\r\n\r\n")
        #expect(followed.hasPrefix("HTTP/1.1 404") && followed.hasSuffix(#"{"detail":"Not found"}"#), "\(followed)")
        for path in ["/swapi/api/people/abc", "/swapi/api/films/-1", "/swapi/api/planets/x?page=2"] {
            let reply = try rawRequest(port: shared.port, "GET \(path) HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n")
            #expect(reply.hasPrefix("HTTP/1.1 301"), "\(path)")
        }
        // A full stop is outside the router's `[^/.]+`: no route with or without the slash.
        let dotted = try rawRequest(port: shared.port, "GET /swapi/api/people/1.0 HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n")
        #expect(dotted.hasPrefix("HTTP/1.1 404"))
    }

    @Test func idsArePythonIntegers() async throws {
        for path in [
            "/swapi/api/people/+1/", "/swapi/api/people/%2B1/", "/swapi/api/people/%201/", "/swapi/api/people/01/", "/swapi/api/people/1%20/",
        ] {
            let person = try await fetch(path)
            let name = try person.json()["name"]?.stringValue
            #expect(person.status == 200 && name == "Luke Skywalker", "\(path)")
        }
        #expect(try await fetch("/swapi/api/people/1_0/").json()["name"]?.stringValue == "Obi-Wan Kenobi")
        for path in [
            "/swapi/api/people/-1/", "/swapi/api/people/0/", "/swapi/api/people/++1/", "/swapi/api/people/1__0/", "/swapi/api/people/_1/",
            "/swapi/api/people/0x1/", "/swapi/api/people/%3Fpage=2/", "/swapi/api/people/99999999999999999999999/",
        ] {
            let answer = try await fetch(path)
            #expect(answer.status == 404 && answer.text == #"{"detail":"Not found"}"#, "\(path)")
        }
    }

    @Test func pythonIntAcceptsWhatPythonAccepts() {
        let accepted: [(String, Int)] = [("1", 1), ("+1", 1), ("-1", -1), (" 1 ", 1), ("\t7\n", 7), ("007", 7), ("1_000", 1000), ("١٢", 12)]
        for (text, value) in accepted { #expect(DjangoURL.pythonInt(Substring(text)) == value, "\(text)") }
        for text in [
            "", "+", " ", "1.0", "1e3", "0x1", "1__0", "_1", "1_", "+-1", "1 1", "½", String(repeating: "9", count: 30),
            String(repeating: " ", count: 100) + "1",
        ] {
            #expect(DjangoURL.pythonInt(Substring(text)) == nil, "\(text)")
        }
        #expect(DjangoURL.escapePath("/api/people/?page=2 x") == "/api/people/%3Fpage%3D2%20x")
    }
}
