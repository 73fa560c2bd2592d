import Foundation
import HTTPTypes
import Testing
import Understudy
import UnderstudyStaging
import UnderstudyTesting

/// An operation's path segment that mixes text and parameters is matched as written.
@Suite struct OpenAPIPathTests {
    @Test func aMixedSegmentTakesOnlyWhatItDescribes() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("understudy-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let document = """
            openapi: 3.1.0
            info: {title: Files, version: "1"}
            paths:
              /files/{name}.{ext}:
                get:
                  responses: {"200": {description: ok, content: {application/json: {example: {kind: named}}}}}
              /files/{id}:
                get:
                  responses: {"200": {description: ok, content: {application/json: {example: {kind: id}}}}}
              /report-{year}/summary:
                get:
                  responses: {"200": {description: ok, content: {application/json: {example: {kind: report}}}}}
            """
        try document.write(to: folder.appendingPathComponent("files.yaml"), atomically: true, encoding: .utf8)
        let router = try UnderstudyRouter(openAPI: [OpenAPIMount(name: "files", file: folder.appendingPathComponent("files.yaml"))])
        #expect(await router.execute("/files/files/report.pdf").text == #"{"kind":"named"}"#)
        // No dot: not `{name}.{ext}`, so the next operation answers.
        #expect(await router.execute("/files/files/report").text == #"{"kind":"id"}"#)
        #expect(await router.execute("/files/report-2024/summary").text == #"{"kind":"report"}"#)
        #expect(await router.execute("/files/report2024/summary").status == .notFound)
        #expect(await router.execute("/files/report-/summary").status == .notFound)
    }
}
