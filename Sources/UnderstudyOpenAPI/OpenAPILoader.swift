package import UnderstudyDocuments

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
/// 4. OpenAPIKit decodes it (``SpecificationGate``), and every internal reference is checked to
///    lead somewhere, without a cycle of bare references;
/// 5. the operations are read and their bodies synthesised (``OperationReader``).
package enum OpenAPILoader {
    /// The service `file` describes, or every problem found in it (file:line:column: pointer: message).
    package static func load(
        fileAt url: URL, displayName: String? = nil, limits: OpenAPILimits = OpenAPILimits()
    ) throws(FileProblems) -> OpenAPIService {
        let clock = ContinuousClock()
        var timings: [(step: String, duration: Duration)] = []
        var stepStart = clock.now
        func step(_ name: String) {
            let now = clock.now
            timings.append((name, now - stepStart))
            stepStart = now
        }
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
        step("parse")
        let plainLocator = DocumentLocator(root: parsed.node, displayName: name, origins: [:])
        let version: OpenAPIVersion
        switch SpecificationGate.version(of: parsed.node, locator: plainLocator) {
        case .success(let found): version = found
        case .failure(let problem): throw FileProblems([problem])
        }
        var external = ExternalReferences(
            folder: folder, mainFile: url.lastPathComponent, mainDisplayName: name, mainBytes: parsed.bytes, limits: limits)
        let bundled = external.bundle(parsed.node)
        var problems = external.problems
        step("external files")
        let locator = DocumentLocator(root: bundled, displayName: name, origins: external.origins)
        // OpenAPIKit sees the document only once its files are in: a broken file is reported once, where it is named.
        if problems.isEmpty, case .failure(let refused) = SpecificationGate.check(bundled, version: version, locator: locator) {
            problems += refused.problems
        }
        step("OpenAPIKit")
        let tree = JSONValue(node: bundled)
        let resolver = ReferenceResolver(root: tree, chainLimit: limits.referenceChain)
        problems += ReferenceCheck.problems(in: bundled, resolver: resolver, locator: locator)
        guard problems.isEmpty else { throw FileProblems(problems) }
        step("references")

        var reader = OperationReader(root: tree, version: version, limits: limits)
        let operations = reader.operations()
        let warnings = (reader.warnings + reader.synthesizer.warnings).map { locator.problem(at: $0.pointer, $0.message) }
        step("operations and synthesis")
        return OpenAPIService(
            version: version, title: tree["info"]?["title"]?.stringValue ?? "", serverBasePath: reader.serverBasePath(), operations: operations,
            document: tree, warnings: warnings, timings: timings)
    }
}
