import ArgumentParser

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Flag values fall back to `UNDERSTUDY_*` environment variables, then to defaults.
enum Environment {
    static func string(_ name: String) -> String? {
        ProcessInfo.processInfo.environment[name].flatMap { $0.isEmpty ? nil : $0 }
    }

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

/// The scenarios folder: the flag, UNDERSTUDY_SCENARIOS, or ./scenarios.
func scenariosDirectory(_ flag: String?) -> URL {
    let path = flag ?? Environment.string("UNDERSTUDY_SCENARIOS") ?? "scenarios"
    return URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath)).standardizedFileURL
}
