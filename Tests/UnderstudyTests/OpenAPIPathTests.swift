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

    /// Routes are tried most specific first, whatever the document's order (Twilio writes `POST …/{Sid}.json`
    /// before `POST …/Local.json`, which answered the update's 200 for a create documented as 201 only); a path
    /// written with a trailing slash is served.
    @Test func theMostSpecificPathAnswersWithItsLowestSuccess() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("understudy-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let document = """
            openapi: 3.0.3
            info: {title: Numbers, version: "1"}
            paths:
              /Numbers/{Sid}.json:
                post:
                  responses: {"200": {description: updated, content: {application/json: {example: {kind: update}}}}}
              /Numbers/Local.json:
                post:
                  responses: {"201": {description: created, content: {application/json: {example: {kind: create}}}}}
              /probe/:
                post:
                  responses: {"202": {description: accepted}, "200": {description: ok}}
            """
        try document.write(to: folder.appendingPathComponent("numbers.yaml"), atomically: true, encoding: .utf8)
        let router = try UnderstudyRouter(openAPI: [OpenAPIMount(name: "n", file: folder.appendingPathComponent("numbers.yaml"))])
        let create = await router.execute("/n/Numbers/Local.json", method: .post)
        #expect(create.status?.code == 201 && create.text == #"{"kind":"create"}"#)
        let update = await router.execute("/n/Numbers/PN1.json", method: .post)
        #expect(update.status?.code == 200 && update.text == #"{"kind":"update"}"#)
        #expect(await router.execute("/n/probe/", method: .post).status?.code == 200)
    }
}
