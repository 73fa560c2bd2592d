import UnderstudyDocuments

/// What counts as a secret in a HAR file, and every secret value found in it. A captured session carries the
/// user's credentials (a bearer token, cookies, an API key in the query, a password in a login body, the tokens a
/// login answered with), and a scenario file is committed: unless `--keep-secrets`, none of them may reach it.
///
/// Secrets are redacted where they are recognised (a header, a query key, a JSON key), and every value found is
/// also replaced wherever else it appears in what is written (the access token a login answered with, echoed in a
/// later body or a `Location`): ``values`` collects them before anything is written.
struct HARSecrets {
    static let redacted = "REDACTED"
    /// Shorter values are redacted where recognised but not searched for everywhere: replacing every "42" would
    /// corrupt the bodies.
    static let shortest = 6

    private(set) var values: Set<String> = []

    /// Request and response headers that carry credentials. `WWW-Authenticate` is a challenge, not a secret, and
    /// `record` keeps it.
    static func isSecretHeader(_ name: String) -> Bool {
        // HTTP/2's pseudo-headers (`:authority`, `:path`) name the request, never a credential.
        guard !name.hasPrefix(":") else { return false }
        let key = normalized(name)
        if key == "wwwauthenticate" { return false }
        if ["authorization", "proxyauthorization", "cookie", "setcookie", "setcookie2"].contains(key) { return true }
        // `auth` as a word of its own (X-Auth, X-Auth-Token, X-Goog-Auth), not inside `authority` or `author`.
        if key == "auth" || key.hasPrefix("xauth") || key.hasSuffix("auth") || key.contains("authorization") { return true }
        return ["apikey", "token", "secret", "password", "signature", "session", "csrf", "xsrf", "credential"].contains { key.contains($0) }
    }

    /// Query keys whose values are credentials, OAuth codes or signatures (a presigned URL's).
    static func isSecretQueryName(_ name: String) -> Bool {
        let key = normalized(name)
        let exact: Set<String> = [
            "token", "accesstoken", "refreshtoken", "idtoken", "authtoken", "apikey", "key", "secret", "clientsecret", "password",
            "passwd", "pwd", "sig", "signature", "code", "session", "sessionid", "sid", "auth", "jwt", "otp", "credential",
        ]
        return exact.contains(key) || ["token", "secret", "password", "signature", "apikey", "credential"].contains { key.contains($0) }
    }

    /// JSON keys whose values are credentials. Not `code`, `key` or `session`, which name ordinary values in bodies
    /// (an error's code); not a page token or a token's type, which an app needs as they were.
    static func isSecretJSONKey(_ key: String) -> Bool {
        let name = normalized(key)
        let exact: Set<String> = [
            "accesstoken", "refreshtoken", "idtoken", "password", "passwd", "secret", "apikey", "token", "clientsecret", "authtoken",
            "sessiontoken", "privatekey", "jwt",
        ]
        if exact.contains(name) { return true }
        if name.contains("token") { return !["type", "page", "cursor", "count", "expires"].contains { name.contains($0) } }
        return ["secret", "password", "apikey"].contains { name.contains($0) }
    }

    /// `Access-Token`, `access_token` and `accessToken` alike.
    private static func normalized(_ name: String) -> String {
        String(name.lowercased().unicodeScalars.filter { $0 != "-" && $0 != "_" && $0 != "." && $0 != " " })
    }

    // MARK: - Collecting

    mutating func add(_ value: String) {
        let trimmed = value.trimmingSpaces
        if trimmed.utf8.count >= Self.shortest, trimmed != Self.redacted { values.insert(trimmed) }
    }

    /// A header's secret parts: the whole value, an Authorization's credentials after the scheme, each cookie's value.
    mutating func addHeader(_ name: String, _ value: String) {
        guard Self.isSecretHeader(name) else { return }
        add(value)
        switch name.lowercased() {
        case "authorization", "proxy-authorization":
            if let space = value.firstIndex(of: " ") { add(String(value[space...])) }
        case "cookie":
            for pair in value.split(separator: ";") { addCookiePair(pair) }
        case "set-cookie", "set-cookie2":
            if let pair = value.split(separator: ";").first { addCookiePair(pair) }
        default: break
        }
    }

    private mutating func addCookiePair(_ pair: Substring) {
        if let equals = pair.firstIndex(of: "=") { add(String(pair[pair.index(after: equals)...])) }
    }

    /// Decoded query or form pairs: the values of secret keys.
    mutating func addPairs(_ pairs: [(String, String)]) {
        for (name, value) in pairs where Self.isSecretQueryName(name) { add(value) }
    }

    /// The values under secret keys anywhere in a JSON value.
    mutating func addJSON(_ value: JSONValue) {
        switch value {
        case .object(let members):
            for member in members {
                if Self.isSecretJSONKey(member.key), let text = Self.scalarText(member.value) {
                    add(text)
                } else {
                    addJSON(member.value)
                }
            }
        case .array(let items): for item in items { addJSON(item) }
        default: break
        }
    }

    /// A string's or number's text; nil for the rest.
    static func scalarText(_ value: JSONValue) -> String? {
        switch value {
        case .string(let text): text
        case .number(let text): text
        default: nil
        }
    }
}
