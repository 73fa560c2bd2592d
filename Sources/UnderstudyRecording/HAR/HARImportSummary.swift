/// What an import did, for the lines `understudy import har` prints: routes written, entries skipped by reason,
/// secrets redacted, files written, and the notes that name single entries.
package struct HARImportSummary: Sendable {
    package var entries = 0
    package var routes = 0
    package var graphQLOperations = 0
    package var sessionRoutes = 0
    /// Reasons in the order first met, with their counts.
    package private(set) var skipped: [(reason: String, count: Int)] = []
    package var redacted = 0
    package var decompressed = 0
    package var notes: [String] = []
    /// Paths relative to the scenarios folder.
    package var files: [String] = []

    package init() {}

    mutating func skip(_ reason: String) {
        if let index = skipped.firstIndex(where: { $0.reason == reason }) {
            skipped[index].count += 1
        } else {
            skipped.append((reason, 1))
        }
    }

    package var skippedCount: Int { skipped.reduce(0) { $0 + $1.count } }

    /// The summary as printed; `keepSecrets` changes what the redaction line says.
    package func lines(scenario: String, keepSecrets: Bool) -> [String] {
        var lines = notes.map { "note: \($0)" }
        var written = "\(routes) routes"
        if graphQLOperations > 0 { written += ", \(graphQLOperations) GraphQL operations" }
        lines.append("imported \(entries) entries into \(scenario): \(written)")
        if sessionRoutes > 0 {
            lines.append(
                "repeated requests with different answers: \(sessionRoutes) session routes, in order, in \(files.first { $0.hasSuffix("session-routes.json") } ?? "")"
            )
        }
        if skipped.isEmpty {
            lines.append("skipped: none")
        } else {
            lines.append("skipped \(skippedCount): " + skipped.map { "\($0.count) \($0.reason)" }.joined(separator: "; "))
        }
        if decompressed > 0 { lines.append("bodies decompressed (gzip, deflate, br): \(decompressed)") }
        lines.append(keepSecrets ? "secrets: kept as captured (--keep-secrets)" : "secrets redacted: \(redacted)")
        lines.append("files written: " + (files.isEmpty ? "none" : files.joined(separator: ", ")))
        return lines
    }
}
