import Testing
import UnderstudyHTTP

/// The one reading of a request's authority in Swift: split, named, and judged plain for links.
@Suite struct AuthorityTests {
    @Test func splitReadsNamesLiteralsAndPorts() {
        #expect(Authority.split("example.test")! == ("example.test", nil))
        #expect(Authority.split("example.test:8080")! == ("example.test", "8080"))
        #expect(Authority.split("[::1]:8080")! == ("[::1]", "8080"))
        #expect(Authority.split("[::1]")! == ("[::1]", nil))
        for malformed in ["", "a/b", "[::1", "[::1]x", "[::1]8080"] { #expect(Authority.split(malformed) == nil, "\(malformed)") }
    }

    @Test func aHostNameDropsItsPortAndOneTrailingDot() {
        #expect(Authority.hostName(of: "localhost.:8080") == "localhost")
        #expect(Authority.hostName(of: "[::1]:1") == "[::1]")
        for malformed in ["localhost:", "localhost:123456", "localhost:8o", ":80", "."] {
            #expect(Authority.hostName(of: malformed) == nil, "\(malformed)")
        }
    }

    /// Link rendering and the recorder once disagreed on `_` (a legal reg-name byte, RFC 3986 §3.2.2).
    @Test func plainAuthoritiesMayHoldUnderscoresButNothingThatNeedsEscaping() {
        for plain in ["localhost:8080", "my_host.local", "10.0.2.2:8080", "[fe80::1]:80", "A-B.example"] {
            #expect(Authority.isPlain(plain), "\(plain)")
        }
        for other in ["", "a b", "a\"b", "a%41", "a@b", "a<b", "é.example", "a/b", String(repeating: "a", count: 256)] {
            #expect(!Authority.isPlain(other), "\(other)")
        }
    }
}
