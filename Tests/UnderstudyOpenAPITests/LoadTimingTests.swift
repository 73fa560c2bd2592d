import Foundation
import Testing
import UnderstudyDocuments
import UnderstudyOpenAPI
import UnderstudyOpenAPIGate

/// Loads the generated 3 MB, 300-operation document and prints how long it took. A measurement,
/// not an assertion (the machine is shared): run it in a release build, see docs/openapi.md.
@Suite struct LoadTimingTests {
    @Test func largeDocument() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("large.yaml")
        let text = LargeDocument.text()
        try text.write(to: url, atomically: true, encoding: .utf8)
        var service: OpenAPIService?
        var times: [Duration] = []
        for _ in 0..<3 {
            let start = ContinuousClock.now
            service = try OpenAPILoader.load(fileAt: url, displayName: "large.yaml", gate: .inProcess)
            times.append(ContinuousClock.now - start)
        }
        let loaded = try #require(service)
        #expect(loaded.operations.count == LargeDocument.operations)
        let bodies = loaded.contents.filter { $0.content.synthesized != nil }.count
        let best = times.min() ?? .zero
        print(
            "openapi-timing: \(text.utf8.count) bytes, \(loaded.operations.count) operations, \(bodies) bodies synthesised; load \(times.map { "\($0.components.seconds * 1000 + $0.components.attoseconds / 1_000_000_000_000_000) ms" }.joined(separator: ", ")) (best \(best)); steps of the last: \(loaded.timings.map { "\($0.step) \($0.duration)" }.joined(separator: ", "))"
        )
    }
}
