import UnderstudyAPIService

/// The text analysis artic's Elasticsearch index applies (data-aggregator's `config/elasticsearch.php`):
/// the standard tokenizer, then `english_possessive_stemmer`, `lowercase`, `english_stop` (Lucene's
/// `_english_` list) and `asciifolding`. Positions are kept with the gaps stop words leave, so a phrase
/// query matches where Lucene's would. Not reproduced, and said so in docs/apis.md: the English stemmer
/// and the shingle filter of the real analyser, and the tokenizer's rules for ideographs and emoji.
package enum ArticAnalyzer {
    package struct Token: Equatable, Sendable {
        package var term: String
        package var position: Int
    }

    /// Lucene's `EnglishAnalyzer.ENGLISH_STOP_WORDS_SET`, which `_english_` names.
    static let stopWords: Set<String> = [
        "a", "an", "and", "are", "as", "at", "be", "but", "by", "for", "if", "in", "into", "is", "it", "no", "not", "of",
        "on", "or", "such", "that", "the", "their", "then", "there", "these", "they", "this", "to", "was", "will", "with",
    ]

    /// Lucene's StandardTokenizer drops tokens longer than 255 characters; so do we.
    static let maxTokenLength = 255

    /// Analysed tokens of `text`. `possessive` is the default analyser's `'s` stripping, which the
    /// `exact` analyser (quoted phrases) does not do. At most `limit` tokens, so a hostile request's
    /// cost stays bounded.
    package static func analyze(_ text: String, possessive: Bool = true, limit: Int = .max) -> [Token] {
        var tokens: [Token] = []
        guard limit > 0 else { return tokens }
        var position = -1
        for word in words(text) {
            position += 1
            var term = fold(word.lowercased())
            if possessive, term.hasSuffix("'s") { term.removeLast(2) }
            guard !term.isEmpty, !stopWords.contains(term) else { continue }
            tokens.append(Token(term: term, position: position))
            if tokens.count >= limit { break }
        }
        return tokens
    }

    private enum Kind { case letter, digit, midLetter, midNum, midBoth, joiner, other }

    private static func kind(_ scalar: Unicode.Scalar) -> Kind {
        switch scalar {
        case "_": return .joiner
        case "'", "\u{2019}", ".": return .midBoth
        case ":", "\u{00B7}": return .midLetter
        case ",", ";": return .midNum
        default:
            if scalar.properties.numericType == .decimal { return .digit }
            if scalar.properties.isAlphabetic { return .letter }
            if scalar.properties.generalCategory == .nonspacingMark || scalar.properties.generalCategory == .spacingMark { return .letter }
            return .other
        }
    }

    /// Words by the UAX #29 rules that matter for Latin text: letters and digits join; an apostrophe or a
    /// full stop stays inside a word between letters (`o'keeffe`) or digits (`1926.224`), a comma between
    /// digits (`1,000`); anything else separates.
    package static func words(_ text: String) -> [String] {
        let scalars = Array(text.unicodeScalars)
        var words: [String] = []
        var current = String.UnicodeScalarView()
        var index = 0
        func flush() {
            if !current.isEmpty, current.count <= maxTokenLength { words.append(String(current)) }
            current = String.UnicodeScalarView()
        }
        while index < scalars.count {
            let scalar = scalars[index]
            let here = kind(scalar)
            switch here {
            case .letter, .digit, .joiner:
                current.append(scalar)
            case .midLetter, .midNum, .midBoth:
                let previous = current.last.map(kind)
                let next = index + 1 < scalars.count ? kind(scalars[index + 1]) : .other
                let betweenLetters = previous == .letter && next == .letter && here != .midNum
                let betweenDigits = previous == .digit && next == .digit && here != .midLetter
                if betweenLetters || betweenDigits { current.append(scalar) } else { flush() }
            case .other:
                flush()
            }
            index += 1
        }
        flush()
        return words
    }

    /// `asciifolding` for Latin-1 Supplement and Latin Extended-A/B: the accents and ligatures that artists'
    /// names and titles carry (Dürer, Zurbarán, Kändler, Œuvre). Right single quotation marks become
    /// apostrophes, as the possessive filter expects.
    package static func fold(_ term: String) -> String {
        guard term.unicodeScalars.contains(where: { $0.value >= 0x80 }) else { return term }
        var out = String.UnicodeScalarView()
        for scalar in term.unicodeScalars {
            if scalar == "\u{2019}" {
                out.append("'")
            } else if let plain = foldings[scalar.value] {
                out.append(contentsOf: plain.unicodeScalars)
            } else if scalar.properties.generalCategory == .nonspacingMark {
                continue  // a combining accent after its letter (decomposed text)
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }

    private static let foldings: [UInt32: String] = [
        0xC0: "A", 0xC1: "A", 0xC2: "A", 0xC3: "A", 0xC4: "A", 0xC5: "A", 0xC6: "AE", 0xC7: "C", 0xC8: "E", 0xC9: "E",
        0xCA: "E", 0xCB: "E", 0xCC: "I", 0xCD: "I", 0xCE: "I", 0xCF: "I", 0xD0: "D", 0xD1: "N", 0xD2: "O", 0xD3: "O",
        0xD4: "O", 0xD5: "O", 0xD6: "O", 0xD8: "O", 0xD9: "U", 0xDA: "U", 0xDB: "U", 0xDC: "U", 0xDD: "Y", 0xDE: "TH",
        0xDF: "ss", 0xE0: "a", 0xE1: "a", 0xE2: "a", 0xE3: "a", 0xE4: "a", 0xE5: "a", 0xE6: "ae", 0xE7: "c", 0xE8: "e",
        0xE9: "e", 0xEA: "e", 0xEB: "e", 0xEC: "i", 0xED: "i", 0xEE: "i", 0xEF: "i", 0xF0: "d", 0xF1: "n", 0xF2: "o",
        0xF3: "o", 0xF4: "o", 0xF5: "o", 0xF6: "o", 0xF8: "o", 0xF9: "u", 0xFA: "u", 0xFB: "u", 0xFC: "u", 0xFD: "y",
        0xFE: "th", 0xFF: "y", 0x100: "A", 0x101: "a", 0x102: "A", 0x103: "a", 0x104: "A", 0x105: "a", 0x106: "C",
        0x107: "c", 0x108: "C", 0x109: "c", 0x10A: "C", 0x10B: "c", 0x10C: "C", 0x10D: "c", 0x10E: "D", 0x10F: "d",
        0x110: "D", 0x111: "d", 0x112: "E", 0x113: "e", 0x114: "E", 0x115: "e", 0x116: "E", 0x117: "e", 0x118: "E",
        0x119: "e", 0x11A: "E", 0x11B: "e", 0x11C: "G", 0x11D: "g", 0x11E: "G", 0x11F: "g", 0x120: "G", 0x121: "g",
        0x122: "G", 0x123: "g", 0x124: "H", 0x125: "h", 0x126: "H", 0x127: "h", 0x128: "I", 0x129: "i", 0x12A: "I",
        0x12B: "i", 0x12C: "I", 0x12D: "i", 0x12E: "I", 0x12F: "i", 0x130: "I", 0x131: "i", 0x132: "IJ", 0x133: "ij",
        0x134: "J", 0x135: "j", 0x136: "K", 0x137: "k", 0x138: "q", 0x139: "L", 0x13A: "l", 0x13B: "L", 0x13C: "l",
        0x13D: "L", 0x13E: "l", 0x13F: "L", 0x140: "l", 0x141: "L", 0x142: "l", 0x143: "N", 0x144: "n", 0x145: "N",
        0x146: "n", 0x147: "N", 0x148: "n", 0x149: "n", 0x14A: "N", 0x14B: "n", 0x14C: "O", 0x14D: "o", 0x14E: "O",
        0x14F: "o", 0x150: "O", 0x151: "o", 0x152: "OE", 0x153: "oe", 0x154: "R", 0x155: "r", 0x156: "R", 0x157: "r",
        0x158: "R", 0x159: "r", 0x15A: "S", 0x15B: "s", 0x15C: "S", 0x15D: "s", 0x15E: "S", 0x15F: "s", 0x160: "S",
        0x161: "s", 0x162: "T", 0x163: "t", 0x164: "T", 0x165: "t", 0x166: "T", 0x167: "t", 0x168: "U", 0x169: "u",
        0x16A: "U", 0x16B: "u", 0x16C: "U", 0x16D: "u", 0x16E: "U", 0x16F: "u", 0x170: "U", 0x171: "u", 0x172: "U",
        0x173: "u", 0x174: "W", 0x175: "w", 0x176: "Y", 0x177: "y", 0x178: "Y", 0x179: "Z", 0x17A: "z", 0x17B: "Z",
        0x17C: "z", 0x17D: "Z", 0x17E: "z", 0x17F: "s",
    ]
}
