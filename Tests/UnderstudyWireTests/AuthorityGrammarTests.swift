import CUnderstudyHTTPWire
import Testing
import UnderstudyHTTP

/// The transport's strict check (`uhw_is_authority`, in C because it runs before any Swift) is the
/// grammar; what Swift writes into links must be a part of it, so no plain authority is one the
/// transport would have refused.
@Suite struct AuthorityGrammarTests {
    static func transportAccepts(_ authority: String) -> Bool {
        var bytes = Array(authority.utf8)
        return bytes.withUnsafeMutableBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { uhw_is_authority($0.baseAddress, $0.count) != 0 }
        }
    }

    @Test func everyPlainNameByteIsOneTheTransportAccepts() {
        for byte in UInt8(0)...UInt8(127) where byte != UInt8(ascii: ":") && byte != UInt8(ascii: "[") && byte != UInt8(ascii: "]") {
            let name = "a" + String(UnicodeScalar(byte)) + "b"
            if Authority.isPlain(name) { #expect(Self.transportAccepts(name), "byte \(byte)") }
        }
        for authority in ["localhost:8080", "my_host.local:1", "[::1]:8080", "10.0.2.2"] {
            #expect(Authority.isPlain(authority) && Self.transportAccepts(authority), "\(authority)")
        }
    }
}
