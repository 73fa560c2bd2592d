import Foundation
import Testing
import UnderstudyDocuments
import UnderstudyOpenAPI
import UnderstudyOpenAPIGate

/// Documents written to hurt: each is refused with located problems, never a crash, a hang, a
/// read outside the document's folder or a network fetch.
@Suite struct HostileDocumentTests {
    /// The one problem expected, its line, and a piece of its message.
    func expectProblem(_ document: String, line: Int?, _ piece: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let problems = Fixtures.problems("hostile/" + document)
        #expect(problems.count == 1, "\(problems)", sourceLocation: sourceLocation)
        guard let problem = problems.first else { return }
        #expect(problem.message.contains(piece), "\(problem)", sourceLocation: sourceLocation)
        if let line { #expect(problem.line == line, "\(problem)", sourceLocation: sourceLocation) }
    }

    @Test func billionLaughs() {
        expectProblem("billion-laughs.yaml", line: nil, "alias")
    }

    /// JSON Schema's billion laughs: forty schemas each `allOf` the next twice (2^40), eight levels of twelve
    /// `anyOf` references (12^8), ten schemas each `anyOf` all ten (every path through them). Each is refused
    /// before anything expands it, at the schema the operation names, by the bound.
    @Test(arguments: ["allof-laughs.yaml", "fan-out-laughs.yaml", "recursive-laughs.yaml"])
    func compositionLaughsAreRefusedAtTheBudget(_ document: String) {
        let problems = Fixtures.problems("hostile/" + document)
        #expect(problems.count == 1, "\(problems)")
        #expect(problems.first?.message.contains("expands to more than \(OpenAPILimits().schemaExpansion) schemas") == true, "\(problems)")
        #expect(problems.first?.line != nil && problems.first?.keyPath?.hasPrefix("/paths/") == true, "\(problems)")
    }

    /// A schema that refers to itself without reaching the value (`oneOf: [$ref self, $ref self, string]`) is
    /// within the budget; validating a candidate against it must cut the cycle, not expand it twice per level
    /// down to the depth bound (2^48), which synthesis's `oneOf` check did.
    @Test func aSelfReferenceInAOneOfIsCut() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let document = """
            openapi: 3.1.0
            info: {title: itself, version: '1'}
            paths:
              /self:
                get:
                  responses:
                    '200': {description: ok, content: {application/json: {schema: {$ref: '#/components/schemas/A'}}}}
            components:
              schemas:
                A: {oneOf: [{$ref: '#/components/schemas/A'}, {$ref: '#/components/schemas/A'}, {type: string, maxLength: 3}]}
            """
        let url = folder.appendingPathComponent("self.yaml")
        try document.write(to: url, atomically: true, encoding: .utf8)
        let service = try OpenAPILoader.load(fileAt: url, displayName: "self.yaml", gate: .inProcess)
        #expect(service.operations.first?.responses.first?.contents.first?.synthesized != nil)
    }

    /// DigitalOcean's document is 2,850 files: thousands load (made here, not committed); what bounds a
    /// document is its bytes and nodes, and the nodes bound is located.
    @Test func thousandsOfFilesLoadWithinTheNodesBound() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let schemas = folder.appendingPathComponent("schemas")
        try FileManager.default.createDirectory(at: schemas, withIntermediateDirectories: true)
        let count = 2000
        var main = """
            openapi: 3.0.3
            info: {title: many files, version: '1'}
            paths:
              /things:
                get:
                  responses:
                    '200': {description: ok, content: {application/json: {schema: {$ref: '#/components/schemas/S0'}}}}
            components:
              schemas:

            """
        for index in 0..<count {
            main += "    S\(index): {$ref: 'schemas/s\(index).yaml'}\n"
            let next = index + 1 < count ? "next: {$ref: 's\(index + 1).yaml'}, " : ""
            try "type: object\nproperties: {\(next)id: {type: integer}}\n".write(
                to: schemas.appendingPathComponent("s\(index).yaml"), atomically: false, encoding: .utf8)
        }
        let url = folder.appendingPathComponent("openapi.yaml")
        try main.write(to: url, atomically: false, encoding: .utf8)
        let service = try OpenAPILoader.load(fileAt: url, displayName: "openapi.yaml", gate: .inProcess)
        #expect(service.operations.count == 1)
        var limits = OpenAPILimits()
        limits.nodes = 5000
        let problems = Fixtures.problems(url, displayName: "openapi.yaml", limits: limits)
        #expect(problems.count == 1 && problems[0].message.contains("more than 5000 nodes") && problems[0].line != nil, "\(problems)")
    }

    @Test func aHugeNumberIsLocated() {
        expectProblem("huge-number.yaml", line: 16, "Expected an Integer literal")
    }

    @Test func hugeBoundsAreBoundedNotFatal() throws {
        let service = try Fixtures.load("hostile/huge-bounds.yaml")
        let body = try #require(service.operations.first?.responses.first?.contents.first?.synthesized)
        #expect(body["items"]?.arrayValue?.count == OpenAPILimits().arrayItems)
        #expect(body["long"]?.stringValue?.count == 100_000)
        #expect(service.warnings.contains { $0.message.contains("minLength") })
        #expect(!service.warnings.isEmpty)
    }

    /// Negative counts (which OpenAPIKit accepts) must not trap where they become sizes.
    @Test func negativeBoundsAreNotFatal() throws {
        let service = try Fixtures.load("hostile/negative-bounds.yaml")
        let body = try #require(service.operations.first?.responses.first?.contents.first?.synthesized)
        #expect(body.jsonText == #"{"list":[],"text":""}"#)
    }

    @Test func referencesOutOfTheFolderOrToTheNetwork() {
        expectProblem("passwd-ref.yaml", line: 12, "leaves the document's folder")
        expectProblem("dev-zero-ref.yaml", line: 12, "absolute path")
        expectProblem("http-ref.yaml", line: 12, "nothing is fetched from the network")
        expectProblem("file-url-ref.yaml", line: 12, "is a URL")
        expectProblem("missing-ref.yaml", line: 12, "names nothing")
    }

    @Test func aCycleOfReferencesBetweenTwoFiles() {
        let problems = Fixtures.problems("hostile/cycle-a.yaml")
        #expect(!problems.isEmpty)
        #expect(problems.allSatisfy { $0.message.contains("cycle") && $0.line != nil }, "\(problems)")
    }

    @Test func swaggerAndUnknownVersions() {
        expectProblem("swagger.yaml", line: 1, "Swagger 2.0 (OpenAPI 2.0) is not supported")
        expectProblem("unknown-version.yaml", line: 1, "OpenAPI 4.0.0 is not supported")
    }

    /// OpenAPIKit's refusals, one per broken path item, each at its node.
    @Test func whatOpenAPIKitRefusesIsLocated() {
        let problems = Fixtures.problems("hostile/rejected.yaml")
        #expect(problems.count >= 2, "\(problems)")
        #expect(problems.contains { $0.line == 9 && $0.keyPath?.hasPrefix("/paths/~1a/get/parameters/0") == true }, "\(problems)")
        #expect(problems.contains { $0.keyPath?.hasPrefix("/paths/~1b") == true && $0.line != nil }, "\(problems)")
    }

    @Test func tenThousandLevelsOfNesting() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let depth = 10_000
        let deep = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        for (name, text) in [
            ("deep.yaml", "openapi: 3.1.0\ninfo: {title: deep, version: '1'}\npaths: {}\nx-deep: \(deep)\n"),
            ("deep.json", #"{"openapi": "3.1.0", "info": {"title": "deep", "version": "1"}, "paths": {}, "x-deep": \#(deep)}"#),
        ] {
            let url = folder.appendingPathComponent(name)
            try text.write(to: url, atomically: true, encoding: .utf8)
            let problems = Fixtures.problems(url, displayName: name)
            #expect(problems.count == 1 && problems[0].message.contains("nesting") && problems[0].line != nil, "\(problems)")
        }
    }

    @Test func symlinksOutOfTheFolderAndSpecialFiles() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("passwd.yaml").path, withDestinationPath: "/etc/passwd")
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("zero.yaml").path, withDestinationPath: "/dev/zero")
        for target in ["passwd.yaml", "zero.yaml"] {
            let document = """
                openapi: 3.1.0
                info: {title: links, version: '1'}
                paths:
                  /x:
                    get:
                      responses:
                        '200':
                          description: through a symlink
                          content:
                            application/json:
                              schema:
                                $ref: '\(target)'
                """
            let url = folder.appendingPathComponent("openapi-\(target)")
            try document.write(to: url, atomically: true, encoding: .utf8)
            let problems = Fixtures.problems(url, displayName: "openapi.yaml")
            #expect(problems.count == 1, "\(problems)")
            #expect(problems.first.map { $0.message.contains("outside") || $0.message.contains("not a regular file") } == true, "\(problems)")
        }
    }

    @Test func filesOverTheBoundsAreRefused() throws {
        var limits = OpenAPILimits()
        limits.fileBytes = 1000
        let problems = Fixtures.problems(Fixtures.url("oai/uspto.yaml"), displayName: "uspto.yaml", limits: limits)
        #expect(problems.first?.message.contains("may be at most") == true, "\(problems)")
    }

    /// Every problem in one pass: a broken file, a URL and a missing fragment together.
    @Test func everyProblemAtOnce() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try "a: [unclosed\n".write(to: folder.appendingPathComponent("broken.yaml"), atomically: true, encoding: .utf8)
        try "Pet: {type: object}\n".write(to: folder.appendingPathComponent("pet.yaml"), atomically: true, encoding: .utf8)
        let document = """
            openapi: 3.0.3
            info: {title: many, version: '1'}
            paths:
              /a:
                get:
                  responses:
                    '200': {description: a, content: {application/json: {schema: {$ref: 'broken.yaml#/a'}}}}
                    '201': {description: b, content: {application/json: {schema: {$ref: 'https://example.com/x.yaml'}}}}
                    '202': {description: c, content: {application/json: {schema: {$ref: 'pet.yaml#/Dog'}}}}
            """
        let url = folder.appendingPathComponent("openapi.yaml")
        try document.write(to: url, atomically: true, encoding: .utf8)
        let problems = Fixtures.problems(url, displayName: "openapi.yaml")
        #expect(problems.count == 3, "\(problems)")
        #expect(problems.contains { $0.file == "broken.yaml" && $0.line != nil })
        #expect(problems.contains { $0.file == "openapi.yaml" && $0.line == 8 && $0.message.contains("network") })
        #expect(problems.contains { $0.file == "openapi.yaml" && $0.line == 9 && $0.message.contains("has nothing at /Dog") })
    }
}
