import UnderstudyAPIService
package import UnderstudyAdminWire

/// A path prefix of this server and the upstream base URL it stands for: `/myapi` ↔ `https://api.example.com/v1`.
/// `understudy record` and a scenario's `proxy:` both use it; both refuse the prefixes Understudy itself answers.
package struct UpstreamMapping: Sendable, Equatable {
    package let prefix: String
    /// The base URL without a trailing slash: `scheme://host[:port][/path]`.
    package let upstream: String

    /// Checks both halves. `builtIn` allows the one API prefix that `--api` records (its own name).
    package init(prefix: String, upstream: String, builtIn: UnderstudyAPI? = nil) throws(UpstreamMappingError) {
        var prefix = prefix
        while prefix.count > 1, prefix.hasSuffix("/") { prefix.removeLast() }
        guard prefix.hasPrefix("/"), prefix.count > 1 else { throw .badPrefix(prefix, "must start with / and name a path, such as /myapi") }
        guard prefix.utf8.allSatisfy(Self.isPathByte) else {
            throw .badPrefix(prefix, "may hold only letters, digits and - . _ ~ / (no query, no spaces)")
        }
        guard !prefix.contains("//"), !prefix.split(separator: "/").contains(where: { $0 == "." || $0 == ".." }) else {
            throw .badPrefix(prefix, "must not contain empty, . or .. segments")
        }
        let reserved = UnderstudyAPI.allCases.map(\.prefix) + ["/__admin"]
        if let taken = reserved.first(where: { prefix == $0 || prefix.hasPrefix($0 + "/") || $0.hasPrefix(prefix + "/") }),
            builtIn?.prefix != prefix
        {
            throw .reservedPrefix(prefix, taken)
        }
        var upstream = upstream
        while upstream.hasSuffix("/") { upstream.removeLast() }
        guard let schemeEnd = upstream.firstRange(of: "://"), ["http", "https"].contains(upstream[..<schemeEnd.lowerBound].lowercased()) else {
            throw .badUpstream(upstream, "expected an http:// or https:// URL")
        }
        let rest = upstream[schemeEnd.upperBound...]
        let host = rest.prefix { $0 != "/" }
        guard !host.isEmpty, !host.contains("@") else { throw .badUpstream(upstream, "names no host (or carries credentials)") }
        guard !rest.contains("?"), !rest.contains("#"), !upstream.utf8.contains(where: { $0 <= 0x20 || $0 >= 0x7F }) else {
            throw .badUpstream(upstream, "must be a base URL without query, fragment, spaces or control characters")
        }
        self.prefix = prefix
        self.upstream = upstream
    }

    /// `scheme://host[:port]`: how errors name the upstream.
    package var origin: String {
        guard let schemeEnd = upstream.firstRange(of: "://") else { return upstream }
        let host = upstream[schemeEnd.upperBound...].prefix { $0 != "/" }
        return String(upstream[..<schemeEnd.upperBound]) + host
    }

    /// Whether this server's `path` falls under the prefix.
    package func covers(_ path: String) -> Bool {
        path == prefix || (path.hasPrefix(prefix) && path.utf8.dropFirst(prefix.utf8.count).first == UInt8(ascii: "/"))
    }

    /// The upstream URL for this server's `path` (under the prefix) and encoded `query`.
    package func upstreamURL(path: String, query: String) -> String {
        upstream + path.dropFirst(prefix.count) + (query.isEmpty ? "" : "?" + query)
    }

    /// The mapping of `mappings` that covers `path`, the longest prefix first.
    package static func covering(_ path: String, in mappings: [UpstreamMapping]) -> UpstreamMapping? {
        mappings.filter { $0.covers(path) }.max { $0.prefix.count < $1.prefix.count }
    }

    private static func isPathByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
            true
        default: false
        }
    }
}

package enum UpstreamMappingError: Error, Sendable, Equatable, CustomStringConvertible {
    case badPrefix(String, String)
    case reservedPrefix(String, String)
    case badUpstream(String, String)

    package var description: String {
        switch self {
        case .badPrefix(let prefix, let why): "prefix '\(prefix)' \(why)"
        case .reservedPrefix(let prefix, let taken):
            "prefix '\(prefix)' collides with \(taken), which Understudy answers itself; choose another (record a built-in API with --api)"
        case .badUpstream(let url, let why): "upstream '\(url)' \(why)"
        }
    }
}
