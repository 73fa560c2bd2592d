import Foundation
import HTTPTypes
import Testing
import UnderstudyHTTP
import UnderstudyMicroHTTPD
import UnderstudyTLS

/// `--tls`: the certificates (checked by openssl, not by the code that made them), their renewal, a
/// team's own pair, Apple's rules, and one port answering http:// and https:// through curl.
@Suite(.serialized) struct TLSTests {
    /// One development folder for the suite: certificates are made once.
    static let folder: String = {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("understudy-tls-\(getpid())").path
        try? FileManager.default.removeItem(atPath: path)
        return path
    }()
    static let names = TLSNames(extra: ["staging.example.test", "10.9.8.7"], hostName: "testhost", interfaces: ["192.0.2.44"])
    static let identity = Result { try TLSIdentity.development(folder: folder, names: names) }

    /// Runs a tool and returns its exit status and output (stdout and stderr); nil when it is not installed.
    static func tool(_ name: String, _ arguments: [String]) throws -> (status: Int32, output: String)? {
        guard
            let path = ["/usr/bin/\(name)", "/bin/\(name)", "/usr/local/bin/\(name)", "/opt/homebrew/bin/\(name)"].first(
                where: FileManager.default.isExecutableFile)
        else { return nil }
        let process = Process()
        let pipe = Pipe()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test func theDevelopmentCertificateMeetsAppleRulesAsOpenSSLReadsThem() throws {
        let identity = try Self.identity.get()
        let broken = AppleRules.check(identity.certificate).filter { !$0.passed }
        #expect(broken.isEmpty, "\(broken)")
        #expect(identity.authority?.commonName == "Understudy development CA (testhost)")
        for key in ["ca-key.pem", "leaf-key.pem"] {
            let mode = try FileManager.default.attributesOfItem(atPath: "\(Self.folder)/\(key)")[.posixPermissions] as? Int
            #expect(mode == 0o600, "\(key) is readable by others")
        }
        guard
            let verify = try Self.tool("openssl", ["verify", "-CAfile", "\(Self.folder)/ca.pem", "-purpose", "sslserver", "\(Self.folder)/leaf.pem"])
        else {
            print("TLSTests: openssl is not installed (scripts/install-deps.sh installs it); the independent check is skipped")
            return
        }
        #expect(verify.status == 0 && verify.output.contains("leaf.pem: OK"), "\(verify.output)")
        let text = try #require(try Self.tool("openssl", ["x509", "-in", "\(Self.folder)/leaf.pem", "-noout", "-text"])).output
        for expected in [
            "DNS:localhost", "DNS:testhost.local", "DNS:staging.example.test", "IP Address:127.0.0.1", "IP Address:0:0:0:0:0:0:0:1",
            "IP Address:192.0.2.44", "IP Address:10.9.8.7", "TLS Web Server Authentication", "CA:FALSE", "ecdsa-with-SHA256",
            "prime256v1",
        ] {
            #expect(text.contains(expected), "openssl x509 -text lacks \(expected)")
        }
        let fingerprint = try #require(try Self.tool("openssl", ["x509", "-in", "\(Self.folder)/ca.pem", "-noout", "-fingerprint", "-sha256"])).output
        #expect(fingerprint.contains(identity.authority!.sha256Fingerprint))
    }

    @Test func aSecondStartKeepsTheCAAndRenewsTheLeafOnlyWhenItMust() throws {
        let first = try Self.identity.get()
        let again = try TLSIdentity.development(folder: Self.folder, names: Self.names)
        #expect(again.changes.isEmpty)
        #expect(again.certificate.pem == first.certificate.pem)
        // A name more: a new leaf from the same CA.
        let renamed = try TLSIdentity.development(
            folder: Self.folder, names: TLSNames(extra: ["other.example.test"], hostName: "testhost", interfaces: []))
        #expect(renamed.authority?.pem == first.authority?.pem)
        #expect(renamed.certificate.pem != first.certificate.pem)
        #expect(renamed.certificate.names.contains(.dns("other.example.test")))
        // 380 days on, within the renewal window of a 397-day leaf: renewed, and valid then.
        let later = Int64(time(nil)) + 380 * 86_400
        let renewed = try TLSIdentity.development(
            folder: Self.folder, names: TLSNames(extra: ["other.example.test"], hostName: "testhost", interfaces: []), now: later)
        #expect(renewed.certificate.notAfter > later + 300 * 86_400)
        #expect(renewed.certificate.notBefore >= later - 3600)
        // Put the suite's names back for the other tests.
        _ = try TLSIdentity.development(folder: Self.folder, names: Self.names)
    }

    @Test func aTeamsOwnPairIsCheckedAndItsProblemsNameTheFile() throws {
        _ = try Self.identity.get()
        let garbage = "\(Self.folder)/garbage.pem"
        try Data("not a certificate\n".utf8).write(to: URL(fileURLWithPath: garbage))
        #expect(throws: TLSError.self) { try TLSIdentity.own(certificateFile: garbage, keyFile: "\(Self.folder)/leaf-key.pem") }
        do {
            _ = try TLSIdentity.own(certificateFile: garbage, keyFile: "\(Self.folder)/leaf-key.pem")
        } catch {
            #expect("\(error)".hasPrefix(garbage))
        }
        #expect(throws: TLSError.keyMismatch(certificate: "\(Self.folder)/leaf.pem", key: "\(Self.folder)/ca-key.pem")) {
            try TLSIdentity.own(certificateFile: "\(Self.folder)/leaf.pem", keyFile: "\(Self.folder)/ca-key.pem")
        }
        let own = try TLSIdentity.own(certificateFile: "\(Self.folder)/leaf.pem", keyFile: "\(Self.folder)/leaf-key.pem")
        #expect(own.authority == nil)
    }

    @Test func appleRulesNameWhatABadCertificateBreaks() throws {
        _ = try Self.identity.get()
        let bad = "\(Self.folder)/bad.pem"
        guard
            let made = try Self.tool(
                "openssl",
                [
                    "req", "-x509", "-newkey", "rsa:1024", "-sha1", "-days", "1000", "-nodes", "-subj", "/CN=bad.example",
                    "-keyout", "\(Self.folder)/bad.key", "-out", bad,
                ]), made.status == 0
        else {
            print("TLSTests: openssl cannot make the bad certificate here; skipped")
            return
        }
        let failed = AppleRules.check(try Certificate(file: bad)).filter { !$0.passed }.map(\.rule)
        #expect(failed.count == 6, "\(failed)")
        #expect(failed.contains { $0.contains("subjectAltName") } && failed.contains { $0.contains("825") })
    }
}
