import UnderstudyAPIService
import UnderstudyDocuments

/// SWAPI's Wookiee renderer: the JSON it would send, with each lower-case ASCII letter replaced
/// (`a` → `ra`, …), keys, links and `null` included, so the result is not always valid JSON.
enum Wookiee {
    static let translation = ByteTranslation(
        Dictionary(
            uniqueKeysWithValues: zip(
                UInt8(ascii: "a")...UInt8(ascii: "z"),
                [
                    "ra", "rh", "oa", "wa", "wo", "ww", "rr", "ac", "ah", "sh", "or", "an", "sc",
                    "wh", "oo", "ak", "rq", "rc", "c", "ao", "hu", "ho", "oh", "k", "ro", "uf",
                ].map { Array($0.utf8) }
            )
        )
    )
}
