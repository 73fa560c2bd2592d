package import UnderstudyDocuments

#if canImport(FoundationEssentials)
package import FoundationEssentials
#else
package import Foundation
#endif

/// What decides that a document is an OpenAPI document: OpenAPIKit, the parser swift-openapi-generator
/// uses, so that "the same openapi.yaml" means the same acceptance. What it refuses becomes located problems.
///
/// A gate, not a dependency of this module: OpenAPIKit's release compile was 250 s of a fresh clone's
/// `make run`, which serves no document. `UnderstudyOpenAPIGate` runs it in the process (the tests,
/// `UnderstudyTesting`); the command line runs the `understudy-openapi-gate` helper, built by the make
/// targets that need it, as `understudy-upstream` is for `proxy:`.
package struct OpenAPIGate: Sendable {
    /// A document whose files are read and bundled: what a gate checks.
    package struct Document: Sendable {
        package let file: URL
        package let displayName: String
        package let limits: OpenAPILimits
        /// The main file with every external file copied in.
        package let bundled: YAMLNode
        package let version: OpenAPIVersion
        package let locator: DocumentLocator
    }

    /// Every problem the gate finds in the document; none when it is accepted.
    package let check: @Sendable (Document) -> [FileProblem]
    /// The same check for a gate that reads the document's file itself (the helper process): the loader starts it
    /// before its own read, so that the two reads run side by side, where the gate used to start once the loader
    /// had bundled the document (a 3 MB document: 0.3 s more before its first answer). Such a gate answers no
    /// problem for a document whose files cannot be read or bundled: the loader reports those, each once.
    package let checkFile: (@Sendable (_ file: URL, _ displayName: String) -> [FileProblem])?
    /// What the gate refuses is a warning for every document (`--openapi-lenient`), not only for a lenient mount.
    package var lenient = false
    /// Where a load leaves its verdict instead of waiting for it (`serve`'s first load; see ``DeferredGateVerdicts``).
    package var deferral: DeferredGateVerdicts?

    /// What a lenient document's refusal is said as: the one wording, from a load or a deferred verdict.
    package static func lenientWarning(_ refusal: FileProblem) -> FileProblem {
        FileProblem(
            file: refusal.file, line: refusal.line, column: refusal.column, keyPath: refusal.keyPath,
            message: "OpenAPIKit refuses this; served anyway (lenient): " + refusal.message)
    }

    package init(check: @escaping @Sendable (Document) -> [FileProblem]) {
        self.check = check
        checkFile = nil
    }

    /// A gate that reads the document from its file (see ``checkFile``).
    package init(checkingFile checkFile: @escaping @Sendable (_ file: URL, _ displayName: String) -> [FileProblem]) {
        self.checkFile = checkFile
        check = { document in checkFile(document.file, document.displayName) }
    }
}

/// How the command line and the `understudy-openapi-gate` helper talk: the document's path and display
/// name as JSON on the helper's stdin; the problems found as JSON on its stdout (`[]` when accepted).
package enum OpenAPIGateWire {
    package struct Request: Codable, Sendable {
        package var file: String
        package var displayName: String

        package init(file: String, displayName: String) {
            self.file = file
            self.displayName = displayName
        }
    }

    package struct Problem: Codable, Sendable {
        var file: String
        var line: Int?
        var column: Int?
        var keyPath: String?
        var message: String

        package init(_ problem: FileProblem) {
            (file, line, column, keyPath, message) = (problem.file, problem.line, problem.column, problem.keyPath, problem.message)
        }

        package var fileProblem: FileProblem { FileProblem(file: file, line: line, column: column, keyPath: keyPath, message: message) }
    }
}
