/// The one reading of a request's authority (`Host`, or an absolute target's): `uri-host [":" port]`
/// (RFC 9110 §7.2). The transport has already refused, with a 400, an authority outside RFC 3986's
/// grammar (`uhw_is_authority` in CUnderstudyHTTPWire, in C because it runs before any Swift); what
/// reaches Swift is read here, and nowhere else: split into host and port, named without its port,
/// and judged plain enough to be written into a body's links.
package enum Authority {
    /// `host[:port]` or `[v6][:port]` split; nil when malformed (empty, a `/`, an unclosed bracket,
    /// something after the bracket other than `:port`). The port is not checked here.
    package static func split(_ authority: String) -> (host: Substring, port: Substring?)? {
        guard !authority.isEmpty, !authority.contains("/") else { return nil }
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { return nil }
            let rest = authority[authority.index(after: close)...]
            if rest.isEmpty { return (authority[...close], nil) }
            guard rest.hasPrefix(":") else { return nil }
            return (authority[...close], rest.dropFirst())
        }
        guard let colon = authority.lastIndex(of: ":") else { return (authority[...], nil) }
        return (authority[..<colon], authority[authority.index(after: colon)...])
    }

    /// The host of `host[:port]` or `[v6]:port`, one trailing dot dropped (`localhost.` is
    /// `localhost`); nil when malformed or when the port is not one to five digits.
    package static func hostName(of authority: String) -> String? {
        guard let parts = split(authority) else { return nil }
        var host = parts.host
        if let port = parts.port, port.isEmpty || port.count > 5 || !port.utf8.allSatisfy(isDigit) { return nil }
        if host.hasSuffix(".") { host = host.dropLast() }
        return host.isEmpty ? nil : String(host)
    }

    /// Whether an authority can be written into a body's links as it is: at most 255 bytes of
    /// letters, digits and `.-_:[]` (a DNS or `_`-bearing name, an IPv4 or bracketed IPv6 literal,
    /// a port). A subset of RFC 3986's authority with nothing that JSON, HTML or a URL would need
    /// escaped, so a link never carries a byte the client did not send in a harmless form; any
    /// other authority gets the server's own address instead.
    package static func isPlain(_ authority: String) -> Bool {
        let bytes = authority.utf8
        guard !bytes.isEmpty, bytes.count <= 255 else { return false }
        return bytes.allSatisfy(isPlainByte)
    }

    private static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

    private static func isPlainByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "."), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: ":"), UInt8(ascii: "["), UInt8(ascii: "]"):
            true
        default: false
        }
    }
}
