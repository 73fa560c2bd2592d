import ArgumentParser
import UnderstudyStaging

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `understudy trust simulator`: adds the development CA to simulators' trust stores with
/// `xcrun simctl keychain DEVICE add-root-cert DIR/ca.pem`. Where there is no `xcrun` on PATH
/// (Linux), it prints the command for a Mac instead.
struct Trust: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trust", abstract: "Make a client trust the development CA of `serve --tls`.", subcommands: [TrustSimulator.self])
}

struct TrustSimulator: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "simulator",
        abstract: "Add the development CA to iOS simulators (xcrun simctl keychain … add-root-cert); `simctl erase` removes it.")

    @Option(help: "The simulator's UDID. Default: the booted simulator(s).")
    var device: String?

    @Flag(help: "Every simulator, booted or not.")
    var all = false

    @Option(name: .customLong("tls-dir"), help: "Folder of the development CA. (UNDERSTUDY_TLS_DIR)")
    var folder: String?

    func validate() throws {
        if all, device != nil { throw ValidationError("--device and --all exclude each other") }
    }

    func run() throws {
        let authority = "\(TLSArguments.folder(folder))/ca.pem"
        guard FileManager.default.fileExists(atPath: authority) else {
            printOutput("trust simulator: no CA at \(authority); `understudy serve --tls` makes it on its first start")
            throw ExitCode.failure
        }
        let targets = all ? try Self.allDevices() : [device ?? "booted"]
        guard let xcrun = Self.xcrun() else {
            for target in targets { printOutput("xcrun simctl keychain \(target) add-root-cert '\(authority)'") }
            printOutput("(no xcrun here: run that on the Mac that runs the simulator; `xcrun simctl erase DEVICE` removes the CA again)")
            return
        }
        for target in targets {
            let status = try Self.run(xcrun, ["simctl", "keychain", target, "add-root-cert", authority])
            guard status == 0 else {
                printOutput("trust simulator: `xcrun simctl keychain \(target) add-root-cert` failed (exit \(status)); is the simulator booted?")
                throw ExitCode.failure
            }
            printOutput("trusted \(authority) on simulator \(target) (adding it again changes nothing; `xcrun simctl erase \(target)` removes it)")
        }
    }

    /// `xcrun` on PATH: on a Mac with Xcode; on Linux only a stand-in (the tests put one there).
    static func xcrun() -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/xcrun" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Every simulator's UDID, from `xcrun simctl list --json devices`.
    static func allDevices() throws -> [String] {
        guard let xcrun = xcrun() else { return ["all"] }
        guard case .success(let result) = Platform.run(xcrun, arguments: ["simctl", "list", "--json", "devices"], input: []), result.status == 0
        else { throw ValidationError("`xcrun simctl list --json devices` failed") }
        struct Listing: Decodable {
            struct Device: Decodable { let udid: String }
            let devices: [String: [Device]]
        }
        return try JSONDecoder().decode(Listing.self, from: Data(result.output)).devices.values.flatMap { $0.map(\.udid) }.sorted()
    }

    /// The program's exit status (the shell's 128 + signal when a signal ended it).
    private static func run(_ executable: String, _ arguments: [String]) throws -> Int32 {
        switch Platform.run(executable, arguments: arguments, input: []) {
        case .success(let result): return result.status & 0x7f == 0 ? (result.status >> 8) & 0xff : 128 + (result.status & 0x7f)
        case .failure(let failure): throw ValidationError("cannot run \(executable): \(failure)")
        }
    }
}
