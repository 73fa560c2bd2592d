import Testing

@testable import UnderstudyHTTP

/// A target's hash reads a string eight bytes at a time through a span; before macOS 26 it reads
/// them one at a time. Both must give the same hash, or one system's cache would miss the other's keys.
@Suite struct TargetHashTests {
    @Test func theSpanAndThePortableReadingsHashAlike() {
        for text in ["", "a", "/catfact/facts", "/swapi/api/people/?page=2&search=r2", String(repeating: "é😀x", count: 9), "12345678", "123456789"] {
            var bySpan = TargetHash(seed: 7)
            bySpan.combine(text)
            var byByte = TargetHash(seed: 7)
            byByte.combine(bytes: text.utf8)
            #expect(bySpan.value == byByte.value, "\(text)")
        }
    }
}
