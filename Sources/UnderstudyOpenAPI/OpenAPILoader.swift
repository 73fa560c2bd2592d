import Dispatch
package import UnderstudyDocuments
import UnderstudyHTTP

#if canImport(FoundationEssentials)
package import FoundationEssentials
#else
package import Foundation
#endif

/// Loads an OpenAPI document (YAML or JSON, 3.0, 3.1 or 3.2) into an ``OpenAPIService``.
///
/// The steps, each reporting every problem it finds before the load fails:
/// 1. the file is read and parsed by the project's own readers (bounded against alias bombs,
///    deep nesting and huge files), so each node knows its line and column;
/// 2. the `openapi` field picks the version (Swagger 2.0 and unknown versions are refused);
/// 3. the files its `$ref`s name are copied in (``ExternalReferences``), confined to its folder;
/// 4. the gate (OpenAPIKit, ``OpenAPIGate``) decodes it, and every internal reference is checked to
///    lead somewhere, without a cycle of bare references;
/// 5. the operations are read and their bodies synthesised (``OperationReader``).
package enum OpenAPILoader {
    /// The service `file` describes, or every problem found in it (file:line:column: pointer: message).
    /// `lenient`: what the gate (OpenAPIKit) refuses becomes warnings; every other problem still refuses the document.
    package static func load(
        fileAt url: URL, displayName: String? = nil, limits: OpenAPILimits = OpenAPILimits(), gate: OpenAPIGate, lenient: Bool = false
    ) throws(FileProblems) -> OpenAPIService {
        var timings = Timings()
        // A gate that reads the file itself starts now, its read beside this one (``OpenAPIGate/checkFile``).
        let early = gate.checkFile.map { check in GateRun { check(url, displayName ?? url.lastPathComponent) } }
        let (document, externalProblems) = try bundle(fileAt: url, displayName: displayName, limits: limits)
        timings.step("parse and external files")
        var problems = externalProblems
        let tree = JSONValue(node: document.bundled)
        let resolver = ReferenceResolver(root: tree, chainLimit: limits.referenceChain)
        // Before anything expands a schema (OpenAPIKit included): a billion laughs is refused, not walked.
        if problems.isEmpty {
            var budget = SchemaBudget(resolver: resolver, limits: limits)
            if let over = budget.problem(in: tree) { throw FileProblems([document.locator.problem(at: over.pointer, over.message)]) }
        }
        timings.step("schema budget")
        // The gate's verdict counts only once the files are in: a broken file is reported once, where it is named.
        // It runs (OpenAPIKit, in its helper for the command line, started above) while this thread reads the
        // operations: a 3 MB document's two halves of the load, side by side on two cores.
        let gateRun = problems.isEmpty ? early ?? GateRun { gate.check(document) } : GateRun.none
        problems += ReferenceCheck.problems(in: document.bundled, resolver: resolver, locator: document.locator)
        timings.step("references")
        var warnings: [FileProblem] = []
        var operations: [OpenAPIOperation] = []
        var reader = OperationReader(root: tree, version: document.version, limits: limits)
        if problems.isEmpty {
            operations = reader.operations()
            warnings = (reader.warnings + reader.synthesizer.warnings).map { document.locator.problem(at: $0.pointer, $0.message) }
        }
        timings.step("operations and synthesis")
        let lenient = lenient || gate.lenient
        // A load the rest of which refuses waits, so that every problem is reported at once.
        let deferred =
            problems.isEmpty
            && gate.deferral?.take(displayName: document.displayName, lenient: lenient, wait: { gateRun.problems() }) == true
        let refused = deferred ? [] : gateRun.problems()
        if lenient {
            // Lenient: what OpenAPIKit refuses is said, and the document served if the rest of the load takes it.
            warnings = refused.map(OpenAPIGate.lenientWarning) + warnings
        } else {
            problems = refused + problems
        }
        timings.step(deferred ? "OpenAPIKit (not waited for)" : "OpenAPIKit (waited for)")
        guard problems.isEmpty else { throw FileProblems(problems) }

        // What is kept to serve: the document without its prose (request validation, decode-breakers and links
        // read schemas, never descriptions), which was most of what a large document added to memory.
        let kept = tree.withoutProse()
        let breakers = DecodeBreakerSource(root: kept, is2020: document.version.isJSONSchema2020, limits: limits)
        for operation in operations.indices {
            for response in operations[operation].responses.indices {
                for content in operations[operation].responses[response].contents.indices {
                    guard let schema = operations[operation].responses[response].contents[content].schema else { continue }
                    operations[operation].responses[response].contents[content].schema = schema.withoutProse()
                    operations[operation].responses[response].contents[content].breakerSource = breakers
                }
            }
        }
        timings.step("kept")
        return OpenAPIService(
            version: document.version, title: tree["info"]?["title"]?.stringValue ?? "", serverBasePath: reader.serverBasePath(),
            operations: operations, document: kept, warnings: warnings, timings: timings.steps)
    }

    /// Steps 1 to 3: the file parsed, its version read and its external files copied in (what a gate checks),
    /// with the problems of those files; a file that cannot be parsed or has no version throws.
    package static func bundle(
        fileAt url: URL, displayName: String? = nil, limits: OpenAPILimits = OpenAPILimits()
    ) throws(FileProblems) -> (document: OpenAPIGate.Document, problems: [FileProblem]) {
        let name = displayName ?? url.lastPathComponent
        let folderURL = url.deletingLastPathComponent()
        guard let folder = ConfinedRead.realPath(folderURL.path) else {
            throw FileProblems([FileProblem(file: name, message: "cannot read the file's folder \(folderURL.path)")])
        }
        let parsed: (node: YAMLNode, bytes: Int)
        do {
            parsed = try DocumentFile.parse(atPath: url.path, displayName: name, limit: limits.fileBytes)
        } catch {
            throw FileProblems([error])
        }
        let plainLocator = DocumentLocator(root: parsed.node, displayName: name, origins: [:])
        let version: OpenAPIVersion
        switch OpenAPIVersion.read(from: parsed.node, locator: plainLocator) {
        case .success(let found): version = found
        case .failure(let problem): throw FileProblems([problem])
        }
        var external = ExternalReferences(
            folder: folder, mainFile: url.lastPathComponent, mainDisplayName: name, mainBytes: parsed.bytes, limits: limits)
        let inlining = ReferenceInlining(external.bundle(parsed.node), nodes: limits.nodes)
        let bundled = inlining.root
        let locator = DocumentLocator(root: bundled, displayName: name, origins: external.origins, inlined: inlining.inlined)
        let document = OpenAPIGate.Document(file: url, displayName: name, limits: limits, bundled: bundled, version: version, locator: locator)
        return (document, external.problems)
    }

    /// The gate's check on a thread of its own, joined by ``problems()``; none when there is no gate to run.
    private final class GateRun: Sendable {
        // Written once on the gate's thread before `done` is signalled, read only after waiting for it.
        private let found = Locked<[FileProblem]>([])
        private let done = DispatchSemaphore(value: 0)

        /// No gate to run: no problems.
        static var none: GateRun { GateRun(nil) }

        init(_ check: (@Sendable () -> [FileProblem])?) {
            guard let check else {
                done.signal()
                return
            }
            DispatchQueue.global().async {
                let problems = check()
                self.found.withLock { $0 = problems }
                self.done.signal()
            }
        }

        func problems() -> [FileProblem] {
            done.wait()
            return found.withLock { $0 }
        }
    }

    /// How long each step took (`OpenAPIService.timings`, printed by the timing tool).
    private struct Timings {
        let clock = ContinuousClock()
        var steps: [(step: String, duration: Duration)] = []
        var start = ContinuousClock.now

        mutating func step(_ name: String) {
            let now = clock.now
            steps.append((name, now - start))
            start = now
        }
    }
}
