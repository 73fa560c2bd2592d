// Everything in the TLS module that differs between Linux and Darwin, in one place: the C
// library import, the per-user data folder, and the machine's interface addresses (getifaddrs
// walks a C list). Other systems stop at #error.
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
