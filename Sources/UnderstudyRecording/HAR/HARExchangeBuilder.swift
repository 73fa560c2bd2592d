import UnderstudyDocuments
import UnderstudyStaging

/// An entry under a `--prefix`, with its body decoded: what becomes a ``RecordedExchange``.
struct HARCandidate {
    var entry: HAREntry
    var target: HARTarget
    var method: String
    var body: [UInt8]
}

/// Turns a candidate into the ``RecordedExchange`` that `record` would have kept for the same answer, with what a
/// HAR adds and a recording never has: HTTP/2 pseudo-headers (`:status`) dropped, a `Content-Type` from
/// `content.mimeType` when the headers have none (some exporters leave them out), a `Location` from
/// `redirectURL`, a `Location` to the upstream as `{{origin}}/prefix/…`, and (unless `--keep-secrets`) every
/// secret redacted by ``HARRedactor`` and credential headers (`Set-Cookie`, …) dropped.
struct HARExchangeBuilder {
    var redactor: HARRedactor?
    /// Response headers left out as secrets (each one counts as redacted).
    private(set) var droppedHeaders = 0
    /// What the summary should say about single entries.
    private(set) var notes: [String] = []

    init(redactor: HARRedactor?) { self.redactor = redactor }

    var redactedCount: Int { (redactor?.count ?? 0) + droppedHeaders }

    mutating func exchange(_ candidate: HARCandidate) -> RecordedExchange {
        let entry = candidate.entry
        let mapping = candidate.target.mapping
        var headers = entry.responseHeaders.filter { !$0.0.hasPrefix(":") && !$0.0.isEmpty }
        let media = entry.content.mimeType.split(separator: ";").first.map { String($0).trimmingSpaces.lowercased() } ?? ""
        if HAREntry.header("content-type", in: headers) == nil, !media.isEmpty, media != "x-unknown" {
            headers.append(("Content-Type", entry.content.mimeType))
        }
        if HAREntry.header("location", in: headers) == nil, !entry.redirectURL.isEmpty, (300..<400).contains(entry.status) {
            headers.append(("Location", entry.redirectURL))
        }
        var kept: [(String, String)] = []
        for (name, value) in headers {
            guard Self.isFieldName(name), !value.unicodeScalars.contains(where: { ($0.value < 0x20 && $0 != "\t") || $0.value == 0x7F }) else {
                // A scenario's header may not hold a line break (the loader refuses it): one that does came from a hostile file.
                notes.append("\(entry.path): the header '\(name.prefix(40))' is not one HTTP can carry; left out")
                continue
            }
            let lowered = name.lowercased()
            guard var redactor else {
                kept.append((name, lowered == "location" ? Self.originLocation(value, mapping) : value))
                continue
            }
            defer { self.redactor = redactor }
            if HARSecrets.isSecretHeader(name) {
                droppedHeaders += 1
                continue
            }
            switch lowered {
            case "location": kept.append((name, Self.originLocation(redactor.urlHeader(value), mapping)))
            case "link": kept.append((name, value.split(separator: ",").map { redactor.urlHeader(String($0)) }.joined(separator: ",")))
            default: kept.append((name, redactor.text(value)))
            }
        }
        var path = candidate.target.path
        var pairs = candidate.target.pairs
        var body = candidate.body
        if var redactor {
            path = redactor.text(path)
            pairs = redactor.query(pairs)
            let type = HAREntry.header("content-type", in: headers) ?? ""
            let bodyMedia = type.split(separator: ";").first.map { String($0).trimmingSpaces.lowercased() } ?? ""
            body = redactor.body(body, mediaType: bodyMedia)
            self.redactor = redactor
        }
        return RecordedExchange(
            method: candidate.method, path: path, query: HARTarget.encode(pairs), status: entry.status, headers: kept, body: body,
            mapping: mapping)
    }

    /// A `Location` to the upstream (absolute, or root-relative under its base path) as `{{origin}}/prefix/…`, so that
    /// a client following the redirect stays on whichever host replays it; any other `Location` as it was.
    static func originLocation(_ value: String, _ mapping: UpstreamMapping) -> String {
        let absolute = LinkRewriter(mapping: mapping, replacement: "{{origin}}").rewrite(value)
        guard absolute == value else { return absolute }
        guard value.hasPrefix("/"), !value.hasPrefix("//"), let base = URLParts(mapping.upstream)?.path else { return value }
        if base.isEmpty { return "{{origin}}" + mapping.prefix + value }
        guard value == base || value.hasPrefix(base + "/") || value.hasPrefix(base + "?") else { return value }
        return "{{origin}}" + mapping.prefix + value.dropFirst(base.count)
    }

    /// An RFC 9110 token: what a header name may be.
    static func isFieldName(_ name: String) -> Bool {
        !name.isEmpty
            && name.utf8.allSatisfy { byte in
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
                default: "!#$%&'*+-.^_`|~".utf8.contains(byte)
                }
            }
    }
}
