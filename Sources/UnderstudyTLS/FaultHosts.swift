/// The TLS fault hosts: server names whose handshake presents a certificate a client must refuse,
/// chosen by SNI before any HTTP is read, so an app's pinning and error UI can be tested against
/// the real failure. Made fresh in memory at each start (an ECDSA key costs well under a millisecond).
package enum TLSFaultHost: String, CaseIterable, Sendable {
    /// Signed by the development CA, ended a year ago.
    case expired = "expired.localhost"
    /// Signed by the development CA for another name.
    case wrongHost = "wrong-host.localhost"
    /// Signed by a CA made for this start and never written anywhere, so nobody trusts it.
    case untrustedRoot = "untrusted-root.localhost"
    /// Signed by its own key.
    case selfSigned = "self-signed.localhost"

    /// The certificate (PEM) and key (PEM) this host presents.
    package func credentials(
        authority: Certificate, authorityKey: String, now: Int64 = Int64(time(nil))
    ) throws(TLSError) -> (
        certificate: String, key: String
    ) {
        let key = try GnuTLS.makeKey()
        let issuer = (certificate: authority.pem, key: authorityKey)
        let certificate: String
        switch self {
        case .expired:
            certificate = try TLSIdentity.makeLeaf(
                key: key, names: [.dns(rawValue)], issuer: issuer, now: now, notBefore: now - 400 * 86_400, days: 30)
        case .wrongHost:
            certificate = try TLSIdentity.makeLeaf(key: key, names: [.dns("not-this-host.invalid")], issuer: issuer, now: now)
        case .untrustedRoot:
            let rootKey = try GnuTLS.makeKey()
            let root = try GnuTLS.makeCertificate(
                CertificatePlan(
                    key: rootKey, commonName: "Understudy untrusted root (nobody trusts this)", organization: "Understudy",
                    isAuthority: true, notBefore: now - 3600, notAfter: now + 30 * 86_400))
            certificate = try TLSIdentity.makeLeaf(key: key, names: [.dns(rawValue)], issuer: (root, rootKey), now: now)
        case .selfSigned:
            certificate = try TLSIdentity.makeLeaf(key: key, names: [.dns(rawValue)], issuer: nil, now: now)
        }
        return (certificate, key)
    }
}

extension TLSIdentity {
    /// The development CA's private key, for the fault hosts; nil for a team's own pair.
    package static func authorityKey(folder: String) -> String? {
        try? PEMFile.load("\(folder)/ca-key.pem")
    }
}
