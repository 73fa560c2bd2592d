import UnderstudyAPIService

/// Lucene's BM25Similarity as Elasticsearch uses it by default (k1 = 1.2, b = 0.75; since Lucene 8 the
/// `(k1 + 1)` numerator factor is gone, so a score is `boost × idf × tf / (tf + k1 × (1 − b + b × dl / avgdl))`).
/// Field lengths are exact here; Lucene stores them in one byte, so its scores differ in the last digits.
package enum BM25 {
    package static let k1 = 1.2
    package static let b = 0.75

    /// `ln(1 + (N − n + 0.5) / (n + 0.5))`: N documents with the field, n of them with the term.
    package static func idf(documentFrequency: Int, documentCount: Int) -> Double {
        let n = Double(documentFrequency)
        return Platform.naturalLog(1 + (Double(documentCount) - n + 0.5) / (n + 0.5))
    }

    package static func score(idf: Double, frequency: Double, length: Int32, averageLength: Double) -> Double {
        guard frequency > 0 else { return 0 }
        let norm = k1 * (1 - b + b * Double(length) / max(averageLength, 1e-9))
        return idf * frequency / (frequency + norm)
    }
}
