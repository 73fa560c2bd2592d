import ArgumentParser
import UnderstudyMicroHTTPD
import UnderstudyTLS

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `serve`'s TLS flags, each with its `UNDERSTUDY_*` variable, and what they make: the identity
/// (development CA and leaf, or a team's own pair) and what the transport serves.
struct TLSOptions: ParsableArguments {
    @Flag(name: .customLong("tls"), help: "Answer https:// as well as http:// on the same port. (UNDERSTUDY_TLS=1)")
    var enabled = false

    @Option(name: .customLong("tls-dir"), help: "Folder of the development CA and certificate. (UNDERSTUDY_TLS_DIR, default: a per-user data folder)")
    var folder: String?

    @Option(
        name: .customLong("tls-name"), help: "Another name or address the certificate must carry; repeatable. (UNDERSTUDY_TLS_NAMES, comma-separated)"
    )
    var names: [String] = []

    @Option(name: .customLong("tls-cert"), help: "A certificate (PEM, chain allowed) to use instead of the development CA's. (UNDERSTUDY_TLS_CERT)")
    var certificateFile: String?

    @Option(name: .customLong("tls-key"), help: "The private key (PEM) of --tls-cert. (UNDERSTUDY_TLS_KEY)")
    var keyFile: String?

    /// `--tls-dir`, `UNDERSTUDY_TLS_DIR`, or the per-user default.
    static func folder(_ flag: String?) -> String {
        flag ?? Environment.string("UNDERSTUDY_TLS_DIR") ?? TLSFolder.default(environment: ProcessInfo.processInfo.environment)
    }

    /// What `--tls` makes, or nil without it. Throws a located, readable error for a bad file or name.
    func identity() throws -> TLSIdentity? {
        let certificate = certificateFile ?? Environment.string("UNDERSTUDY_TLS_CERT")
        let key = keyFile ?? Environment.string("UNDERSTUDY_TLS_KEY")
        guard enabled || Environment.flag("UNDERSTUDY_TLS") || certificate != nil else { return nil }
        if let certificate {
            guard let key else { throw ValidationError("--tls-cert needs --tls-key (the certificate's private key)") }
            return try TLSIdentity.own(certificateFile: certificate, keyFile: key)
        }
        if key != nil { throw ValidationError("--tls-key needs --tls-cert") }
        let extra =
            names.isEmpty ? (Environment.string("UNDERSTUDY_TLS_NAMES")?.split(separator: ",").map { String($0.filter { $0 != " " }) } ?? []) : names
        for name in extra where !TLSNames.isAddress(name) && !Self.isDNSName(name) {
            throw ValidationError("--tls-name '\(name)' is neither a DNS name nor an IP address")
        }
        return try TLSIdentity.development(folder: Self.folder(folder), names: TLSNames(extra: extra))
    }

    /// The transport's certificates: the identity's, and with the development CA the TLS fault hosts.
    static func serving(_ identity: TLSIdentity, folder: String) throws -> TLSServing {
        var serving = TLSServing(credentials: .init(certificateChainPEM: identity.certificateChainPEM, keyPEM: identity.keyPEM))
        if let authority = identity.authority, let authorityKey = TLSIdentity.authorityKey(folder: folder) {
            for host in TLSFaultHost.allCases {
                let made = try host.credentials(authority: authority, authorityKey: authorityKey)
                serving.byServerName[host.rawValue] = .init(certificateChainPEM: made.certificate, keyPEM: made.key)
            }
        }
        return serving
    }

    /// Letters, digits, hyphens and dots (a leading `*.` for a wildcard), at most 253 bytes.
    static func isDNSName(_ name: String) -> Bool {
        let labels = (name.hasPrefix("*.") ? String(name.dropFirst(2)) : name).split(separator: ".", omittingEmptySubsequences: false)
        return name.utf8.count <= 253 && !labels.isEmpty
            && labels.allSatisfy { label in
                (1...63).contains(label.count) && label.first != "-" && label.last != "-"
                    && label.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
            }
    }
}
