import Foundation
import Testing
import UnderstudyDocuments
import UnderstudyOpenAPI
import UnderstudyOpenAPIGate

/// What a service keeps of its document after loading: no prose (descriptions, summaries), every name and
/// every piece of data as written, and decode-breakers made when asked for, the same as at load.
@Suite struct KeptDocumentTests {
    static let text = """
        openapi: 3.1.0
        info: {title: Notes, version: '1', description: A long introduction.}
        paths:
          /notes/{id}:
            get:
              summary: One note
              description: Returns the note.
              parameters:
                - {name: id, in: path, required: true, description: The id., schema: {type: integer}}
              responses:
                '200':
                  description: The note.
                  content:
                    application/json:
                      schema: {$ref: '#/components/schemas/Note'}
                      examples:
                        first: {summary: A note, value: {id: 1, description: kept as data, summary: also data}}
        components:
          schemas:
            Note:
              type: object
              description: A note.
              required: [id, description]
              properties:
                id: {type: integer, description: Its id.}
                description: {type: string, description: The text of the note.}
                summary: {type: string, enum: [short, long]}
        """

    @Test func proseGoesNamesAndDataStay() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("notes.yaml")
        try Self.text.write(to: file, atomically: true, encoding: .utf8)
        let service = try OpenAPILoader.load(fileAt: file, gate: .inProcess)
        let document = service.document
        #expect(document["info"]?["description"] == nil)
        #expect(document["info"]?["title"]?.stringValue == "Notes")
        let get = try #require(document["paths"]?["/notes/{id}"]?["get"])
        #expect(get["summary"] == nil && get["description"] == nil)
        #expect(get["parameters"]?.arrayValue?.first?["description"] == nil)
        #expect(get["parameters"]?.arrayValue?.first?["name"]?.stringValue == "id")
        let note = try #require(document["components"]?["schemas"]?["Note"])
        #expect(note["description"] == nil)
        // Property names are names, not prose; their schemas lose their own prose.
        #expect(note["properties"]?["description"]?["type"]?.stringValue == "string")
        #expect(note["properties"]?["description"]?["description"] == nil)
        #expect(note["properties"]?["summary"]?["enum"] != nil)
        // An example is data: every key as written.
        let example = try #require(get["responses"]?["200"]?["content"]?["application/json"]?["examples"]?["first"]?["value"])
        #expect(example["description"]?.stringValue == "kept as data" && example["summary"]?.stringValue == "also data")
        // What was read before the prose went is still there, and the breakers are made on demand.
        let response = try #require(service.operations.first?.responses.first)
        #expect(response.description == "The note.")
        #expect(response.contents[0].examples.first?.summary == "A note")
        #expect(Set(response.contents[0].breakers.map(\.kind)) == [.missingRequiredKey, .wrongType, .nullNotNullable, .unknownEnumCase])
    }
}
