import Testing

import UnderstudyHTTP

/// One rule for `%XX` everywhere: a `%` and two hexadecimal digits, nothing looser.
@Suite struct PercentDecodingTests {
    @Test(arguments: [
        ("a%20b", "a b"), ("%2F%2f", "//"), ("caf%C3%A9", "café"), ("plain", "plain"), ("", ""), ("100%25", "100%"),
    ])
    func escapesDecode(_ text: String, _ decoded: String) {
        #expect(PercentDecoding.decode(text, malformed: .refuse) == decoded)
        #expect(PercentDecoding.decode(text, malformed: .keep) == decoded)
    }

    /// `%+1`, `%-1` and `% 1` are what `UInt8(_:radix:)` reads as numbers; none of them is an escape.
    @Test(arguments: ["%+1", "%-1", "% 1", "%4", "%", "%zz", "a%g0", "%0x"])
    func aMalformedEscapeIsRefusedOrKeptAsWritten(_ text: String) {
        #expect(PercentDecoding.decode(text, malformed: .refuse) == nil)
        #expect(PercentDecoding.decode(text, malformed: .keep) == text)
    }

    @Test func plusIsASpaceOnlyInQueryStringsAndForms() {
        #expect(PercentDecoding.decode("a+b%2B", plusIsSpace: true, malformed: .refuse) == "a b+")
        #expect(PercentDecoding.decode("a+b", malformed: .refuse) == "a+b")
    }

    @Test func bytesThatAreNotUTF8AreRefusedOrReplaced() {
        #expect(PercentDecoding.decode("%FF", malformed: .refuse) == nil)
        #expect(PercentDecoding.decode("%FF", malformed: .keep) == "\u{FFFD}")
    }
}
