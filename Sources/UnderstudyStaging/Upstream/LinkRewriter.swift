import UnderstudyDocuments

/// Rewrites absolute links to an upstream inside a body, as bytes: `https://api.example.com/v1/items/2`
/// becomes `{{origin}}/myapi/items/2` in a recording (or the client's own origin in a proxied answer).
/// The slash-escaped spelling PHP's JSON encoder writes (`https:\/\/…`) is rewritten too.
package struct LinkRewriter {
    private let patterns: [(find: [UInt8], replace: [UInt8])]
    /// The upstream base URL's own path (`/v1`), which root-relative links of the upstream start with.
    private let basePath: String
    private let prefix: String

    /// `replacement` stands for the prefix's origin, e.g. `{{origin}}` or `http://127.0.0.1:8080`.
    package init(mapping: UpstreamMapping, replacement: String) {
        let plain = Array(mapping.upstream.utf8)
        let escaped = Array(mapping.upstream.replacingAll("/", with: "\\/").utf8)
        patterns = [
            (plain, Array((replacement + mapping.prefix).utf8)),
            // A real origin is escaped as the text around it is; `{{origin}}` has no slash to escape.
            (escaped, Array((replacement + mapping.prefix).replacingAll("/", with: "\\/").utf8)),
        ]
        let afterScheme = mapping.upstream.firstRange(of: "://").map { mapping.upstream[$0.upperBound...] } ?? ""
        basePath = afterScheme.firstIndex(of: "/").map { String(afterScheme[$0...]) } ?? ""
        prefix = mapping.prefix
    }

    /// A `Location` or `Link` value: absolute links rewritten, and a root-relative one (`/v1/users`, relative
    /// to the upstream's host) moved under the prefix (`/myapi/users`).
    package func rewriteHeader(_ value: String) -> String {
        let absolute = rewrite(value)
        guard absolute == value, value.hasPrefix("/"), !value.hasPrefix("//") else { return absolute }
        if basePath.isEmpty { return prefix + value }
        if value == basePath || value.hasPrefix(basePath + "/") || value.hasPrefix(basePath + "?") {
            return prefix + value.dropFirst(basePath.count)
        }
        return value
    }

    /// `bytes` with every link replaced. A match must end the URL's authority or path segment there
    /// (`http://h:80` must not match inside `http://h:8080`).
    package func rewrite(_ bytes: [UInt8]) -> [UInt8] {
        var out = bytes
        for (find, replace) in patterns where !find.isEmpty {
            out = Self.replace(find, with: replace, in: out)
        }
        return out
    }

    package func rewrite(_ text: String) -> String { String(decoding: rewrite(Array(text.utf8)), as: UTF8.self) }

    private static func replace(_ find: [UInt8], with replace: [UInt8], in bytes: [UInt8]) -> [UInt8] {
        guard bytes.count >= find.count else { return bytes }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = 0
        let first = find[0]
        while index < bytes.count {
            if bytes[index] == first, index + find.count <= bytes.count, bytes[index..<(index + find.count)].elementsEqual(find) {
                let next = index + find.count < bytes.count ? bytes[index + find.count] : nil
                if next.map(isBoundary) ?? true {
                    out += replace
                    index += find.count
                    continue
                }
            }
            out.append(bytes[index])
            index += 1
        }
        return out
    }

    /// What may follow the base URL for it to be the whole base: the end, a path, query or fragment, or the text around.
    private static func isBoundary(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "."), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: ":"), UInt8(ascii: "~"), UInt8(ascii: "%"):
            false
        default: true
        }
    }
}
