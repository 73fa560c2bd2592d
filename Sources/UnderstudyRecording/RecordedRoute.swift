import UnderstudyDocuments
import UnderstudyStaging

/// One route as a recording writes it: the exchange made host-independent (links as `{{origin}}`), its
/// headers reduced to the ones that matter, its body in the form that replays it byte for byte.
struct RecordedRoute {
    package var method: String
    package var path: String
    package var query: String
    package var status: Int
    package var headers: [(String, String)]
    package var body: Body
    /// The path's segments after the prefix, for ``ParameterGeneraliser``.
    package var mapping: UpstreamMapping

    enum Body {
        case none
        /// Re-rendered by the loader's JSON writer to exactly these bytes.
        case json(JSONValue)
        case text(String)
    }

    /// Headers a replay needs: the body's type, caching, pagination and rate-limit information, redirects.
    static let keptHeaders: Set<String> = [
        "content-type", "content-language", "cache-control", "etag", "last-modified", "expires", "vary", "location", "link",
        "retry-after", "www-authenticate", "x-total-count", "x-total", "x-total-pages", "x-page", "x-per-page", "x-next-page",
        "x-prev-page", "x-ratelimit-limit", "x-ratelimit-remaining", "x-ratelimit-reset", "ratelimit-limit", "ratelimit-remaining",
        "ratelimit-reset", "ratelimit-policy",
    ]

    /// Why an exchange cannot become a route, said to the user instead of writing a file that does not load.
    enum Skip: Error, CustomStringConvertible {
        case notText(String)
        case placeholder(String, String)
        case tooLarge(String, Int)

        package var description: String {
            switch self {
            case .notText(let route): "\(route): the body is not UTF-8 text; scenario bodies are text, so the route is left out"
            case .placeholder(let route, let text):
                "\(route): the body contains '\(text)', which scenario bodies read as a placeholder; the route is left out"
            case .tooLarge(let route, let size): "\(route): the body (\(size) bytes) is over the 16 MB a body file may hold; the route is left out"
            }
        }
    }

    /// `exchange` as a route, or why not; `notes` gets what the user should know (a body not matching its type).
    package init(_ exchange: RecordedExchange, keepHeaders: Set<String>, notes: inout [String]) throws(Skip) {
        let name = "\(exchange.method) \(exchange.path)\(exchange.query.isEmpty ? "" : "?" + exchange.query)"
        method = exchange.method
        path = exchange.path
        query = exchange.query
        status = exchange.status
        mapping = exchange.mapping
        let links = LinkRewriter(mapping: exchange.mapping, replacement: "{{origin}}")
        let paths = LinkRewriter(mapping: exchange.mapping, replacement: "")
        headers = exchange.headers.compactMap { header in
            let lowered = header.0.lowercased()
            guard Self.keptHeaders.contains(lowered) || keepHeaders.contains(lowered) else { return nil }
            // Headers are not templates: upstream links become paths on whichever host replays them.
            return (header.0, ["location", "link"].contains(lowered) ? paths.rewriteHeader(header.1) : header.1)
        }
        // Scenario bodies have no escape for {{…}}: a body that already holds one (even {{origin}}) cannot be replayed as it was.
        if let original = String(validating: exchange.body, as: UTF8.self), let stray = Self.strayPlaceholder(in: original, orOrigin: true) {
            throw .placeholder(name, stray)
        }
        let bytes = links.rewrite(exchange.body)
        guard bytes.count <= 16 << 20 else { throw .tooLarge(name, bytes.count) }
        guard let text = String(validating: bytes, as: UTF8.self) else { throw .notText(name) }
        guard !bytes.isEmpty else {
            body = .none
            return
        }
        let type = exchange.headers.first { $0.0.lowercased() == "content-type" }?.1.lowercased() ?? ""
        let media = type.split(separator: ";").first.map { String($0).trimmingSpaces } ?? ""
        let saysJSON = media == "application/json" || (media.hasPrefix("application/") && media.hasSuffix("+json"))
        body = .text(text)
        guard saysJSON else { return }
        guard let value = try? JSONParser.parse(bytes, file: name).value else {
            notes.append("\(name): the body is not JSON although its Content-Type says \(media); recorded as text, byte for byte")
            return
        }
        // json: only when the loader writes exactly these bytes back; otherwise the text keeps them.
        if JSONWriter().template(value).render(origin: Origin("{{origin}}")) == bytes { body = .json(value) }
    }

    /// The first `{{name}}` (other than `{{origin}}` unless `orOrigin`), if any.
    static func strayPlaceholder(in text: String, orOrigin: Bool = false) -> String? {
        var rest = Substring(text)
        while let open = rest.firstRange(of: "{{") {
            let after = rest[open.upperBound...]
            guard let close = after.firstRange(of: "}}") else { return nil }
            let name = after[..<close.lowerBound]
            if orOrigin || name != "origin", !name.contains("{"), !name.contains("}") { return "{{\(name)}}" }
            rest = after
        }
        return nil
    }
}
