import Foundation
import HTTPTypes
import Testing
import UnderstudyDocuments
import UnderstudyOpenAPI
import UnderstudyOpenAPIGate

/// The OpenAPI Initiative's examples and our own multi-file document: every one loads, and every
/// operation × status × media type with a schema or an example has a body.
@Suite struct RealWorldDocumentTests {
    @Test(arguments: Fixtures.oai + Fixtures.ours)
    func everyResponseHasABody(_ document: String) throws {
        let service = try Fixtures.load(document)
        #expect(!service.operations.isEmpty || document.contains("webhook"))
        for (operation, response, content) in service.contents {
            let label = "\(document) \(operation.method) \(operation.path) \(response.status) \(content.contentType)"
            if content.schemaPointer != nil {
                #expect(content.synthesized != nil, "\(label): no body synthesised")
            }
            #expect(content.preferredBody != nil || content.schemaPointer == nil, "\(label)")
        }
    }

    /// OpenAI's document bounds an integer by `maximum: 9223372036854776000`, past Int64: OpenAPIKit refuses
    /// it, and so does Understudy unless told to be lenient; then it is served, the refusal a warning.
    @Test func lenientServesWhatOpenAPIKitRefuses() throws {
        let url = Fixtures.url("lenient/past-int64.yaml")
        let problems = Fixtures.problems(url, displayName: "past-int64.yaml")
        #expect(problems.count == 1 && problems[0].message.contains("Expected an Integer literal") && problems[0].line == 19, "\(problems)")
        let service = try OpenAPILoader.load(fileAt: url, displayName: "past-int64.yaml", gate: .inProcess, lenient: true)
        #expect(service.warnings.contains { $0.line == 19 && $0.message.hasPrefix("OpenAPIKit refuses this; served anyway (lenient)") })
        let count = try #require(service.contents.first?.content.synthesized?["count"]?.doubleValue)
        #expect(count >= 0 && count == count.rounded())
    }

    /// What schemathesis found answering outside real documents (Twilio's, Plaid's): a POST that documents only
    /// 201 answering 200, `…/Local.json` taken by `…/{Sid}.json` written before it, a path written with a trailing
    /// slash never matched; and an example that breaks its own schema (Twilio's relative `uri`s) is served but said.
    @Test func answersStayInsideTheDocument() throws {
        let service = try Fixtures.load("features/answer-classes.yaml")
        let create = try #require(service.operation("create"))
        #expect(create.answer(AnswerChoice())?.status == 201)
        #expect(service.operation(for: .post, path: "/Numbers/Local.json")?.operation.operationId == "create")
        #expect(service.operation(for: .post, path: "/Numbers/PN1.json")?.operation.operationId == "update")
        let probe = try #require(service.operation(for: .post, path: "/probe/")?.operation)
        #expect(probe.answer(AnswerChoice())?.status == 200)
        #expect(service.operation(for: .post, path: "/probe") != nil)
        #expect(
            service.warnings.map(\.description) == [
                "features/answer-classes.yaml:20:27: /paths/~1Numbers~1Local.json/post/responses/201/content/application~1json/examples/relative: "
                    + "this example does not validate against its schema: it is served as written"
            ])
        if case .json(let body)? = create.answer(AnswerChoice())?.body {
            #expect(body["uri"]?.stringValue == "/2010-04-01/Numbers/PN1.json")
        } else {
            Issue.record("the example is not served")
        }
    }

    @Test func petstore() throws {
        for name in ["oai/petstore.yaml", "oai/petstore.json"] {
            let service = try Fixtures.load(name)
            #expect(service.version == .openAPI30("3.0.0"))
            #expect(service.serverBasePath == "/v1")
            #expect(service.operations.map(\.operationId) == ["listPets", "createPets", "showPetById"])
            let show = try #require(service.operation("showPetById"))
            #expect(show.method == .get)
            #expect(show.path.segments == [.literal("pets"), .parameter("petId")])
            #expect(show.path.match(["pets", "42"]) == ["petId": "42"])
            #expect(show.path.match(["pets"]) == nil)
            let list = try #require(service.operation("listPets"))
            #expect(list.responses.map(\.status) == [.code(200), .default])
            #expect(list.responses[0].headers.map(\.name) == ["x-next"])
            let body = try #require(list.responses[0].contents.first?.synthesized)
            #expect(body.jsonText == #"[{"id":1,"name":"string","tag":"string"}]"#)
            #expect(Set(list.responses[0].contents[0].breakers.map(\.kind)) == [.missingRequiredKey, .wrongType, .nullNotNullable])
        }
    }

    @Test func requestsFindTheirOperation() throws {
        let service = try Fixtures.load("oai/petstore-expanded.yaml")
        #expect(service.serverBasePath == "/v2")
        let found = service.operation(for: .get, path: "/v2/pets/12")
        #expect(found?.operation.operationId == "find pet by id")
        #expect(found?.parameters == ["id": "12"])
        #expect(service.operation(for: .get, path: "/pets/12")?.operation.operationId == "find pet by id")
        #expect(service.operation(for: .delete, path: "/pets/12")?.operation.operationId == "deletePet")
        #expect(service.operation(for: .get, path: "/pets")?.operation.operationId == "findPets")
        #expect(service.operation(for: .patch, path: "/pets/12") == nil)
        #expect(service.operation(for: .get, path: "/pets/12/toys") == nil)
        // A literal segment wins over a parameter, whatever the order written.
        let templated = OpenAPIOperation(method: .get, path: PathTemplate("/pets/{id}"), operationId: "one", pointer: JSONPointer(), responses: [])
        let literal = OpenAPIOperation(method: .get, path: PathTemplate("/pets/mine"), operationId: "mine", pointer: JSONPointer(), responses: [])
        let both = OpenAPIService(
            version: .openAPI31("3.1.0"), title: "", serverBasePath: "", operations: [templated, literal], document: .null, warnings: [])
        #expect(both.operation(for: .get, path: "/pets/mine")?.operation.operationId == "mine")
        #expect(both.operation(for: .get, path: "/pets/7")?.operation.operationId == "one")
        let mixed = PathTemplate("/files/{name}.{ext}")
        #expect(mixed.match(["files", "report.final.pdf"]) == ["name": "report", "ext": "final.pdf"])
    }

    @Test func examplesAreKeptInOrder() throws {
        let service = try Fixtures.load("oai/api-with-examples.yaml")
        let versions = try #require(service.operation("listVersionsv2"))
        let content = try #require(versions.responses.first?.contents.first)
        #expect(content.contentType == "application/json")
        #expect(content.examples.map(\.name) == ["foo"])
        let first = try #require(content.examples.first?.value["versions"]?.arrayValue?.first)
        #expect(first.members?.map(\.key) == ["status", "updated", "id", "links"])
        #expect(first["updated"] == .string("2011-01-21T11:33:21Z"))
    }

    @Test func webhooksAreNotOperations() throws {
        let service = try Fixtures.load("oai/webhook-example.yaml")
        #expect(service.version == .openAPI31("3.1.0"))
        #expect(service.operations.isEmpty)
    }

    @Test func multiFileDocument() throws {
        let service = try Fixtures.load("multifile/openapi.yaml")
        #expect(service.serverBasePath == "/v2")
        let list = try #require(service.operation("listPets"))
        let ok = list.responses[0]
        #expect(ok.headers.map(\.name) == ["X-Total-Count", "X-Request-Id"])
        #expect(ok.headers[1].value == "3fa85f64-5717-4562-b3fc-2c963f66afa6")
        #expect(ok.headers[1].required)
        let pets = try #require(ok.contents[0].synthesized?.arrayValue)
        #expect(pets.count == 1)
        // Every property but the write-only one, in the order written; the enum's first value.
        #expect(pets[0].members?.map(\.key) == ["id", "kind", "name", "born", "tags", "category"])
        #expect(pets[0]["kind"] == .string("cat"))
        // The default response, from common.yaml, and its schema from schemas/error.json.
        #expect(list.responses[1].status == .default)
        #expect(list.responses[1].contents[0].contentType == "application/problem+json")
        #expect(list.responses[1].contents[0].synthesized?["status"] == .number("100"))
        // The category tree recurses across files: bounded, children left out past the bound.
        let tree = try #require(service.operation("categoryTree")?.responses[0].contents[0].synthesized)
        #expect(tree.jsonText.count < 400)
        #expect(tree["name"] == .string("Mammals"))
        // oneOf: the pet (first branch) matches only the pet branch.
        let petOrRobot = try #require(service.operation("showPet")?.responses[0].contents[0].synthesized)
        #expect(petOrRobot["kind"] == .string("cat"))
        let created = try #require(service.operation("createPet")?.responses[0].contents[0])
        #expect(created.examples.map(\.name) == ["rex"])
        #expect(created.examples[0].summary == "A dog")
        #expect(service.warnings.isEmpty, "\(service.warnings)")
    }

    /// 3.0 through OpenAPIKit30 and the conversion: a path item, a response and nested schemas in other
    /// files, references relative to the file that holds them, a schema that refers to itself in its file.
    @Test func multiFile30Document() throws {
        let service = try Fixtures.load("multifile30/openapi.yaml")
        #expect(service.version == .openAPI30("3.0.3"))
        #expect(Set(service.operations.compactMap(\.operationId)) == ["listItems", "createItem", "getItem", "deleteItem", "getTag"])
        // Operations, a properties map and a summary written as references to other files (DigitalOcean's
        // spellings, which OpenAPI allows nowhere and bundlers follow), inlined before OpenAPIKit reads them.
        let created = try #require(service.operation("createItem")?.responses[0].contents[0].synthesized)
        #expect(created.jsonText == #"{"quantity":{"count":1,"unit":"piece"}}"#)
        #expect(service.operation("deleteItem")?.responses.map(\.status.description) == ["204", "404"])
        let tag = try #require(service.operation("getTag"))
        #expect(tag.responses[0].contents[0].synthesized == .string("new"))
        #expect(tag.responses[1].contents[0].synthesized?["sku"] == .string("AA-0000"))
        let item = try #require(service.operation("getItem")?.responses[0].contents[0].synthesized)
        #expect(item["sku"] == .string("AA-0000"))
        #expect(item["price"]?.jsonText == #"{"cents":1,"currency":"USD"}"#)
        #expect(item["parent"]?["parent"]?["parent"] == nil)
        // Properties named `default` and `example` are schemas; an example value's `$ref` key is data.
        #expect(item["default"]?.jsonText == #"{"cents":1,"currency":"USD"}"#)
        #expect(item["example"]?.jsonText == #"{"$ref":"this is an example value, not a reference"}"# || item["example"] == .string("string"))
        #expect(service.operation("getItem")?.responses[1].contents.first?.synthesized?.jsonText == #"{"message":"string"}"#)
        #expect(service.warnings.isEmpty, "\(service.warnings)")
    }

    /// A problem inside an operation inlined from another file names that file and the pointer there.
    @Test func aProblemInAnInlinedOperationNamesItsFile() throws {
        let folder = try Fixtures.temporaryFolder()
        try """
        openapi: 3.0.3
        info: {title: t, version: '1'}
        paths:
          /things:
            get:
              $ref: 'operations/list.yml'
        """.write(to: folder.appendingPathComponent("openapi.yaml"), atomically: false, encoding: .utf8)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("operations"), withIntermediateDirectories: true)
        try """
        operationId: listThings
        responses:
          '200':
            description: Things
            content:
              application/json:
                schema: {type: array, maxItems: many}
        """.write(to: folder.appendingPathComponent("operations/list.yml"), atomically: false, encoding: .utf8)
        let problems = Fixtures.problems(folder.appendingPathComponent("openapi.yaml"), displayName: "openapi.yaml")
        #expect(problems.count == 1, "\(problems)")
        #expect(problems.first?.file == "operations/list.yml" && problems.first?.line == 7, "\(problems)")
        #expect(problems.first?.keyPath?.hasPrefix("/responses/200/content/application~1json/schema") == true, "\(problems)")
    }

    /// A properties map that names itself through references is left as written after a few rounds,
    /// and refused where it stands: the inlining is bounded, never a loop.
    @Test func aPropertiesMapReferringToItselfIsBounded() throws {
        let folder = try Fixtures.temporaryFolder()
        try """
        openapi: 3.0.3
        info: {title: t, version: '1'}
        paths:
          /loop:
            get:
              responses:
                '200':
                  description: Loop
                  content:
                    application/json:
                      schema:
                        type: object
                        properties:
                          $ref: '#/components/x-maps/a'
        components:
          x-maps:
            a:
              inner:
                type: object
                properties:
                  $ref: '#/components/x-maps/a'
        """.write(to: folder.appendingPathComponent("openapi.yaml"), atomically: false, encoding: .utf8)
        let problems = Fixtures.problems(folder.appendingPathComponent("openapi.yaml"), displayName: "openapi.yaml")
        #expect(!problems.isEmpty && problems.allSatisfy { $0.line != nil }, "\(problems)")
    }

    @Test func decodeBreakersOfTheMultiFileDocument() throws {
        let service = try Fixtures.load("multifile/openapi.yaml")
        let breakers = try #require(service.operation("listPets")?.responses[0].contents[0].breakers)
        let byKind = Dictionary(uniqueKeysWithValues: breakers.map { ($0.kind, $0) })
        #expect(breakers.map(\.kind) == DecodeBreaker.Kind.allCases)
        #expect(byKind[.missingRequiredKey]?.pointer.description == "/0/id")
        #expect(byKind[.missingRequiredKey]?.body[0]?["id"] == nil)
        #expect(byKind[.wrongType]?.pointer.description == "/0/id")
        #expect(byKind[.wrongType]?.body.arrayValue?.first?["id"] == .string("wrong-type"))
        #expect(byKind[.nullNotNullable]?.pointer.description == "/0")
        #expect(byKind[.unknownEnumCase]?.pointer.description == "/0/kind")
        #expect(byKind[.malformedDateTime]?.pointer.description == "/0/born")
        #expect(byKind[.malformedDateTime]?.kind.decodingError == "dataCorrupted")
        #expect(byKind[.missingRequiredKey]?.kind.decodingError == "keyNotFound")
    }
}

extension JSONValue {
    subscript(index: Int) -> JSONValue? {
        guard let items = arrayValue, items.indices.contains(index) else { return nil }
        return items[index]
    }
}

/// A `$ref`'s fragment is decoded by the one percent rule (UnderstudyHTTP's `PercentDecoding`): `%+1` is no escape.
@Suite struct ReferenceFragmentTests {
    @Test func escapesDecodeAndMalformedOnesStayAsWritten() throws {
        #expect(try #require(JSONPointer(parsing: "/paths/~1pets%7Bid%7D")).tokens == ["paths", "/pets{id}"])
        #expect(try #require(JSONPointer(parsing: "/a%+1b/c%-1")).tokens == ["a%+1b", "c%-1"])
        #expect(try #require(JSONPointer(parsing: "/%zz")).tokens == ["%zz"])
    }

    @Test func tildesAndTextBeyondASCIIRoundTrip() throws {
        let pointer = try #require(JSONPointer(parsing: "/é😀/~01/~0~1/"))
        #expect(pointer.tokens == ["é😀", "~1", "~/", ""])
        #expect(pointer.description == "/é😀/~01/~0~1/")
        #expect(JSONPointer(parsing: "")?.tokens == [])
        #expect(JSONPointer(parsing: "paths") == nil)
    }
}
