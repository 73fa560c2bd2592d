import ArgumentParser
import UnderstudyAdminWire

@main
struct UnderstudyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "understudy",
        abstract: "A local staging backend: SWAPI, the Art Institute of Chicago API and catfact.ninja, from scenario files.",
        version: UnderstudyVersion.current,
        subcommands: [Serve.self, Validate.self, List.self, Record.self, Derive.self, Trust.self, Doctor.self],
        defaultSubcommand: Serve.self
    )
}
