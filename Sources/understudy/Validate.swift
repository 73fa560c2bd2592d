import ArgumentParser
import SystemPackage
import Understudy
import UnderstudyDocuments
import UnderstudyOpenAPI
import UnderstudyStaging

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

struct Validate: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check every scenario file, dataset and body file; print each problem with file, line and key.")

    @Argument(help: Setting.scenarios.help) var directory: String?

    @Option(
        help: ArgumentHelp(
            "Also check an OpenAPI document as serve --openapi would mount it; repeatable. (UNDERSTUDY_OPENAPI)", valueName: "NAME=FILE"))
    var openapi: [String] = []

    @Flag(help: "Accept OpenAPI documents that OpenAPIKit refuses, as serve --openapi-lenient does. (UNDERSTUDY_OPENAPI_LENIENT=1)")
    var openapiLenient = false

    func run() throws {
        let folder = ScenariosFolder.resolve(directory).url
        let set = try loadOrReport(folder, openAPI: try openAPIMounts(openapi), lenient: openapiLenient)
        print("ok: \(set.names.count) scenarios in \(folder.path): \(set.names.joined(separator: ", "))")
        for mount in set.mounts.values.sorted(by: { $0.name < $1.name }) {
            let service = mount.service
            print(
                "ok: /\(mount.name): \(mount.file), OpenAPI \(service.version.text), \(service.operations.count) operation\(service.operations.count == 1 ? "" : "s")"
            )
            for warning in service.warnings { printError("warning: \(warning.description)") }
        }
    }
}

struct List: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List the scenarios of a folder with their descriptions.")

    @Argument(help: Setting.scenarios.help) var directory: String?

    func run() throws {
        let set = try loadOrReport(ScenariosFolder.resolve(directory).url)
        let width = set.names.map(\.count).max() ?? 0
        for name in set.names {
            let scenario = set[name]!
            let parent = scenario.extends.first.map { " (extends \($0))" } ?? ""
            print(name + String(repeating: " ", count: width - name.count) + "  " + scenario.description + parent)
        }
    }
}

/// Loads the folder, or prints every problem to stderr and fails.
func loadOrReport(_ folder: URL, openAPI: [OpenAPIMount] = [], lenient: Bool = false) throws -> ScenarioSet {
    do {
        return try ScenarioLoader.load(directory: folder, openAPI: openAPI, gate: HelperOpenAPIGate.gate(lenient: lenient))
    } catch {
        for problem in error.problems { printError(problem.description) }
        printError("\(error.problems.count) problem\(error.problems.count == 1 ? "" : "s") in \(folder.path)")
        throw ExitCode.failure
    }
}

/// A line on stderr, written whole and unbuffered (it is out before an exit or a crash).
func printError(_ line: String) {
    _ = try? FileDescriptor.standardError.writeAll((line + "\n").utf8)
}

/// A line on stdout, written whole and unbuffered: a test or script waiting for "listening on" sees it at once.
func printOutput(_ line: String) {
    _ = try? FileDescriptor.standardOutput.writeAll((line + "\n").utf8)
}

/// `--openapi NAME=FILE` options, else `UNDERSTUDY_OPENAPI`'s comma-separated pairs.
func openAPIMounts(_ options: [String]) throws -> [OpenAPIMount] {
    let arguments = options.isEmpty ? (Setting.openapi.string?.split(separator: ",").map(String.init) ?? []) : options
    return try arguments.map { argument in
        guard let mount = OpenAPIMount(argument: String(argument.trimmingSpaces)), !mount.file.path.isEmpty else {
            throw ValidationError("--openapi takes NAME=FILE (e.g. petstore=openapi.yaml); got '\(argument)'")
        }
        if let reason = OpenAPIMount.problem(withName: mount.name) { throw ValidationError("--openapi: \(reason)") }
        return mount
    }
}
