import UnderstudyAPIService

/// `q` as artic builds its Elasticsearch query (`addSimpleSearchParams` in data-aggregator's
/// `app/Http/Search/Request.php`), scored with BM25 over ``TextIndex``:
/// - each `"quoted phrase"`, and each word that starts with a digit (accession numbers, years), is a
///   **must**: a phrase over the exact fields, boosted 10;
/// - the rest of `q` is a **should**: a `best_fields` multi_match over every search field with its boost,
///   fuzzy (`fuzziness: AUTO`, `prefix_length: 2`, at most 50 expansions) unless `q` has a phrase or more
///   than seven words;
/// - when fuzzy, the same words again without fuzziness (a boost for exact spellings);
/// - when `q` has a space, the whole of it as a phrase with `slop: 3`, boosted 10 (words near each other);
/// - with unquoted words, at least one should must match (`minimum_should_match: 1`).
/// A document's score is the sum of its matching clauses; a multi_match clause scores a document by its
/// best field, and a field by the sum of its terms' scores.
package struct SimpleSearch {
    /// A hostile `q` costs at most this much: longer text is cut, further words ignored.
    static let maxCharacters = 1024
    static let maxTokens = 64
    static let maxExpansions = 50

    private(set) var phrases: [[ArticAnalyzer.Token]] = []
    private(set) var words: [[ArticAnalyzer.Token]] = []
    private(set) var exactBoost: [ArticAnalyzer.Token] = []
    private(set) var proximity: [ArticAnalyzer.Token] = []
    private(set) var fuzzy = false

    package init(_ raw: String) {
        let q = String(raw.unicodeScalars.prefix(Self.maxCharacters))
        let parts = q.split(separator: "\"", omittingEmptySubsequences: false).map(String.init)
        var quoted: [String] = []
        var unquoted: [String] = []
        for (index, part) in parts.enumerated() {
            let trimmed = part.trimmingWhitespace
            guard !trimmed.isEmpty else { continue }
            if index % 2 == 1 {
                quoted.append(trimmed)
                continue
            }
            // Words starting with a digit are matched exactly, as artic moves them to the quoted list.
            let kept = trimmed.split(separator: " ").filter { word in
                guard let first = word.unicodeScalars.first, ("0"..."9").contains(first) else { return true }
                quoted.append(String(word))
                return false
            }
            if !kept.isEmpty { unquoted.append(kept.joined(separator: " ")) }
        }
        let isExact = !quoted.isEmpty
        fuzzy = !isExact && q.split(separator: " ", omittingEmptySubsequences: false).count <= 7
        // One budget of words for all the phrases and subqueries together, so that many short quoted
        // parts cost no more than one long one.
        var budget = Self.maxTokens
        for text in quoted where budget > 0 {
            let tokens = ArticAnalyzer.analyze(text, possessive: false, limit: budget)
            budget -= tokens.count
            phrases.append(tokens)
        }
        for text in unquoted where budget > 0 {
            let tokens = ArticAnalyzer.analyze(text, limit: budget)
            budget -= tokens.count
            words.append(tokens)
        }
        if fuzzy { exactBoost = ArticAnalyzer.analyze(q, limit: Self.maxTokens) }
        if !unquoted.isEmpty || quoted.count > 1, let space = q.firstIndex(of: " "), space != q.startIndex {
            proximity = ArticAnalyzer.analyze(q.replacingAll("\"", with: ""), limit: Self.maxTokens)
        }
    }

    /// The score of every matching document, by document number.
    package func scores(in index: TextIndex) -> [Int32: Double] {
        var must: [Int32: Double]? = nil
        for phrase in phrases {
            let clause = bestField(index, exactOnly: true) { field in
                Self.phrase(phrase, in: field, postings: field.exactPostings, slop: 0, boost: 10)
            }
            // Every phrase must match: keep the documents all of them found, their scores summed.
            must =
                must.map { previous in
                    previous.reduce(into: [:]) { result, entry in
                        if let score = clause[entry.key] { result[entry.key] = entry.value + score }
                    }
                } ?? clause
        }
        var should: [Int32: Double] = [:]
        func add(_ clause: [Int32: Double]) { for (document, score) in clause { should[document, default: 0] += score } }
        for tokens in words {
            add(bestField(index, exactOnly: false) { Self.terms(tokens, in: $0, fuzzy: fuzzy) })
        }
        if fuzzy, !words.isEmpty {
            add(bestField(index, exactOnly: false) { Self.terms(exactBoost, in: $0, fuzzy: false) })
        }
        if !proximity.isEmpty {
            add(bestField(index, exactOnly: false) { Self.phrase(proximity, in: $0, postings: $0.postings, slop: 3, boost: 10) })
        }
        guard let must else { return words.isEmpty ? [:] : should }
        var result: [Int32: Double] = [:]
        for (document, score) in must {
            if let extra = should[document] {
                result[document] = score + extra
            } else if words.isEmpty {
                result[document] = score
            }
        }
        return result
    }

    /// `best_fields`: a document's score is its best field's (the field's boost applied).
    private func bestField(_ index: TextIndex, exactOnly: Bool, _ score: (TextIndex.FieldIndex) -> [Int32: Double]) -> [Int32: Double] {
        var best: [Int32: Double] = [:]
        for field in index.fields where !exactOnly || field.field.exact {
            for (document, value) in score(field) {
                let boosted = value * field.field.boost
                if boosted > best[document] ?? 0 { best[document] = boosted }
            }
        }
        return best
    }

    /// Terms of one field, summed (an OR of term queries); a fuzzy term is the blend of its expansions.
    private static func terms(_ tokens: [ArticAnalyzer.Token], in field: TextIndex.FieldIndex, fuzzy: Bool) -> [Int32: Double] {
        var scores: [Int32: Double] = [:]
        for token in tokens {
            let expansions = fuzzy ? expand(token.term, in: field) : (field.postings[token.term] != nil ? [(token.term, 1.0)] : [])
            guard !expansions.isEmpty else { continue }
            // Lucene's TopTermsBlendedFreqScoringRewrite: every expansion is scored with the largest
            // document frequency among them, so a rare misspelling does not outrank the real word.
            let frequency = expansions.map { field.postings[$0.0]?.count ?? 0 }.max() ?? 0
            let idf = BM25.idf(documentFrequency: frequency, documentCount: field.documentCount)
            for (term, boost) in expansions {
                for posting in field.postings[term] ?? [] {
                    let value = BM25.score(
                        idf: idf, frequency: Double(posting.positions.count), length: field.lengths[Int(posting.document)],
                        averageLength: field.averageLength)
                    scores[posting.document, default: 0] += boost * value
                }
            }
        }
        return scores
    }

    /// The field's terms within `fuzziness: AUTO` of `term` that share its first two characters, with
    /// Lucene's similarity boost `1 − edits / min(length)`; the best 50.
    private static func expand(_ term: String, in field: TextIndex.FieldIndex) -> [(String, Double)] {
        let wanted = Array(term.unicodeScalars)
        let edits = EditDistance.autoEdits(forLength: wanted.count)
        guard edits > 0, wanted.count > 2 else { return field.postings[term] != nil ? [(term, 1.0)] : [] }
        var found: [(String, Double)] = []
        for candidate in field.byPrefix[String(String.UnicodeScalarView(wanted.prefix(2)))] ?? [] {
            let scalars = Array(candidate.unicodeScalars)
            guard let distance = EditDistance.within(wanted, scalars, limit: edits) else { continue }
            let similarity = 1 - Double(distance) / Double(min(wanted.count, scalars.count))
            if similarity > 0 { found.append((candidate, similarity)) }
        }
        found.sort { $0.1 != $1.1 ? $0.1 > $1.1 : $0.0 < $1.0 }
        return Array(found.prefix(maxExpansions))
    }

    /// A phrase (its terms at their relative positions, stop-word gaps kept) with `slop`: an exact match
    /// counts 1, a sloppy one `1 / (1 + distance)` as Lucene's sloppy phrase scorer does; idf is the sum of
    /// the terms' idfs. One term is a term query.
    private static func phrase(
        _ tokens: [ArticAnalyzer.Token], in field: TextIndex.FieldIndex, postings: [String: [TextIndex.Posting]], slop: Int, boost: Double
    ) -> [Int32: Double] {
        guard let first = tokens.first else { return [:] }
        var lists: [[TextIndex.Posting]] = []
        for token in tokens {
            guard let list = postings[token.term] else { return [:] }
            lists.append(list)
        }
        let idf = lists.reduce(0.0) { $0 + BM25.idf(documentFrequency: $1.count, documentCount: field.documentCount) }
        let offsets = tokens.map { $0.position - first.position }
        var scores: [Int32: Double] = [:]
        let rarest = lists.indices.min { lists[$0].count < lists[$1].count } ?? 0
        for candidate in lists[rarest] {
            var positions: [[Int32]] = []
            for list in lists {
                guard let posting = find(candidate.document, in: list) else { break }
                positions.append(posting.positions)
            }
            guard positions.count == lists.count else { continue }
            let frequency = matches(positions, offsets: offsets, slop: slop)
            guard frequency > 0 else { continue }
            scores[candidate.document] =
                boost
                * BM25.score(idf: idf, frequency: frequency, length: field.lengths[Int(candidate.document)], averageLength: field.averageLength)
        }
        return scores
    }

    private static func find(_ document: Int32, in list: [TextIndex.Posting]) -> TextIndex.Posting? {
        var low = 0
        var high = list.count
        while low < high {
            let middle = (low + high) / 2
            if list[middle].document < document { low = middle + 1 } else { high = middle }
        }
        return low < list.count && list[low].document == document ? list[low] : nil
    }

    /// Phrase frequency: for each place the first term stands, every other term's nearest position to where
    /// the phrase puts it; the spread of those is the distance, counted when within `slop`.
    private static func matches(_ positions: [[Int32]], offsets: [Int], slop: Int) -> Double {
        var frequency = 0.0
        for anchor in positions[0] {
            let start = Int(anchor) - offsets[0]
            var low = start
            var high = start
            for index in positions.indices.dropFirst() {
                let wanted = start + offsets[index]
                guard let nearest = positions[index].min(by: { abs(Int($0) - wanted) < abs(Int($1) - wanted) }) else { return frequency }
                let shifted = Int(nearest) - offsets[index]
                low = min(low, shifted)
                high = max(high, shifted)
            }
            let distance = high - low
            if distance <= slop { frequency += 1 / Double(1 + distance) }
        }
        return frequency
    }
}

extension String {
    fileprivate var trimmingWhitespace: String {
        let scalars = unicodeScalars
        guard let start = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let end = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[start...end])
    }

    fileprivate func replacingAll(_ target: Character, with replacement: String) -> String {
        String(split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement))
    }
}
