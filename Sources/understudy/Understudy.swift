import ArgumentParser
import UnderstudyAdminWire

@main
struct UnderstudyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "understudy",
        abstract: "A local staging backend: SWAPI, the Art Institute of Chicago API and catfact.ninja, from scenario files.",
        version: UnderstudyVersion.current,
        subcommands: [Serve.self, Validate.self, List.self, Record.self, Derive.self, Import.self, Trust.self, Doctor.self],
        defaultSubcommand: Serve.self
    )

    /// `serve` with plain arguments is read from the settings table without swift-argument-parser
    /// (ServeFastPath.swift says why); everything else is the parser's.
    static func main() {
        var arguments = CommandLine.arguments.dropFirst()
        if arguments.first == "serve" { arguments = arguments.dropFirst() }
        if arguments.first?.hasPrefix("--") ?? true, let serve = ServeArguments(fastParsing: arguments) {
            do { try serve.run() } catch { Serve.exit(withError: error) }
        }
        main(nil)
    }
}
