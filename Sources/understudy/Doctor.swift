import ArgumentParser
import UnderstudyTLS

/// `understudy doctor tls`: which of Apple's rules a certificate breaks.
struct Doctor: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "doctor", abstract: "Diagnose the setup.", subcommands: [DoctorTLS.self])
}

struct DoctorTLS: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tls", abstract: "Say which of Apple's rules a TLS server certificate breaks (exit 1 when any).")

    @Option(help: "The certificate (PEM). Default: the development certificate of --tls-dir.")
    var cert: String?

    @Option(name: .customLong("tls-dir"), help: "Folder of the development CA and certificate. (UNDERSTUDY_TLS_DIR)")
    var folder: String?

    func run() throws {
        let folder = TLSArguments.folder(folder)
        let path = cert ?? "\(folder)/leaf.pem"
        let certificate: Certificate
        do {
            certificate = try Certificate(file: path)
        } catch {
            printOutput("doctor tls: \(error)")
            throw ExitCode.failure
        }
        printOutput("\(path): \(certificate.commonName.isEmpty ? "(no common name)" : certificate.commonName)")
        var broken = 0
        for check in AppleRules.check(certificate) {
            printOutput("\(check.passed ? "ok  " : "FAIL") \(check.rule): \(check.detail)")
            if !check.passed { broken += 1 }
        }
        // The development CA, when it is there: a leaf it did not sign will not be trusted with it.
        if cert == nil, let authority = try? Certificate(file: "\(folder)/ca.pem") {
            let issued = certificate.isIssued(by: authority)
            printOutput("\(issued ? "ok  " : "FAIL") issued by \(folder)/ca.pem (SHA-256 \(authority.sha256Fingerprint))")
            if !issued { broken += 1 }
        }
        printOutput(broken == 0 ? "Apple's rules: all met" : "Apple's rules: \(broken) broken")
        if broken > 0 { throw ExitCode.failure }
    }
}
