import UnderstudyDocuments
import UnderstudyOpenAPI

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The command line's ``OpenAPIGate``: OpenAPIKit runs in an `understudy-openapi-gate` process (installed
/// next to `understudy`), which alone links it. Linked here, its release compile was 250 of the 352 s a fresh
/// clone's `make run` took; as a helper it costs nothing until a document is loaded, then one process start
/// and a second parse of the document (a 3 MB document: about 0.2 s, once per load).
enum HelperOpenAPIGate {
    static let gate = OpenAPIGate { document in check(document) }

    /// The gate, lenient (OpenAPIKit's refusals as warnings) for every document when `flag` or
    /// `UNDERSTUDY_OPENAPI_LENIENT` says so.
    static func gate(lenient flag: Bool) -> OpenAPIGate {
        var gate = gate
        gate.lenient = flag || Environment.flag("UNDERSTUDY_OPENAPI_LENIENT")
        return gate
    }

    /// `understudy-openapi-gate` beside the running executable (symlinks resolved).
    static var helperPath: String {
        let executable = Platform.executablePath ?? CommandLine.arguments[0]
        let folder = executable.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        return (folder.isEmpty ? "." : folder) + "/understudy-openapi-gate"
    }

    private static func check(_ document: OpenAPIGate.Document) -> [FileProblem] {
        let path = helperPath
        func refused(_ reason: String) -> [FileProblem] { [FileProblem(file: document.displayName, message: reason)] }
        // `make run` builds the helper only when a document is served: say how to build it, not just that it failed.
        guard FileManager.default.isExecutableFile(atPath: path) else {
            return refused(
                "OpenAPI documents are checked by OpenAPIKit in the helper \(path), which is not built; `make openapi` builds it "
                    + "(or `swift build -c release --product understudy-openapi-gate`)")
        }
        let request = OpenAPIGateWire.Request(file: document.file.path, displayName: document.displayName)
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
