import Testing
import UnderstudyDocuments

/// The byte helpers' portable paths (macOS 14–25, no `Span`) give what the span paths give: on
/// Linux and macOS 26 the public functions take the span path, so this is where the other one runs.
@Suite struct PortablePathTests {
    static let texts = ["", "/", "/swapi", "/swapi/api/people/1/", "/__admin/", "é/😀/x", "/catfact\u{0}facts", "/ap\u{301}", "a%2Fb"]

    @Test func everyHelperAgreesWithItsPortablePath() {
        for text in Self.texts {
            for prefix in Self.texts + ["/swapi/", "é", "/sw"] {
                #expect(text.hasBytePrefix(prefix) == text.portableHasBytePrefix(prefix), "\(text) \(prefix)")
                #expect(text.hasBytePrefix(Array(prefix.utf8)) == text.portableHasBytePrefix(Array(prefix.utf8)), "\(text) \(prefix)")
            }
            for offset in 0...(text.utf8.count + 1) {
                #expect(text.utf8Byte(at: offset) == text.portableUTF8Byte(at: offset), "\(text) \(offset)")
            }
            for limit: UInt8 in [0x7F, 0x2F, 0xFF] {
                #expect(text.allUTF8Bytes { $0 <= limit } == text.portableAllUTF8Bytes { $0 <= limit }, "\(text) \(limit)")
            }
        }
    }
}
