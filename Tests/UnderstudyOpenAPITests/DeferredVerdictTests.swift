import Dispatch
import Foundation
import Testing
import UnderstudyDocuments
import UnderstudyOpenAPI

/// `serve`'s first load leaves OpenAPIKit's verdict with a ``DeferredGateVerdicts`` and answers without it; once
/// taking stops (the first load is done), a load waits for its verdict again (reloads, `validate`).
@Suite struct DeferredVerdictTests {
    func tinyDocument() throws -> (folder: URL, file: URL) {
        let folder = try Fixtures.temporaryFolder()
        let url = folder.appendingPathComponent("tiny.yaml")
        try "openapi: 3.1.0\ninfo: {title: tiny, version: '1'}\npaths:\n  /a: {get: {responses: {'200': {description: ok}}}}\n"
            .write(to: url, atomically: true, encoding: .utf8)
        return (folder, url)
    }

    /// A gate that refuses every document (as `file`), leaving its verdict with `deferral` while it takes them.
    func refusingGate(_ file: String, deferringTo deferral: DeferredGateVerdicts) -> OpenAPIGate {
        var gate = OpenAPIGate(checkingFile: { _, _ in [FileProblem(file: file, line: 2, message: "refused by the gate")] })
        gate.deferral = deferral
        return gate
    }

    @Test func theFirstLoadIsServedBeforeTheVerdict() throws {
        let (folder, url) = try tinyDocument()
        defer { try? FileManager.default.removeItem(at: folder) }
        // The gate answers only once the test lets it: a load that waited for it would not return before that.
        let release = DispatchSemaphore(value: 0)
        let refusal = FileProblem(file: "tiny.yaml", line: 2, message: "refused by the gate")
        let deferral = DeferredGateVerdicts()
        var gate = OpenAPIGate(checkingFile: { _, _ in
            // A watchdog, not a measurement: a loader that waits for the gate is reported below, not hung.
            _ = release.wait(timeout: .now() + 30)
            return [refusal]
        })
        gate.deferral = deferral
        let service = try OpenAPILoader.load(fileAt: url, displayName: "tiny.yaml", gate: gate)
        #expect(service.operations.count == 1 && service.warnings.isEmpty, "served, the verdict still to come")
        release.signal()
        let verdicts = deferral.verdicts()
        #expect(verdicts.map(\.displayName) == ["tiny.yaml"] && verdicts.map(\.lenient) == [false])
        #expect(verdicts.flatMap(\.problems).map(\.message) == ["refused by the gate"])
    }

    @Test func afterTheFirstLoadALoadWaitsAndRefuses() throws {
        let (folder, url) = try tinyDocument()
        defer { try? FileManager.default.removeItem(at: folder) }
        let deferral = DeferredGateVerdicts()
        let gate = refusingGate("tiny.yaml", deferringTo: deferral)
        deferral.stopTaking()
        let problems = #expect(throws: FileProblems.self) { try OpenAPILoader.load(fileAt: url, displayName: "tiny.yaml", gate: gate) }
        #expect(problems?.problems.map(\.message) == ["refused by the gate"])
        #expect(deferral.verdicts().isEmpty)
    }

    /// A load its own reading refuses waits for the gate too, so that every problem is reported at once.
    @Test func aLoadThatFailsAnywayWaitsForTheVerdict() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("dangling.yaml")
        try "openapi: 3.1.0\ninfo: {title: t, version: '1'}\npaths:\n  /a: {get: {responses: {'200': {$ref: '#/components/responses/none'}}}}\n"
            .write(to: url, atomically: true, encoding: .utf8)
        let deferral = DeferredGateVerdicts()
        let gate = refusingGate("dangling.yaml", deferringTo: deferral)
        let problems = #expect(throws: FileProblems.self) { try OpenAPILoader.load(fileAt: url, displayName: "dangling.yaml", gate: gate) }
        #expect(problems?.problems.first?.message == "refused by the gate" && (problems?.problems.count ?? 0) > 1, "\(String(describing: problems))")
        #expect(deferral.verdicts().isEmpty)
    }

    @Test func aLenientDocumentsVerdictIsMarkedLenient() throws {
        let (folder, url) = try tinyDocument()
        defer { try? FileManager.default.removeItem(at: folder) }
        let deferral = DeferredGateVerdicts()
        let gate = refusingGate("tiny.yaml", deferringTo: deferral)
        _ = try OpenAPILoader.load(fileAt: url, displayName: "tiny.yaml", gate: gate, lenient: true)
        let verdicts = deferral.verdicts()
        #expect(verdicts.map(\.lenient) == [true] && verdicts.flatMap(\.problems).count == 1)
        let warning = OpenAPIGate.lenientWarning(try #require(verdicts.first?.problems.first))
        #expect(warning.message == "OpenAPIKit refuses this; served anyway (lenient): refused by the gate")
    }
}
