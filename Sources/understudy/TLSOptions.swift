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
    @Flag(name: .customLong(Setting.tls.flag), help: Setting.tls.help) var enabled = false
    @Option(name: .customLong(Setting.tlsDir.flag), help: Setting.tlsDir.help) var folder: String?
    @Option(name: .customLong(Setting.tlsName.flag), help: Setting.tlsName.help) var names: [String] = []
    @Option(name: .customLong(Setting.tlsCert.flag), help: Setting.tlsCert.help) var certificateFile: String?
    @Option(name: .customLong(Setting.tlsKey.flag), help: Setting.tlsKey.help) var keyFile: String?
}

/// `serve`'s TLS flags as plain values (``TLSOptions`` parsed, or read by ``ServeArguments/init(fastParsing:)``).
struct TLSArguments: Equatable {
    var enabled = false
    var folder: String?
    var names: [String] = []
    var certificateFile: String?
    var keyFile: String?

    init() {}

    init(_ options: TLSOptions) {
        enabled = options.enabled
        folder = options.folder
        names = options.names
        certificateFile = options.certificateFile
        keyFile = options.keyFile
    }

    /// `--tls-dir`, `UNDERSTUDY_TLS_DIR`, or the per-user default.
    static func folder(_ flag: String?) -> String {
        flag ?? Setting.tlsDir.string ?? TLSFolder.default(environment: ProcessInfo.processInfo.environment)
    }

    /// What `--tls` makes, or nil without it. Throws a located, readable error for a bad file or name.
    func identity() throws -> TLSIdentity? {
        let certificate = certificateFile ?? Setting.tlsCert.string
        let key = keyFile ?? Setting.tlsKey.string
        guard enabled || Setting.tls.isOn || certificate != nil else { return nil }
        if let certificate {
            guard let key else { throw ValidationError("--tls-cert needs --tls-key (the certificate's private key)") }
            return try TLSIdentity.own(certificateFile: certificate, keyFile: key)
        }
        if key != nil { throw ValidationError("--tls-key needs --tls-cert") }
        let extra =
            names.isEmpty ? (Setting.tlsName.list ?? []) : names
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
