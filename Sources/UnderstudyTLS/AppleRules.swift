/// Apple's rules for a TLS server certificate (iOS 13+, macOS 10.15+: "Requirements for trusted
/// certificates in iOS 13 and macOS 10.15", support.apple.com/HT210176), checked one by one so
/// `understudy doctor tls` can say which a certificate breaks. Apple's 398-day limit (HT211025)
/// applies to publicly trusted CAs only, not to a root the user installed, so it is not a rule here.
package struct AppleRuleCheck: Sendable, Equatable {
    package let rule: String
    package let passed: Bool
    /// What was found, so a failure says what to change.
    package let detail: String
}

package enum AppleRules {
    /// The longest validity Apple accepts for a certificate issued after July 1, 2019.
    package static let maximumValidityDays = 825

    /// Every rule, passed or not, for `certificate` as a TLS server certificate at `now`.
    package static func check(_ certificate: Certificate, now: Int64 = Int64(time(nil))) -> [AppleRuleCheck] {
        var checks: [AppleRuleCheck] = []
        let dnsNames = certificate.names.filter { if case .dns = $0 { true } else { false } }
        checks.append(
            .init(
                rule: "names are in subjectAltName (the common name is not read)", passed: !certificate.names.isEmpty,
                detail: certificate.names.isEmpty
                    ? "no subjectAltName; the common name '\(certificate.commonName)' alone is not trusted"
                    : "\(certificate.names.count) names (\(dnsNames.count) DNS): \(certificate.names.prefix(6).map(\.description).joined(separator: ", "))"
            ))
        checks.append(
            .init(
                rule: "extended key usage includes serverAuth", passed: certificate.allowsServerAuth == true,
                detail: certificate.allowsServerAuth == nil
                    ? "no extended key usage extension" : certificate.allowsServerAuth! ? "serverAuth" : "EKU without serverAuth"))
        let days = (certificate.notAfter - certificate.notBefore) / 86_400
        checks.append(
            .init(
                rule: "validity at most \(maximumValidityDays) days", passed: days <= Int64(maximumValidityDays),
                detail: "\(days) days"))
        checks.append(
            .init(
                rule: "signed with SHA-2 (not SHA-1 or MD5)", passed: !certificate.hasWeakSignature,
                detail: certificate.hasWeakSignature ? "SHA-1 or MD5 signature" : "SHA-2 signature"))
        let keyOK: Bool
        switch certificate.keyKind {
        case .rsa: keyOK = certificate.keyBits >= 2048
        case .ecdsa, .ed25519: keyOK = true
        case .other: keyOK = false
        }
        checks.append(
            .init(rule: "RSA keys of 2048 bits or more (or ECDSA)", passed: keyOK, detail: "\(certificate.keyKind) \(certificate.keyBits) bits"))
        checks.append(
            .init(
                rule: "basicConstraints CA:FALSE (a server certificate, not a CA)", passed: certificate.isAuthority != true,
                detail: certificate.isAuthority == nil ? "no basicConstraints" : certificate.isAuthority! ? "CA:TRUE" : "CA:FALSE"))
        checks.append(
            .init(
                rule: "valid now", passed: certificate.notBefore <= now && now < certificate.notAfter,
                detail: now < certificate.notBefore
                    ? "not valid yet" : now >= certificate.notAfter ? "expired" : "\((certificate.notAfter - now) / 86_400) days left"
            ))
        return checks
    }
}
