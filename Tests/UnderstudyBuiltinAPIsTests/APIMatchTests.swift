import Testing
import UnderstudyAPIService
import UnderstudyAdminWire
import UnderstudyBuiltinAPIs

@Suite struct APIMatchTests {
    /// `API.match` picks its candidate by the prefix's second byte.
    @Test func everyPrefixMatchesItsAPIOnly() throws {
        #expect(Set(UnderstudyAPI.allCases.map { Array($0.prefix.utf8)[1] }).count == UnderstudyAPI.allCases.count)
        for api in UnderstudyAPI.allCases {
            #expect(UnderstudyAPI.match(api.prefix) == api)
            #expect(api.subpath(of: api.prefix) == "")
            #expect(UnderstudyAPI.match(api.prefix + "/x/1?") == api)
            #expect(api.subpath(of: api.prefix + "/x/1?") == "/x/1?")
            #expect(UnderstudyAPI.match(api.prefix + "x") == nil, "a longer first segment is another path")
            #expect(UnderstudyAPI.match(String(api.prefix.dropLast())) == nil)
        }
        #expect(UnderstudyAPI.match("/") == nil)
        #expect(UnderstudyAPI.match("") == nil)
        #expect(UnderstudyAPI.match("/sw") == nil)
        #expect(UnderstudyAPI.match("/swapi/ap\u{301}") == nil)
    }

    /// The portable match (macOS 14–25, no `Span`) agrees with the span path the server takes here.
    @Test func thePortableMatchAgrees() {
        let paths = [
            "", "/", "/s", "/swapi", "/swapi/", "/swapix", "/swapi/api/people/1/", "/artic/api/v1/artworks", "/catfact/facts?page=2",
            "/cat", "/__admin/", "/é", "/catfact\u{0}", "/swapi/ap\u{301}",
        ]
        for path in paths { #expect(UnderstudyAPI.match(path) == UnderstudyAPI.portableMatch(path), "\(path)") }
    }
}
