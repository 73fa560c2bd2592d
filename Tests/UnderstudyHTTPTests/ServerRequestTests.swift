import HTTPTypes
import Testing

@testable import UnderstudyHTTP
@testable import UnderstudyMicroHTTPD

/// The request keeps its query and header fields packed as received; these
/// check that reading them gives what `HTTPFields` and `[QueryItem]` would.
@Suite struct ServerRequestTests {
    @Test func headerLookupIgnoresCaseAndJoinsRepeatedFields() {
        let request = ServerRequest(
            method: .get, path: "/",
            headerFields: HTTPFields([
                HTTPField(name: HTTPField.Name("x-understudy-session")!, value: "one"),
                HTTPField(name: .accept, value: "a/b"),
                HTTPField(name: HTTPField.Name("X-UNDERSTUDY-SESSION")!, value: "two"),
            ]))
        #expect(request.header(HTTPField.Name("X-Understudy-Session")!) == "one, two")
        #expect(request.header(.accept) == "a/b")
        #expect(request.header(.contentType) == nil)
        // Same length as "accept", different name.
        #expect(request.header(HTTPField.Name("accepx")!) == nil)
    }

    /// Lookups skip requests with no name of the wanted length; lengths of 64 and more share
    /// bits with short ones, which must only cost a scan, never a miss.
    @Test func headerLookupFindsNamesOfAnyLength() {
        let long = HTTPField.Name("X-" + String(repeating: "a", count: 66))!  // 68 bytes: the bit of 4, like Host
        let request = ServerRequest(method: .get, path: "/", headerFields: [long: "v", .accept: "a/b"])
        #expect(request.header(long) == "v")
        #expect(request.header(HTTPField.Name("Host")!) == nil)
        #expect(request.header(.accept) == "a/b")
        #expect(request.header(HTTPField.Name("X-Understudy-Delay")!) == nil)
    }

    /// The target a response cache is keyed on: the one Host value as sent (none when there are
    /// two), the decoded path and the raw query; equal targets hash alike, different ones differ.
    @Test func targetHoldsTheSingleHostPathAndRawQuery() {
        let host = HTTPField.Name("Host")!
        func target(_ fields: [(name: String, value: String)], _ raw: String = "/p/%C3%A9?page=2") -> RequestTarget {
            ServerRequest.received(method: .get, rawTarget: Array(raw.utf8), headers: fields).target
        }
        let one = target([("Accept", "*/*"), ("HOST", "a.example:81")])
        #expect(one.path == "/p/é")
        #expect(one.query == "page=2")
        #expect(one.host == "a.example:81")
        #expect(target([]).host == nil)
        #expect(target([("Host", "a"), ("host", "b")]).host == nil)
        #expect(one == target([("Host", "a.example:81")]) && one.hashValue == target([("Host", "a.example:81")]).hashValue)
        #expect(one != target([("Host", "a.example:82")]))
        #expect(one != target([("Host", "a.example:81")], "/p/%C3%A9?page=02"))
        // Made in Swift, the same request gives the same target as from the wire.
        let made = ServerRequest(method: .get, path: "/p/é", query: [.init(name: "page", value: "2")], headerFields: [host: "a.example:81"])
        #expect(made.target == one)
    }

    @Test func headerFieldsKeepOrderAndRawNames() {
        let host = HTTPField.Name("Host")!
        let fields: HTTPFields = [HTTPField.Name("X-Thing")!: "42", host: "example.com:8080", .accept: ""]
        let request = ServerRequest(method: .get, path: "/", headerFields: fields)
        #expect(request.headerFields == fields)
        #expect(request.headerFields.map(\.name.rawName) == ["X-Thing", "Host", "Accept"])
        #expect(request.header(.accept) == "")
    }

    @Test func packedFieldsFromTheWireAreCleanedLikeHTTPFields() {
        // Built the way the server builds them: raw bytes from libmicrohttpd, which may hold
        // control characters and names that are not tokens.
        let request = ServerRequest.received(
            method: .get, rawTarget: Array("/".utf8),
            headers: [(name: "X-Odd", value: "a\u{1}b"), (name: "Bad Name", value: "x"), (name: "Host", value: "h")])
        let odd = HTTPField.Name("X-Odd")!
        #expect(request.header(odd) == HTTPField(name: odd, value: "a\u{1}b").value)
        #expect(request.headerFields.count == 2, "a name that is not a token is left out")
        #expect(request.header(HTTPField.Name("host")!) == "h")
    }

    @Test func queryKeepsOrderRepeatsAndEmptyValues() {
        var request = ServerRequest(
            method: .get, path: "/p",
            query: [
                .init(name: "page", value: "2"), .init(name: "flag", value: ""), .init(name: "page", value: "3"),
                .init(name: "q", value: "a b&c=d/é"),
            ])
        #expect(request.queryValue("page") == "2")
        #expect(request.queryValue("flag") == "")
        #expect(request.queryValue("missing") == nil)
        #expect(request.query.count == 4)
        #expect(request.encodedQuery == "page=2&flag=&page=3&q=a%20b%26c%3Dd%2F%C3%A9")
        #expect(request.requestLineTarget == "/p?" + request.encodedQuery)
        request.query = []
        #expect(request.requestLineTarget == "/p")
    }

    @Test func aNulInAFieldIsKeptAndCannotShiftTheNextOne() {
        // Names and values from the server never hold NUL; values set through the public API may.
        let request = ServerRequest(method: .get, path: "/", query: [.init(name: "a\u{0}b", value: "c\u{0}"), .init(name: "d", value: "e")])
        #expect(request.queryValue("d") == "e")
        #expect(request.query == [.init(name: "a\u{0}b", value: "c\u{0}"), .init(name: "d", value: "e")])
    }

    @Test func fieldsSharingABufferCompareByTheirOwnBytes() {
        let query = PackedFields([(name: "page", value: "2")])
        let headers = PackedFields([(name: "Host", value: "h")])
        // The server packs a request's query and headers into one buffer, query first.
        let shared = PackedFields([(name: "page", value: "2"), (name: "Host", value: "h")])
        let split = query.bytes.count
        let sharedQuery = PackedFields(bytes: shared.bytes, range: 0..<split)
        let sharedHeaders = PackedFields(bytes: shared.bytes, range: split..<shared.bytes.count)
        #expect(sharedQuery == query && sharedQuery.hashValue == query.hashValue)
        #expect(sharedHeaders == headers && sharedHeaders.hashValue == headers.hashValue)
        #expect(sharedQuery != sharedHeaders)
        #expect(sharedHeaders.pairs.map(\.name) == ["Host"])
        #expect(PackedFields(bytes: shared.bytes, range: 0..<0) == PackedFields())
    }
}
