package import UnderstudyDocuments
package import UnderstudyOpenAPI

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The ``OpenAPIGate`` that runs OpenAPIKit in an `understudy-openapi-gate` process, which alone links it: the
/// command line's, and an embedding program's or a test target's unless they turn on the package trait
/// `InProcessOpenAPI`. Linked into `understudy`, OpenAPIKit's release compile was 250 of the 352 s a fresh clone's
/// `make run` took; into a test target, a minute or more of every debug build. As a helper it costs nothing until a
/// document is loaded, then one process start and a second parse of the document, on the other core while the loader
/// reads the document itself.
package enum HelperOpenAPIGate {
    /// Started with the loader's own read: the helper reads, bundles (within the same limits) and decodes the
    /// document, which expands no reference, so it needs no schema budget of its own.
    package static let gate = OpenAPIGate(checkingFile: check(file:displayName:))

    /// The helper's name, in every folder it is looked for.
    static let name = "understudy-openapi-gate"

    /// Where the helper is looked for, in order: `UNDERSTUDY_OPENAPI_GATE`; beside the running executable (symlinks
    /// resolved: `make install` and Homebrew put it beside `understudy`, `swift build` beside a package's products);
    /// beside a test bundle the process was given (`xctest PATH/X.xctest` on macOS); each folder of `PATH`.
    static func candidates(environment: [String: String], executable: String?, arguments: [String]) -> [String] {
        func folder(_ path: String) -> String {
            let parts = path.split(separator: "/", omittingEmptySubsequences: false).dropLast()
            return parts.isEmpty ? "." : parts.joined(separator: "/")
        }
        var paths: [String] = []
        if let named = environment["UNDERSTUDY_OPENAPI_GATE"], !named.isEmpty { paths.append(named) }
        if let executable { paths.append(folder(executable) + "/" + name) }
        for argument in arguments where argument.hasSuffix(".xctest") || argument.hasSuffix(".xctest/") {
            paths.append(folder(argument.hasSuffix("/") ? String(argument.dropLast()) : argument) + "/" + name)
        }
        for directory in (environment["PATH"] ?? "").split(separator: ":") where !directory.isEmpty {
            paths.append(directory + "/" + name)
        }
        return paths
    }

    private static func check(file: URL, displayName: String) -> [FileProblem] {
        func refused(_ reason: String) -> [FileProblem] { [FileProblem(file: displayName, message: reason)] }
        let environment = ProcessInfo.processInfo.environment
        let searched = candidates(environment: environment, executable: Platform.executablePath, arguments: CommandLine.arguments)
        // A helper that is not built is the one usual cause: say every way to get one, not just that it failed.
        guard let path = searched.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            return refused(
                "OpenAPI documents are checked by OpenAPIKit in the helper \(name), which was not found (looked at "
                    + "\(searched.prefix(3).joined(separator: ", "))\(searched.count > 3 ? " and PATH" : "")): in a checkout `make openapi` "
                    + "builds it (or `swift build -c release --product \(name)`), `make install` installs it beside understudy; "
                    + "UNDERSTUDY_OPENAPI_GATE names it; a package linking Understudy may turn on the trait InProcessOpenAPI instead")
        }
        let request = OpenAPIGateWire.Request(file: file.path, displayName: displayName)
        guard let input = try? JSONEncoder().encode(request) else { return refused("cannot write a request for \(path)") }
        switch Platform.run(path, input: Array(input)) {
        case .failure(.cannotStart(let reason)), .failure(.broken(let reason)):
            return refused("cannot check the document with \(path): \(reason)")
        case .success(let (output, status)):
            guard status == 0, let problems = try? JSONDecoder().decode([OpenAPIGateWire.Problem].self, from: Data(output)) else {
                return refused("\(path) gave no answer (exit status \(status))")
            }
            return problems.map(\.fileProblem)
        }
    }
}
