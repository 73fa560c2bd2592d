import Foundation
import Testing
import UnderstudyDocuments
import UnderstudyOpenAPI
import UnderstudyOpenAPIGate

/// Request validation beyond JSON: cookie parameters and form bodies, checked by their schemas.
@Suite struct RequestCheckTests {
    static let text = """
        openapi: 3.1.0
        info: {title: Forms, version: '1'}
        paths:
          /login:
            post:
              parameters:
                - {name: session, in: cookie, required: true, schema: {type: string, pattern: '^[a-f0-9]{8}$'}}
                - {name: theme, in: cookie, schema: {type: string, enum: [dark, light]}}
              requestBody:
                required: true
                content:
                  application/x-www-form-urlencoded:
                    schema:
                      type: object
                      required: [user, age]
                      properties:
                        user: {type: string, minLength: 2}
                        age: {type: integer, minimum: 0}
                        remember: {type: boolean}
                        tags: {type: array, items: {type: string}, maxItems: 2}
              responses: {'204': {description: ok}}
        """

    func problems(cookie: String?, form: String) throws -> [String] {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("forms.yaml")
        try Self.text.write(to: file, atomically: true, encoding: .utf8)
        let service = try OpenAPILoader.load(fileAt: file, gate: .inProcess)
        let headers = ["cookie": cookie, "content-type": "application/x-www-form-urlencoded"]
        let request = RequestCheck.Request(
            pathParameters: [:], query: [], header: { headers[$0.lowercased()] ?? nil }, body: Array(form.utf8))
        return RequestCheck(service: service).problems(service.operations[0], request).map(\.message)
    }

    @Test func aGoodFormAndCookiesPass() throws {
        #expect(try problems(cookie: "theme=dark; session=\"0a1b2c3d\"", form: "user=Ada+L&age=36&remember=true&tags=a&tags=b") == [])
    }

    @Test func everyProblemIsNamed() throws {
        let found = try problems(cookie: "theme=pink", form: "user=A&age=x%21&remember=yes&tags=a&tags=b&tags=c")
        #expect(
            found == [
                "cookie parameter 'session' is required", "cookie parameter 'theme': 'pink' does not match its schema",
                "body /user: does not match its schema (string)", "body /age: does not match its schema (integer)",
                "body /remember: does not match its schema (boolean)", "body /tags: does not match its schema (array)",
            ], "\(found)")
        #expect(try problems(cookie: "session=0a1b2c3d", form: "user=Ada").contains("body /age: a required property is missing"))
    }
}
