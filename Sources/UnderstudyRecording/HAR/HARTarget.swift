import UnderstudyHTTP
import UnderstudyStaging

/// Where an entry's URL lands on this server: the `--prefix` mapping whose upstream it is under, the path under
/// the prefix (percent-decoded, as a request's path is), and its query pairs (decoded, as `record` keeps them).
/// `https://API.example.com:443/v1/users?page=2` under `/myapi=https://api.example.com/v1` is `/myapi/users`,
/// `page=2`: scheme and host compared in any case, a default port the same as none.
struct HARTarget {
    var mapping: UpstreamMapping
    var path: String
    var pairs: [(String, String)]
    /// `user:password@` of the URL, a credential like any other.
    var userInfo: String?

    /// Why a URL has no target.
    enum Miss: Error {
        /// Under no `--prefix`'s upstream (another host, a `data:` URL, …): counted, not an error.
        case noPrefix
        /// Under one, but not a path a route can take; said in a note.
        case unusable(String)
    }

    static func resolve(_ url: String, in mappings: [UpstreamMapping]) -> Result<HARTarget, Miss> {
        guard let parsed = URLParts(url) else { return .failure(.noPrefix) }
        let candidates = mappings.compactMap { mapping -> (UpstreamMapping, String)? in
            guard let base = URLParts(mapping.upstream), base.origin == parsed.origin else { return nil }
            if base.path.isEmpty || base.path == "/" { return (mapping, parsed.path) }
            guard parsed.path == base.path || parsed.path.hasPrefix(base.path + "/") else { return nil }
            return (mapping, String(parsed.path.dropFirst(base.path.count)))
        }
        // Nested upstreams (`…/v1` and `…/v1/admin`): the longest base wins, as the longest prefix does on the way in.
        guard let (mapping, rest) = candidates.max(by: { $0.0.upstream.count < $1.0.upstream.count }) else { return .failure(.noPrefix) }
        guard let path = PercentDecoding.decode(rest, malformed: .refuse) else {
            return .failure(.unusable("its path has a broken % escape"))
        }
        let full = mapping.prefix + (path == "/" ? "" : path)
        if full.split(separator: "/").contains(where: { $0.hasPrefix(":") }) {
            return .failure(.unusable("a path segment starts with ':', which a scenario's path reads as a parameter"))
        }
        if full.contains("{{") || full.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F }) {
            return .failure(.unusable("its path holds '{{' or a control character"))
        }
        var pairs: [(String, String)] = []
        for part in parsed.query.split(separator: "&", omittingEmptySubsequences: true) {
            let halves = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = PercentDecoding.decode(halves[0], plusIsSpace: true, malformed: .refuse),
                let value = PercentDecoding.decode(halves.count > 1 ? halves[1] : "", plusIsSpace: true, malformed: .refuse)
            else { return .failure(.unusable("its query has a broken % escape")) }
            pairs.append((name, value))
        }
        return .success(HARTarget(mapping: mapping, path: full, pairs: pairs, userInfo: parsed.userInfo))
    }

    /// The query re-encoded, as a request's `encodedQuery` is.
    static func encode(_ pairs: [(String, String)]) -> String {
        pairs.map { percentEncode($0.0) + "=" + percentEncode($0.1) }.joined(separator: "&")
    }
}

/// An absolute http(s) URL cut into its parts, without Foundation's URL (which reads some of what browsers send
/// differently, and is not in FoundationEssentials).
struct URLParts {
    /// `scheme://host[:port]`, lowercased, the scheme's default port left out.
    var origin: String
    /// The path as written (escapes kept); empty when the URL has none.
    var path: String
    var query: String
    var userInfo: String?

    init?(_ url: String) {
        guard let schemeEnd = url.firstRange(of: "://") else { return nil }
        let scheme = url[..<schemeEnd.lowerBound].lowercased()
        guard scheme == "http" || scheme == "https" else { return nil }
        var rest = url[schemeEnd.upperBound...]
        if let hash = rest.firstIndex(of: "#") { rest = rest[..<hash] }
        let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" } ?? rest.endIndex
        var authority = rest[..<authorityEnd]
        if let at = authority.lastIndex(of: "@") {
            userInfo = String(authority[..<at])
            authority = authority[authority.index(after: at)...]
        }
        var host = authority.lowercased()
        if (scheme == "https" && host.hasSuffix(":443")) || (scheme == "http" && host.hasSuffix(":80")) {
            host = String(host[..<host.lastIndex(of: ":")!])
        }
        guard !host.isEmpty else { return nil }
        origin = scheme + "://" + host
        let target = rest[authorityEnd...]
        if let question = target.firstIndex(of: "?") {
            path = String(target[..<question])
            query = String(target[target.index(after: question)...])
        } else {
            path = String(target)
            query = ""
        }
    }
}
