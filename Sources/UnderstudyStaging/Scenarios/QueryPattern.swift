import UnderstudyHTTP

/// A route's `query:`: the query string a request must carry for the route to match, compared as decoded
/// name/value pairs in any order (a recording keeps one route per method + path + query, so
/// `/facts?page=2` and `/facts?page=3` are different routes). A route without one matches any query.
package struct QueryPattern: Sendable, Equatable {
    package let pairs: [Pair]

    package struct Pair: Sendable, Hashable, Comparable {
        package var name: String
        package var value: String
        package static func < (a: Pair, b: Pair) -> Bool { (a.name, a.value) < (b.name, b.value) }
    }

    /// Parses `page=2&sort=name` (percent-encoded, `+` as a space); nil when an escape is broken.
    package init?(_ text: String) {
        var pairs: [Pair] = []
        for part in text.split(separator: "&", omittingEmptySubsequences: true) {
            let halves = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = Self.decoded(halves[0]), let value = Self.decoded(halves.count > 1 ? halves[1] : "") else { return nil }
            pairs.append(Pair(name: name, value: value))
        }
        self.pairs = pairs.sorted()
    }

    func matches(_ request: ServerRequest) -> Bool {
        let items = request.query
        guard items.count == pairs.count else { return false }
        return items.map { Pair(name: $0.name, value: $0.value) }.sorted() == pairs
    }

    /// A pattern's name or value as a query string writes it: `+` a space, escapes decoded, a malformed one refused.
    private static func decoded(_ text: Substring) -> String? { PercentDecoding.decode(text, plusIsSpace: true, malformed: .refuse) }
}
