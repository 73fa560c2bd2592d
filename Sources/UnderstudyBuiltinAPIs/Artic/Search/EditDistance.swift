import UnderstudyAPIService

/// Damerau–Levenshtein distance (optimal string alignment: an adjacent transposition is one edit), as
/// Lucene's FuzzyQuery counts edits with `transpositions: true`, Elasticsearch's default.
package enum EditDistance {
    /// The distance between `a` and `b` when it is at most `limit`, nil when it is more. Works on Unicode
    /// scalars (Lucene counts code points) and stops as soon as a whole row exceeds the limit, so a long
    /// hostile word costs no more than its length times `2 * limit + 1`.
    package static func within(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int) -> Int? {
        guard limit >= 0, abs(a.count - b.count) <= limit else { return nil }
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        let width = b.count + 1
        var before = [Int](repeating: 0, count: width)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: width)
        for i in 1...a.count {
            current[0] = i
            var rowMinimum = current[0]
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, before[j - 2] + 1)
                }
                current[j] = value
                rowMinimum = min(rowMinimum, value)
            }
            if rowMinimum > limit { return nil }
            (before, previous, current) = (previous, current, before)
        }
        let distance = previous[b.count]
        return distance <= limit ? distance : nil
    }

    /// Elasticsearch's `fuzziness: AUTO`: no edit for terms of 1–2 characters, one for 3–5, two for more.
    package static func autoEdits(forLength length: Int) -> Int {
        length <= 2 ? 0 : (length <= 5 ? 1 : 2)
    }
}
