import ArgumentParser
import UnderstudyStaging

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Flag values fall back to `UNDERSTUDY_*` environment variables, then to defaults.
enum Environment {
    static func string(_ name: String) -> String? {
        variables[name].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Read once: `ProcessInfo.environment` builds a new dictionary of every variable on each call, and `serve` reads
    /// about thirty settings before it listens (13% of its start-up, perf).
    private static let variables = ProcessInfo.processInfo.environment

    /// True for 1, true, yes or on.
    static func flag(_ name: String) -> Bool {
        ["1", "true", "yes", "on"].contains(string(name)?.lowercased() ?? "")
    }

    static func int(_ name: String) throws -> Int? {
        guard let text = string(name) else { return nil }
        guard let value = Int(text) else { throw ValidationError("\(name) must be a whole number, got '\(text)'") }
        return value
    }
}

/// The scenarios folder a command reads, and where it was found (``serve`` says which in its first lines).
struct ScenariosFolder {
    let url: URL
    /// Why this folder, for the log: "--scenarios", "./scenarios", "installed with understudy", ….
    let origin: String

    /// The flag, then `UNDERSTUDY_SCENARIOS`, then `./scenarios` when the working folder has one, then the bundled
    /// scenarios: installed beside the executable (`PREFIX/bin/understudy` reads `PREFIX/share/understudy/scenarios`,
    /// as `make install` and the Homebrew formula lay them out), else those of the checkout it was built in. So
    /// `understudy serve --openapi pets=openapi.yaml` works from any folder, a team's own project included.
    static func resolve(_ flag: String?) -> ScenariosFolder {
        let workingFolder = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        func named(_ path: String, _ origin: String) -> ScenariosFolder {
            ScenariosFolder(url: URL(fileURLWithPath: path, relativeTo: workingFolder).standardizedFileURL, origin: origin)
        }
        if let flag { return named(flag, "--scenarios") }
        if let variable = Setting.scenarios.string { return named(variable, Setting.scenarios.variable) }
        let local = named("scenarios", "./scenarios in the working folder")
        if isFolder(local.url.path) { return local }
        for bundled in bundledCandidates where isFolder(bundled.url.path) { return bundled }
        // None exists: name the working folder's, whose "no such scenarios folder" tells a user what to make.
        return local
    }

    /// The bundled scenarios' places, most specific first.
    static var bundledCandidates: [ScenariosFolder] {
        var candidates: [ScenariosFolder] = []
        if let executable = Platform.executablePath {
            let bin = URL(fileURLWithPath: executable).deletingLastPathComponent()
            let installed = bin.deletingLastPathComponent().appendingPathComponent("share/understudy/scenarios").standardizedFileURL
            candidates.append(ScenariosFolder(url: installed, origin: "bundled, installed with understudy"))
        }
        // This file is Sources/understudy/Environment.swift of the checkout the binary was built from.
        let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        candidates.append(
            ScenariosFolder(url: checkout.appendingPathComponent("scenarios"), origin: "bundled, from the checkout understudy was built in"))
        return candidates
    }

    private static func isFolder(_ path: String) -> Bool {
        (try? FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType) == .typeDirectory
    }
}
