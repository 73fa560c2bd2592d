// Everything in the TLS module that differs between Linux and Darwin, in one place: the C
// library import, the per-user data folder, and the machine's interface addresses (getifaddrs
// walks a C list). Other systems stop at #error.
// With them, the module's one door to C: the calls into CUnderstudyTLS (its C strings in and out, the buffers it
// allocates), so every other file of the module is pointer-free.
import CUnderstudyTLS

#if os(Linux)
@_exported import Glibc
#elseif canImport(Darwin)
@_exported import Darwin
#else
#error("Understudy builds on Linux (Glibc) and on Darwin (macOS); add this system's branch to Platform.swift")
#endif

enum Platform {
    /// Where `--tls-dir` defaults to: the per-user data folder of the system's convention.
    static func defaultTLSFolder(environment: [String: String]) -> String {
        let home = environment["HOME"] ?? "."
        #if os(Linux)
        let data = environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? "\(home)/.local/share"
        return "\(data)/understudy/tls"
        #else
        return "\(home)/Library/Application Support/Understudy/tls"
        #endif
    }

    /// True where `xcrun simctl` exists (macOS); elsewhere `trust simulator` prints the command.
    static var hasSimulators: Bool {
        #if os(Linux)
        false
        #else
        true
        #endif
    }

    /// The host name, without a domain.
    static var hostName: String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "localhost" }
        let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return String(name.split(separator: ".").first ?? "localhost")
    }

    /// Every address of every interface that is up, as text (IPv6 link-local addresses without
    /// their zone: a certificate names an address, not an interface).
    static var interfaceAddresses: [String] {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0 else { return [] }
        defer { freeifaddrs(list) }
        var addresses: [String] = []
        var entry = list
        while let current = entry {
            entry = current.pointee.ifa_next
            guard let address = current.pointee.ifa_addr, current.pointee.ifa_flags & UInt32(IFF_UP) != 0 else { continue }
            let family = Int32(address.pointee.sa_family)
            guard family == AF_INET || family == AF_INET6 else { continue }
            var host = [CChar](repeating: 0, count: Int(NI_MAXHOST))
            let length = socklen_t(family == AF_INET ? MemoryLayout<sockaddr_in>.size : MemoryLayout<sockaddr_in6>.size)
            guard getnameinfo(address, length, &host, socklen_t(host.count), nil, 0, NI_NUMERICHOST) == 0 else { continue }
            let text = String(decoding: host.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            addresses.append(String(text.split(separator: "%").first ?? ""))
        }
        return addresses
    }
}

// MARK: - GnuTLS

/// Why a certificate or key could not be made, read or used. Each case says what and where,
/// so a bad `--tls-cert` file is reported as that file, not as a GnuTLS code.
package enum TLSError: Error, Equatable, CustomStringConvertible {
    /// GnuTLS refused: what was being done, and its reason.
    case library(String, reason: String)
    /// A file could not be read or written.
    case file(path: String, reason: String)
    /// The certificate's key is not the key given.
    case keyMismatch(certificate: String, key: String)

    package var description: String {
        switch self {
        case .library(let what, let reason): "\(what): \(reason)"
        case .file(let path, let reason): "\(path): \(reason)"
        case .keyMismatch(let certificate, let key): "\(key) is not the private key of \(certificate)"
        }
    }
}

/// The only Swift that calls CUnderstudyTLS: PEM text in, values out, every C buffer freed here.
enum GnuTLS {
    static func check(_ code: Int32, _ what: @autoclosure () -> String) throws(TLSError) {
        if code < 0 { throw .library(what(), reason: String(cString: ust_error_text(code))) }
    }

    static func makeKey() throws(TLSError) -> String {
        var pem: UnsafeMutablePointer<CChar>?
        try check(ust_make_key(&pem), "making an ECDSA P-256 key")
        return take(pem)
    }

    static func makeCertificate(_ plan: CertificatePlan) throws(TLSError) -> String {
        var pem: UnsafeMutablePointer<CChar>?
        let code = plan.key.withCString { key in
            withOptionalCString(plan.issuer?.certificate) { issuerCertificate in
                withOptionalCString(plan.issuer?.key) { issuerKey in
                    plan.commonName.withCString { commonName in
                        withOptionalCString(plan.organization) { organization in
                            withCStrings(plan.dnsNames) { names in
                                withCStrings(plan.addresses) { addresses in
                                    var request = ust_certificate_request(
                                        key_pem: key, issuer_cert_pem: issuerCertificate, issuer_key_pem: issuerKey,
                                        common_name: commonName, organization: organization, is_ca: plan.isAuthority ? 1 : 0,
                                        dns_names: names.baseAddress, dns_count: names.count,
                                        addresses: addresses.baseAddress, address_count: addresses.count,
                                        not_before: plan.notBefore, not_after: plan.notAfter)
                                    return ust_make_certificate(&request, &pem)
                                }
                            }
                        }
                    }
                }
            }
        }
        try check(code, "making the certificate \(plan.commonName)")
        return take(pem)
    }

    static func facts(_ pem: String) throws(TLSError) -> ust_certificate_facts {
        var facts = ust_certificate_facts()
        try check(ust_certificate_facts(pem, &facts), "reading the certificate")
        return facts
    }

    static func names(_ pem: String, count: Int) -> [CertificateName] {
        (0..<count).compactMap { index in
            var buffer = [CChar](repeating: 0, count: 512)
            var isAddress: Int32 = 0
            guard ust_certificate_name(pem, index, &buffer, buffer.count, &isAddress) >= 0 else { return nil }
            let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            return isAddress != 0 ? .address(text) : .dns(text)
        }
    }

    static func commonName(_ pem: String) -> String {
        var buffer = [CChar](repeating: 0, count: 512)
        guard ust_certificate_common_name(pem, &buffer, buffer.count) >= 0 else { return "" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    static func sha256(_ pem: String) throws(TLSError) -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: 32)
        try check(ust_certificate_sha256(pem, &digest), "reading the certificate")
        return digest
    }

    static func der(_ pem: String) throws(TLSError) -> [UInt8] {
        var bytes: UnsafeMutablePointer<UInt8>?
        var length = 0
        try check(ust_certificate_der(pem, &bytes, &length), "reading the certificate")
        defer { ust_free(bytes) }
        return Array(UnsafeBufferPointer(start: bytes, count: length))
    }

    /// True when `key` is the private key of `certificate`.
    static func keyMatches(certificate: String, key: String) throws(TLSError) -> Bool {
        let code = ust_key_matches(certificate, key)
        try check(code, "reading the certificate and its key")
        return code == 1
    }

    static func verifies(_ certificate: String, authority: String) -> Bool {
        ust_verifies(certificate, authority) == 1
    }

    private static func take(_ pem: UnsafeMutablePointer<CChar>?) -> String {
        guard let pem else { return "" }
        defer { ust_free(pem) }
        return String(cString: pem)
    }

    private static func withOptionalCString<R>(_ text: String?, _ body: (UnsafePointer<CChar>?) -> R) -> R {
        guard let text else { return body(nil) }
        return text.withCString { body($0) }
    }

    /// `strings` as a C array of C strings, valid inside `body` only.
    private static func withCStrings<R>(_ strings: [String], _ body: (UnsafeBufferPointer<UnsafePointer<CChar>?>) -> R) -> R {
        let copies = strings.map { strdup($0) }
        defer { for copy in copies { free(copy) } }
        return copies.map { UnsafePointer($0) }.withUnsafeBufferPointer(body)
    }
}
