import CUnderstudyTLS

/// A name a certificate is valid for (a subjectAltName entry).
package enum CertificateName: Hashable, Sendable, CustomStringConvertible {
    case dns(String)
    case address(String)

    package var description: String {
        switch self {
        case .dns(let name): "DNS:\(name)"
        case .address(let address): "IP:\(address)"
        }
    }
}

/// One X.509 certificate as PEM text, and what it says, read once.
package struct Certificate: Sendable {
    package enum KeyKind: Sendable, Equatable {
        case rsa, ecdsa, ed25519, other
    }

    package let pem: String
    /// Seconds since 1970.
    package let notBefore: Int64
    package let notAfter: Int64
    /// basicConstraints CA: true, false, or nil when the extension is absent.
    package let isAuthority: Bool?
    /// Whether the extended key usage names serverAuth; nil when there is no EKU at all.
    package let allowsServerAuth: Bool?
    package let keyKind: KeyKind
    package let keyBits: Int
    /// Signed with SHA-1 or MD5.
    package let hasWeakSignature: Bool
    package let isSelfSigned: Bool
    package let names: [CertificateName]
    package let commonName: String

    /// Reads the first certificate of `pem` (a chain's leaf).
    package init(pem: String) throws(TLSError) {
        let facts = try GnuTLS.facts(pem)
        self.pem = pem
        notBefore = facts.not_before
        notAfter = facts.not_after
        isAuthority = facts.basic_constraints < 0 ? nil : facts.basic_constraints == 1
        allowsServerAuth = facts.server_auth < 0 ? nil : facts.server_auth == 1
        keyKind = [1: .rsa, 2: .ecdsa, 3: .ed25519][facts.key_kind] ?? .other
        keyBits = Int(facts.key_bits)
        hasWeakSignature = facts.weak_signature != 0
        isSelfSigned = facts.self_signed != 0
        names = GnuTLS.names(pem, count: facts.name_count)
        commonName = GnuTLS.commonName(pem)
    }

    /// Reads a PEM file; a file that cannot be read or holds no certificate is reported by its path.
    package init(file path: String) throws(TLSError) {
        let text = try PEMFile.load(path)
        do {
            try self.init(pem: text)
        } catch {
            throw .file(path: path, reason: "not a PEM certificate (\(error))")
        }
    }

    /// The SHA-256 of the DER, as `AB:CD:…` (how browsers and `openssl x509 -fingerprint` show it).
    package var sha256Fingerprint: String {
        ((try? GnuTLS.sha256(pem)) ?? []).map { byte in
            let hex = String(byte, radix: 16, uppercase: true)
            return hex.count == 1 ? "0" + hex : hex
        }.joined(separator: ":")
    }

    /// The DER bytes (for a configuration profile's payload).
    package func der() throws(TLSError) -> [UInt8] { try GnuTLS.der(pem) }

    /// Whether this certificate verifies against `authority` (signature and dates).
    package func isIssued(by authority: Certificate) -> Bool { GnuTLS.verifies(pem, authority: authority.pem) }
}

/// What to sign: the inputs of CUnderstudyTLS's `ust_make_certificate`.
struct CertificatePlan {
    var key: String
    var issuer: (certificate: String, key: String)?
    var commonName: String
    var organization: String?
    var isAuthority = false
    var dnsNames: [String] = []
    var addresses: [String] = []
    var notBefore: Int64
    var notAfter: Int64
}
