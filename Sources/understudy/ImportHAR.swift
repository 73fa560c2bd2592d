import ArgumentParser
import Understudy
import UnderstudyRecording
import UnderstudyStaging

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `understudy import`: captured traffic turned into scenarios. HAR is the one format today.
struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Turn captured traffic into a scenario file.",
        subcommands: [ImportHAR.self]
    )
}

struct ImportHAR: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "har",
        abstract: "Turn a HAR file (Chrome, Safari, Firefox, Proxyman) into a scenario, as `record` would have written it.",
        discussion: """
            Entries under a --prefix's URL become routes under the prefix; the others are skipped and counted. A request made \
            several times keeps its last answer; when its answers differed, data/NAME/session-routes.json replays each in \
            turn (POST it to /__admin/sessions/ID/routes). GraphQL requests become a graphql: entry keyed by operation. Authorization, cookies, token-like query values and JSON secrets \
            are redacted unless --keep-secrets.
              understudy import har session.har --prefix /myapi=https://api.example.com/v1 --into scenarios/myapi.yaml
            """
    )

    @Argument(help: "The HAR file (HAR 1.2; at most 256 MiB).")
    var file: String

    @Option(
        name: .customLong("prefix"),
        help: ArgumentHelp("Entries under URL become routes under /PATH, e.g. /myapi=https://api.example.com/v1; repeatable.", valueName: "/path=url")
    )
    var prefixes: [String] = []

    @Option(help: "The scenario file to write, e.g. scenarios/myapi.yaml (body files go under data/NAME/ beside it).")
    var into: String

    @Flag(help: "Also write the empty, not-found, server-error and malformed-json variants that extend the scenario.")
    var derive = false

    @Flag(help: "Write Authorization-like values, cookies, token-like query values and JSON secrets as captured, not REDACTED.")
    var keepSecrets = false

    @Flag(help: "Give each route the delay its answer took (timings.wait, in ms).")
    var keepTiming = false

    func run() throws {
        let target = try RecordPlan.target(into)
        var options = HARImportOptions(name: target.name, mappings: try Self.mappings(prefixes), source: URL(fileURLWithPath: file).lastPathComponent)
        options.keepSecrets = keepSecrets
        options.keepTiming = keepTiming
        let result: HARImportResult
        do {
            result = try HARImporter.run(path: file, display: file, options: options)
        } catch {
            printError("understudy import har: \(error)")
            throw ExitCode.failure
        }
        let summary = result.summary
        let scenarioPath = target.folder.appendingPathComponent(target.name + ".yaml").path
        guard summary.routes + summary.graphQLOperations + summary.sessionRoutes > 0 else {
            for line in summary.lines(scenario: scenarioPath, keepSecrets: keepSecrets).dropLast() { printError(line) }
            printError("understudy import har: nothing to import under \(prefixes.joined(separator: ", ")); nothing was written")
            throw ExitCode.failure
        }
        do {
            try HARImportFiles.write(result, name: target.name, into: target.folder)
        } catch {
            printError("understudy import har: \(error)")
            throw ExitCode.failure
        }
        var lines = summary.lines(scenario: scenarioPath, keepSecrets: keepSecrets)
        if derive {
            switch DerivedVariants.write(recording: target.name, folder: target.folder) {
            case .success(let names): lines.append("derived: \(names.joined(separator: ", "))")
            case .failure(let error):
                printError("understudy import har: \(error)")
                throw ExitCode.failure
            }
        }
        for line in lines { printOutput(line) }
        do {
            _ = try ScenarioLoader.load(directory: target.folder, gate: HelperOpenAPIGate.gate)
        } catch {
            // What an import writes must load; a problem here is the import's own fault, said loudly.
            for problem in error.problems { printError("error: \(problem)") }
            throw ExitCode.failure
        }
    }

    /// `--prefix /PATH=URL` options as mappings, checked as `record` checks its own.
    static func mappings(_ options: [String]) throws -> [UpstreamMapping] {
        guard !options.isEmpty else { throw ValidationError("give at least one --prefix /path=https://api.example.com") }
        var mappings: [UpstreamMapping] = []
        for option in options {
            guard let equals = option.firstIndex(of: "=") else {
                throw ValidationError("--prefix takes /PATH=URL, e.g. /myapi=https://api.example.com/v1; got '\(option)'")
            }
            do {
                mappings.append(try UpstreamMapping(prefix: String(option[..<equals]), upstream: String(option[option.index(after: equals)...])))
            } catch {
                throw ValidationError("--prefix \(option): \(error.description)")
            }
        }
        if let duplicate = Dictionary(grouping: mappings, by: \.prefix).first(where: { $0.value.count > 1 })?.key {
            throw ValidationError("prefix \(duplicate) is given twice")
        }
        return mappings
    }
}
