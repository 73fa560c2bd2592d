import Foundation
import Testing
import UnderstudyDocuments

/// ``LinearRegex`` agrees with `NSRegularExpression` (which `session.verify(body: .matches(…))` runs on the
/// test's side) on what it accepts, refuses the rest with an offset, and never backtracks.
@Suite struct LinearRegexTests {
    static let patterns = [
        "abc", "a.c", "^abc", "abc$", "^$", "a*", "a+b", "ab?c", "a{2}", "a{2,}", "a{1,3}b", "(ab)+", "(?:ab|cd)e", "a|b|c",
        "[a-c]+", "[^a-c]", #"\d{3}-\d+"#, #"\w+@\w+\.com"#, #"\s"#, #"\S+"#, #"\D"#, #"\W"#, #"\.\*\+\?\(\)\[\]\{\}\|\^\$\\"#,
        #""id":\s*\d+"#, "[-a]", "[a-]", "[]a]", #"[\d\s]+"#, "x{0}y", "(a|)b", "()", "a*?b", "a+?", "é+", "[à-ÿ]+", "{", "a{,2}",
        "a{2", "}", "a}", #"\n"#, #"\t"#, ".+", "^.*$",
    ]
    static let texts = [
        "", "abc", "xabcx", "ac", "abbc", "aac", "aaa", "abab", "cde", "abe", "123-45", "me@host.com", "a b", "\n", "tab\tbed",
        ".*+?()[]{}|^$\\", #"{"id": 42}"#, "-", "]", "café", "y", "b", "{", "a{,2}", "a{2", "line\nbreak",
    ]

    @Test func agreesWithNSRegularExpression() throws {
        for pattern in Self.patterns {
            let theirs = try? NSRegularExpression(pattern: pattern)
            let ours = try? LinearRegex(pattern)
            #expect((ours == nil) == (theirs == nil), "/\(pattern)/ accepted by one only")
            guard let ours, let theirs else { continue }
            for text in Self.texts {
                let expected = theirs.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
                #expect(ours.firstMatchExists(in: text) == expected, "/\(pattern)/ on \(text.debugDescription)")
            }
        }
    }

    @Test func refusesWhatItDoesNotRunWithTheOffset() {
        for (pattern, offset, message) in [
            (#"(a)\1"#, 3, #"\1 is not supported"#), ("(?=a)", 0, "only (?:…) groups"), ("(?<n>a)", 0, "only (?:…) groups"),
            ("(?i)a", 0, "only (?:…) groups"), (#"\bword"#, 0, #"\b is not supported"#), (#"\p{L}"#, 0, #"\p is not supported"#),
            ("a++", 2, "possessive"), ("*a", 0, "nothing to repeat"), ("(ab", 0, "missing ')'"), ("ab)", 2, "unbalanced"),
            ("[ab", 0, "missing ']'"), ("[z-a]", 3, "end is before its start"), ("a{101}", 1, "limited to 100"),
            ("a{3,2}", 1, "below the minimum"), ("(a{100}){100}", 0, "too large"), (#"a\"#, 2, "cannot end with a backslash"),
            ("[[:alpha:]]", 1, "POSIX classes"), ("^*", 0, "nothing to repeat"),
            (String(repeating: "a", count: LinearRegex.maxPatternLength + 1), LinearRegex.maxPatternLength, "longer than"),
            (String(repeating: "(", count: 60) + String(repeating: ")", count: 60), 50, "nested deeper"),
        ] {
            do {
                _ = try LinearRegex(pattern)
                Issue.record("/\(pattern)/ was accepted")
            } catch {
                #expect(error.offset == offset && error.message.contains(message), "/\(pattern.prefix(40))/: \(error)")
            }
        }
    }

    /// Patterns that make a backtracking engine run for minutes finish here in one pass over the text.
    @Test func catastrophicPatternsRunInOnePass() throws {
        let text = String(repeating: "a", count: 20_000)
        for pattern in ["^(a|a)*b$", "(a*)*b", "(a+)+$b", "^(a|aa)+$c", "(.*a){20}b"] {
            #expect(try LinearRegex(pattern).firstMatchExists(in: text) == false, "\(pattern)")
        }
        #expect(try LinearRegex("^(a|a)*$").firstMatchExists(in: text))
    }
}
