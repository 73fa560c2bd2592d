import UnderstudyAPIService
package import UnderstudyDocuments

/// The inverted index `q` searches, built once when the dataset loads: for every search field, each
/// analysed term's postings (document, positions), each document's field length, and the statistics
/// BM25 needs (documents with the field, average length). A request then touches only the postings of
/// its own terms, plus one prefix bucket per term when it is fuzzy.
package struct TextIndex: Sendable {
    struct Posting: Sendable {
        let document: Int32
        /// Positions of the term in the field, ascending; their count is the term frequency.
        let positions: [Int32]
    }

    struct FieldIndex: Sendable {
        let field: SearchField
        /// Term → postings in document order, under both analysers' terms (the default one strips
        /// possessives, the `exact` one does not; they are the same elsewhere).
        var postings: [String: [Posting]] = [:]
        var exactPostings: [String: [Posting]] = [:]
        /// Field length in tokens per document, 0 where it has none (Lucene's norm, unquantised).
        var lengths: [Int32]
        var documentCount = 0
        var averageLength = 1.0
        /// Terms by their first two characters: Elasticsearch's `prefix_length: 2` means a fuzzy term only
        /// ever expands to terms that share them.
        var byPrefix: [String: [String]] = [:]
    }

    /// Lucene's gap between the values of a multi-valued field, so a phrase never spans two of them.
    static let positionGap = 100

    let fields: [FieldIndex]
    package let documentCount: Int

    package init(artworks: [JSONValue]) {
        documentCount = artworks.count
        fields = SearchField.all.map { field in
            var index = FieldIndex(field: field, lengths: [Int32](repeating: 0, count: artworks.count))
            var totalLength = 0
            for (document, artwork) in artworks.enumerated() {
                let texts = ArticText.values(artwork, field.name).compactMap(\.scalarText)
                guard !texts.isEmpty else { continue }
                var plain: [String: [Int32]] = [:]
                var exact: [String: [Int32]] = [:]
                var offset = 0
                var length = 0
                for text in texts {
                    let tokens = ArticAnalyzer.analyze(text)
                    for token in tokens { plain[token.term, default: []].append(Int32(clamping: offset + token.position)) }
                    for token in ArticAnalyzer.analyze(text, possessive: false) {
                        exact[token.term, default: []].append(Int32(clamping: offset + token.position))
                    }
                    length += tokens.count
                    offset += (tokens.last?.position ?? 0) + 1 + Self.positionGap
                }
                guard length > 0 else { continue }
                index.lengths[document] = Int32(clamping: length)
                index.documentCount += 1
                totalLength += length
                for (term, positions) in plain { index.postings[term, default: []].append(Posting(document: Int32(document), positions: positions)) }
                for (term, positions) in exact {
                    index.exactPostings[term, default: []].append(Posting(document: Int32(document), positions: positions))
                }
            }
            index.averageLength = index.documentCount > 0 ? Double(totalLength) / Double(index.documentCount) : 1
            for term in index.postings.keys {
                index.byPrefix[String(String.UnicodeScalarView(term.unicodeScalars.prefix(2))), default: []].append(term)
            }
            return index
        }
    }
}
