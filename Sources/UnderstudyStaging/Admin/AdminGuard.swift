import HTTPTypes
import UnderstudyAPIService
import UnderstudyDocuments
import UnderstudyHTTP

/// Who may call the admin API. A web page in the developer's browser can
/// reach `localhost`, so three checks stand before every admin route:
///
/// 1. **Host** (DNS rebinding): on a loopback bind, only `Host` values that
///    name this machine are answered — `localhost` (and `*.localhost`),
///    loopback IP literals, the bound name and `--allowed-host` names. A page
///    whose own name was rebound to 127.0.0.1 sends its own name and gets 403.
/// 2. **Cross-site writes** (CSRF): a call that changes state is refused when
///    the browser marks it cross-site (`Sec-Fetch-Site`), or its `Origin` is
///    `null` or not the `Host` it was sent to; and a browser's call, or any
///    call with a body, must say `Content-Type: application/json` (or carry
///    `X-Understudy-Admin`), which no form or "simple" request can.
/// 3. **Token**: with `--admin-token`, `Authorization: Bearer TOKEN`, compared
///    as bytes in constant time (never as Unicode text, where `café` in NFD
///    would equal `café` in NFC).
package struct AdminGuard: Sendable {
    /// Lowercased names the admin API answers to; nil when any `Host` is answered
    /// (a non-loopback bind, where the token is what protects it).
    let hostNames: Set<String>?
    private let token: [UInt8]?

    package init(bindHost: String, isLoopback: Bool, allowedHosts: [String], token: String?) {
        if isLoopback {
            var names: Set<String> = ["localhost", "127.0.0.1", "[::1]", "::1"]
            for name in [bindHost] + allowedHosts {
                let host = Authority.hostName(of: name.lowercased()) ?? name.lowercased()
                names.insert(host)
            }
            hostNames = names
        } else {
            hostNames = nil
        }
        self.token = token.map { Array($0.utf8) }
    }

    func check(_ request: ServerRequest, dashboard: Bool) throws(AdminError) {
        try checkHost(request)
        if !Self.readOnly.contains(request.method) { try checkSameOrigin(request) }
        try authorize(request, dashboard: dashboard)
    }

    static let readOnly: Set<HTTPRequest.Method> = [.get, .head, .options]

    // MARK: - Host

    private func checkHost(_ request: ServerRequest) throws(AdminError) {
        guard let hostNames else { return }
        // HTTP/1.0 clients may send no Host; browsers always send one.
        guard let host = request.header(.hostHeader) else { return }
        guard let name = Authority.hostName(of: host.lowercased()), Self.isAllowed(name, in: hostNames) else {
            throw AdminError(
                .forbidden, "host not allowed",
                "The admin API answers only Host names of this machine (localhost, 127.0.0.1, [::1]); start the server with --allowed-host NAME to add one."
            )
        }
    }

    private static func isAllowed(_ name: String, in names: Set<String>) -> Bool {
        names.contains(name) || name.hasSuffix(".localhost") || isIPv4Loopback(name)
    }

    /// Whether a host (a bind address, or a `Host` name without its port) is this machine's loopback:
    /// `localhost`, `::1` (bracketed or not), or an IPv4 literal in 127.0.0.0/8. The one rule for
    /// binding (the admin API faces the network otherwise) and for `Host` checks.
    package static func isLoopback(_ host: String) -> Bool {
        let name = host.lowercased()
        return name == "localhost" || name == "::1" || name == "[::1]" || isIPv4Loopback(name)
    }

    /// `127.x.y.z` written as four decimal numbers: an IP literal is never resolved by DNS,
    /// so no page can rebind it.
    private static func isIPv4Loopback(_ name: String) -> Bool {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0] == "127" else { return false }
        return parts.allSatisfy { part in
            !part.isEmpty && part.count <= 3 && part.utf8.allSatisfy { (0x30...0x39).contains($0) } && Int(part)! <= 255
        }
    }

    // MARK: - Cross-site

    private func checkSameOrigin(_ request: ServerRequest) throws(AdminError) {
        let fetchSite = request.header(.secFetchSite)
        if let fetchSite, fetchSite != "same-origin", fetchSite != "none" {
            throw Self.crossSite("the browser marked it \(fetchSite.prefix(32))")
        }
        let origin = request.header(.origin)
        if let origin, !Self.isSameOrigin(origin.lowercased(), host: request.header(.hostHeader)?.lowercased()) {
            throw Self.crossSite("its Origin is not this server")
        }
        // A browser's call, or any call with a body, must be one no form or "simple" request can make.
        let browser = fetchSite != nil || origin != nil
        if browser || !request.body.isEmpty || request.header(.contentType) != nil {
            if request.header(.understudyAdmin) != nil { return }
            guard let type = request.header(.contentType), Self.isJSON(type) else {
                throw AdminError(
                    .unsupportedMediaType, "JSON required",
                    "Admin calls that change state take 'Content-Type: application/json' (curl: --json '{…}' or -H 'Content-Type: application/json'), or the header 'X-Understudy-Admin: 1'; a body-less call from curl needs neither."
                )
            }
        }
    }

    private static func crossSite(_ why: String) -> AdminError {
        AdminError(
            .forbidden, "cross-site request refused",
            "A page on another site may not change this server's state (\(why)). Call the admin API from curl, a test, or the dashboard itself.")
    }

    /// True when `origin` (`scheme://host[:port]`) names the server the request was sent to (its
    /// `Host`), a port left out on either side being the scheme's default; `null` never does.
    private static func isSameOrigin(_ origin: String, host: String?) -> Bool {
        let parts = origin.pieces(separatedBy: "://")
        guard let host, parts.count == 2 else { return false }
        let scheme = parts[0]
        guard scheme == "http" || scheme == "https" else { return false }
        let defaultPort = scheme == "https" ? "443" : "80"
        guard let sent = Authority.split(String(parts[1])), let received = Authority.split(host) else { return false }
        return sent.host == received.host && (sent.port.map(String.init) ?? defaultPort) == (received.port.map(String.init) ?? defaultPort)
    }

    private static func isJSON(_ contentType: String) -> Bool {
        let media = contentType.split(separator: ";", maxSplits: 1).first.map { $0.trimmingSpaces.lowercased() } ?? ""
        return media == "application/json" || (media.hasPrefix("application/") && media.hasSuffix("+json"))
    }

    // MARK: - Token

    private func authorize(_ request: ServerRequest, dashboard: Bool) throws(AdminError) {
        guard let token else { return }
        if let header = request.header(.authorization), Self.same(Array(header.utf8), Self.bearer + token) { return }
        // The dashboard page may take the token in its URL (a browser cannot send a bearer header on navigation).
        if dashboard, let given = request.queryValue("token"), Self.same(Array(given.utf8), token) { return }
        throw AdminError(
            .unauthorized, "unauthorized",
            "This server needs 'Authorization: Bearer <token>' on every admin call (the token given with --admin-token or UNDERSTUDY_ADMIN_TOKEN).")
    }

    private static let bearer = Array("Bearer ".utf8)

    /// Byte equality whose time depends only on the lengths, not on where the bytes differ.
    private static func same(_ given: [UInt8], _ expected: [UInt8]) -> Bool {
        var difference = UInt8(given.count == expected.count ? 0 : 1)
        for index in 0..<expected.count {
            difference |= expected[index] ^ (index < given.count ? given[index] : 0)
        }
        return difference == 0
    }
}

extension HTTPField.Name {
    static let secFetchSite = HTTPField.Name("Sec-Fetch-Site")!
}
