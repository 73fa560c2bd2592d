import UnderstudyHTTP

/// Where the shared state lives: `redis://[[USER]:PASSWORD@]HOST[:PORT][/DB]` (`--redis`,
/// `UNDERSTUDY_REDIS`). Valkey speaks the same protocol. TLS (`rediss://`) is refused with a
/// reason rather than silently sent in clear.
package struct RedisURL: Sendable, Equatable, CustomStringConvertible {
    package var host: String
    package var port: Int
    package var user: String?
    package var password: String?
    package var database: Int

    package init(host: String, port: Int = 6379, user: String? = nil, password: String? = nil, database: Int = 0) {
        self.host = host
        self.port = port
        self.user = user
        self.password = password
        self.database = database
    }

    /// The URL with its password hidden, for logs, errors and `/__admin/health`.
    package var description: String {
        let credentials = password == nil ? "" : "\(user ?? ""):***@"
        let shownHost = host.contains(":") ? "[\(host)]" : host
        return "redis://\(credentials)\(shownHost):\(port)/\(database)"
    }

    package init(parsing text: String) throws(RedisError) {
        let usage = "expected redis://[[USER]:PASSWORD@]HOST[:PORT][/DB], e.g. redis://127.0.0.1:6379/0"
        guard text.utf8.count <= 2048 else { throw RedisError("the Redis URL is longer than 2048 bytes; \(usage)") }
        if text.hasPrefix("rediss://") {
            throw RedisError("rediss:// (Redis over TLS) is not supported; use redis:// on a trusted network or a TLS tunnel")
        }
        guard text.hasPrefix("redis://") else { throw RedisError("'\(Self.shown(text))' is not a Redis URL; \(usage)") }
        var rest = Substring(text.dropFirst("redis://".count))
        var path: Substring = ""
        if let slash = rest.firstIndex(of: "/") {
            path = rest[rest.index(after: slash)...]
            rest = rest[..<slash]
        }
        if let at = rest.lastIndex(of: "@") {
            let credentials = rest[..<at]
            rest = rest[rest.index(after: at)...]
            if let colon = credentials.firstIndex(of: ":") {
                let name = credentials[..<colon]
                user = name.isEmpty ? nil : try Self.decoded(name)
                password = try Self.decoded(credentials[credentials.index(after: colon)...])
            } else {
                password = try Self.decoded(credentials)
            }
        }
        var hostPart = rest
        var portText: Substring?
        if hostPart.hasPrefix("[") {
            guard let close = hostPart.firstIndex(of: "]") else { throw RedisError("the Redis URL's IPv6 address has no ']'; \(usage)") }
            let after = hostPart[hostPart.index(after: close)...]
            if after.hasPrefix(":") {
                portText = after.dropFirst()
            } else if !after.isEmpty {
                throw RedisError("the Redis URL's host is malformed; \(usage)")
            }
            hostPart = hostPart[hostPart.index(after: hostPart.startIndex)..<close]
        } else if let colon = hostPart.firstIndex(of: ":") {
            portText = hostPart[hostPart.index(after: colon)...]
            hostPart = hostPart[..<colon]
        }
        guard !hostPart.isEmpty, hostPart.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || ".-_:".contains($0)) }) else {
            throw RedisError("the Redis URL has no usable host; \(usage)")
        }
        host = String(hostPart)
        port = 6379
        if let portText {
            guard let value = Int(portText), (1...65535).contains(value) else {
                throw RedisError("the Redis URL's port must be 1 to 65535; \(usage)")
            }
            port = value
        }
        database = 0
        if !path.isEmpty {
            guard let value = Int(path), (0...65535).contains(value) else {
                throw RedisError("the Redis URL's database must be a number (/0); \(usage)")
            }
            database = value
        }
    }

    /// Percent-decoding of a user name or password (as URLs write `@` and `:` in them), by the one rule
    /// (`PercentDecoding`); a malformed escape is refused rather than guessed at.
    private static func decoded(_ text: Substring) throws(RedisError) -> String {
        guard let decoded = PercentDecoding.decode(text, malformed: .refuse) else {
            throw RedisError("the Redis URL's credentials have a malformed %-escape")
        }
        return decoded
    }

    /// A bad URL as an error shows it: printable, short, and never with what may be a password.
    private static func shown(_ text: String) -> String {
        let visible = text.split(separator: "@").last.map(String.init) ?? text
        return String(visible.unicodeScalars.prefix(80).map { $0.isASCII && $0.value >= 0x20 && $0.value < 0x7f ? Character($0) : "?" })
    }
}
