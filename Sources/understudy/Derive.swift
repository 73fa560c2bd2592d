import ArgumentParser
import Understudy
import UnderstudyRecording
import UnderstudyStaging

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

struct Derive: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "derive",
        abstract: "Write the empty, not-found, server-error and malformed-json scenarios that extend a recording (NAME-empty.yaml, …)."
    )

    @Argument(help: "The recorded scenario file, e.g. scenarios/myapi.yaml.")
    var file: String

    func run() throws {
        let target = try RecordPlan.target(file)
        switch DerivedVariants.write(recording: target.name, folder: target.folder) {
        case .success(let names): print("wrote \(names.map { $0 + ".yaml" }.joined(separator: ", ")) in \(target.folder.path)")
        case .failure(let error):
            printError("understudy derive: \(error)")
            throw ExitCode.failure
        }
    }
}
