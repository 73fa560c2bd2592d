/// The certificate and key `serve --tls` presents, and the CA a client trusts for it: either the
/// per-machine development CA and a leaf it signed (kept in a folder, made on first start and
/// renewed when needed), or a team's own pair (`--tls-cert`, `--tls-key`).
package struct TLSIdentity: Sendable {
    /// The CA to trust, nil for a team's own pair (their CA is theirs to hand out).
    package let authority: Certificate?
    /// The leaf, and the PEM text the server presents (a team's file may hold a chain).
    package let certificate: Certificate
    package let certificateChainPEM: String
    package let keyPEM: String
    /// What this start did to the folder, one sentence each ("made a new development CA", …).
    package let changes: [String]

    /// How long a leaf is made for: under Apple's 825-day rule, and under the 398 days Apple
    /// allows publicly trusted certificates, so no client rule is near.
    package static let leafValidityDays = 397
    /// How long the development CA is made for.
    package static let authorityValidityDays = 3650
    /// A leaf (or the CA) this close to its end is made again at start.
    package static let renewalDays = 30

    /// The folder's CA (`ca.pem`, `ca-key.pem`) and leaf (`leaf.pem`, `leaf-key.pem`), made or renewed as
    /// needed: a leaf is made again when it is near its end, when the CA changed, or when the names
    /// it must carry (`names`) are not exactly the ones it has.
    package static func development(folder: String, names: TLSNames, now: Int64 = Int64(time(nil))) throws(TLSError) -> TLSIdentity {
        try PEMFile.makeFolder(folder)
        var changes: [String] = []
        let paths = (ca: "\(folder)/ca.pem", caKey: "\(folder)/ca-key.pem", leaf: "\(folder)/leaf.pem", leafKey: "\(folder)/leaf-key.pem")
        let renewBefore = now + Int64(renewalDays) * 86_400

        var authority = try? Certificate(file: paths.ca)
        var authorityKey = try? PEMFile.load(paths.caKey)
        if let current = authority, let key = authorityKey,
            current.isAuthority == true, current.notAfter > renewBefore,
            (try? GnuTLS.keyMatches(certificate: current.pem, key: key)) == true
        {
            // Kept: trusting a CA is a manual step on every simulator and device.
        } else {
            let key = try GnuTLS.makeKey()
            let plan = CertificatePlan(
                key: key, commonName: "Understudy development CA (\(names.hostName))",
                organization: "Understudy development only, not for production", isAuthority: true,
                notBefore: now - 3600, notAfter: now + Int64(authorityValidityDays) * 86_400)
            let made = try Certificate(pem: GnuTLS.makeCertificate(plan))
            try PEMFile.store(key, to: paths.caKey, mode: 0o600)
            try PEMFile.store(made.pem, to: paths.ca, mode: 0o644)
            changes.append(
                authority == nil
                    ? "made a development CA in \(paths.ca)" : "made a new development CA in \(paths.ca) (the old one was unusable or near its end)")
            authority = made
            authorityKey = key
        }
        guard let authority, let authorityKey else { throw .library("making the development CA", reason: "no CA") }

        let wanted = names.all
        if let leaf = try? Certificate(file: paths.leaf), let key = try? PEMFile.load(paths.leafKey),
            leaf.notAfter > renewBefore, Set(leaf.names) == Set(wanted), leaf.isIssued(by: authority),
            (try? GnuTLS.keyMatches(certificate: leaf.pem, key: key)) == true
        {
            return TLSIdentity(authority: authority, certificate: leaf, certificateChainPEM: leaf.pem, keyPEM: key, changes: changes)
        }
        let key = try GnuTLS.makeKey()
        let leaf = try Certificate(pem: makeLeaf(key: key, names: wanted, issuer: (authority.pem, authorityKey), now: now))
        try PEMFile.store(key, to: paths.leafKey, mode: 0o600)
        try PEMFile.store(leaf.pem, to: paths.leaf, mode: 0o644)
        changes.append("made a certificate for \(wanted.map(\.description).joined(separator: ", ")) in \(paths.leaf)")
        return TLSIdentity(authority: authority, certificate: leaf, certificateChainPEM: leaf.pem, keyPEM: key, changes: changes)
    }

    /// A team's own pair (e.g. from mkcert): both files read, the key checked against the certificate.
    package static func own(certificateFile: String, keyFile: String) throws(TLSError) -> TLSIdentity {
        let chain = try PEMFile.load(certificateFile)
        let certificate = try Certificate(file: certificateFile)
        let key = try PEMFile.load(keyFile)
        let matches: Bool
        do {
            matches = try GnuTLS.keyMatches(certificate: certificate.pem, key: key)
        } catch {
            throw .file(path: keyFile, reason: "not a PEM private key (\(error))")
        }
        guard matches else { throw .keyMismatch(certificate: certificateFile, key: keyFile) }
        return TLSIdentity(authority: nil, certificate: certificate, certificateChainPEM: chain, keyPEM: key, changes: [])
    }

    /// A server leaf for `names`, signed by `issuer` (self-signed when nil), valid from `notBefore` for `days`.
    static func makeLeaf(
        key: String, names: [CertificateName], issuer: (certificate: String, key: String)?, now: Int64,
        notBefore: Int64? = nil, days: Int = leafValidityDays
    ) throws(TLSError) -> String {
        let start = notBefore ?? now - 3600
        var plan = CertificatePlan(
            key: key, issuer: issuer, commonName: names.first.map(Self.text) ?? "localhost",
            organization: "Understudy development only", notBefore: start, notAfter: start + Int64(days) * 86_400)
        for name in names {
            switch name {
            case .dns(let dns): plan.dnsNames.append(dns)
            case .address(let address): plan.addresses.append(address)
            }
        }
        return try GnuTLS.makeCertificate(plan)
    }

    private static func text(_ name: CertificateName) -> String {
        switch name {
        case .dns(let text), .address(let text): text
        }
    }
}

/// The names a development leaf carries: `localhost`, the loopback addresses, the machine's
/// `.local` name and every interface address (so a device on the LAN can reach it), and each
/// `--tls-name`.
package struct TLSNames: Sendable {
    package let hostName: String
    package let all: [CertificateName]

    /// - Parameter extra: `--tls-name` values, DNS names or IP addresses.
    ///   hostName, interfaces: this machine's when nil (tests pass their own).
    package init(extra: [String], hostName: String? = nil, interfaces: [String]? = nil) {
        let hostName = hostName ?? Platform.hostName
        let interfaces = interfaces ?? Platform.interfaceAddresses
        self.hostName = hostName
        var names: [CertificateName] = [.dns("localhost"), .dns("\(hostName.lowercased()).local"), .address("127.0.0.1"), .address("::1")]
        for value in interfaces + extra {
            let name: CertificateName = Self.isAddress(value) ? .address(value) : .dns(value.lowercased())
            if !names.contains(name) { names.append(name) }
        }
        all = names
    }

    package static func isAddress(_ text: String) -> Bool {
        var bytes = [UInt8](repeating: 0, count: 16)
        return inet_pton(AF_INET, text, &bytes) == 1 || inet_pton(AF_INET6, text, &bytes) == 1
    }
}

/// Where the development CA lives unless `--tls-dir` says otherwise.
package enum TLSFolder {
    /// `~/.local/share/understudy/tls` (or `$XDG_DATA_HOME/understudy/tls`) on Linux,
    /// `~/Library/Application Support/Understudy/tls` on macOS.
    package static func `default`(environment: [String: String]) -> String { Platform.defaultTLSFolder(environment: environment) }
}
