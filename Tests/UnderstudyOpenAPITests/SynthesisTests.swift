import Testing
import UnderstudyDocuments
import UnderstudyOpenAPI

/// What synthesis makes of the keywords (features/features-3.0.yaml), and what it says when it cannot.
@Suite struct SynthesisTests {
    let service: OpenAPIService

    init() throws { service = try Fixtures.load("features/features-3.0.yaml") }

    @Test func serverVariablesAtTheirDefaults() {
        #expect(service.serverBasePath == "/v1/beta")
    }

    @Test func allOfMergedWithBoundsFormatsAndEnums() throws {
        let order = try #require(service.operation("getOrder")?.responses[0].contents[0].synthesized)
        #expect(order.members?.map(\.key) == ["id", "created", "status", "total", "note", "quantity", "email", "site", "picture"])
        #expect(order["id"] == .string("3fa85f64-5717-4562-b3fc-2c963f66afa6"))
        #expect(order["created"] == .string("2024-01-15T09:30:00Z"))
        #expect(order["status"] == .string("placed"))
        // exclusiveMinimum 0 and multipleOf 0.01: a whole number of hundredths above 0.
        let amount = try #require(order["total"]?["amount"]?.doubleValue)
        #expect(amount > 0)
        #expect(order["total"]?["currency"] == .string("EUR"))
        #expect(order["note"]?.stringValue.map { $0.count <= 5 } == true)
        // minimum 10, exclusiveMaximum 20, multipleOf 3.
        #expect(order["quantity"] == .number("12"))
        #expect(order["picture"] == .string("ZXhhbXBsZQ=="))
    }

    @Test func textAndEmptyResponses() throws {
        let get = try #require(service.operation("getOrder"))
        #expect(get.responses.map(\.status) == [.code(200), .code(204)])
        #expect(get.responses[0].contents.map(\.contentType) == ["application/json", "text/plain"])
        #expect(get.responses[0].contents[1].example == .string("order 1"))
        #expect(get.responses[0].contents[1].breakers.isEmpty)
        #expect(get.responses[1].contents.isEmpty)
    }

    @Test func uniqueItemsDefaultsAndMaps() throws {
        let list = try #require(service.operation("listOrders"))
        #expect(list.responses.map(\.status) == [.code(200), .range(5)])
        #expect(list.responses[0].headers.first?.value == "100")
        let body = try #require(list.responses[0].contents[0].synthesized)
        let items = try #require(body["items"]?.arrayValue)
        #expect(items.count == 3)
        #expect(Set(items).count == 3)
        #expect(body["page"]?["size"] == .number("25"))
        #expect(body["metadata"]?["additionalProp1"] == .string("2024-01-15"))
    }

    @Test func discriminatorNamesTheBranch() throws {
        let shape = try #require(service.operation("shapes")?.responses[0].contents[0].synthesized)
        #expect(shape["shapeType"] == .string("circle"))
        #expect(shape["radius"] == .number("1.5"))
    }

    @Test func aRequiredPropertyThatRecursesForeverIsMarkedAndWarned() throws {
        let node = try #require(service.operation("nodes")?.responses[0].contents[0].synthesized)
        #expect(node.jsonText == #"{"value":1,"next":{"value":1,"next":null}}"#)
        #expect(service.warnings.contains { $0.message.contains("required property 'next' recurses") })
    }

    @Test func whatCannotBeMetIsAWarningWithItsLine() throws {
        let hard = try #require(service.operation("hard")?.responses[0].contents[0].synthesized)
        #expect(hard["many"]?.arrayValue?.count == OpenAPILimits().arrayItems)
        let pattern = try #require(service.warnings.first { $0.message.contains("pattern") })
        #expect(pattern.file == "features/features-3.0.yaml")
        #expect(pattern.line != nil)
        #expect(pattern.keyPath?.hasSuffix("/properties/lookahead/pattern") == true)
        #expect(service.warnings.contains { $0.message.contains("minItems 100000") })
    }

    @Test func breakersOfAnAllOfBody() throws {
        let breakers = try #require(service.operation("getOrder")?.responses[0].contents[0].breakers)
        #expect(breakers.map(\.kind) == DecodeBreaker.Kind.allCases)
        #expect(breakers.map(\.pointer.description) == ["/id", "/id", "/id", "/status", "/created"])
        #expect(breakers[2].body["id"] == .null)
    }
}

/// The JSON Schema 2020-12 side (OpenAPI 3.1/3.2): `const`, `type` arrays, `prefixItems`, numeric
/// exclusive bounds, a reference with sibling constraints, `examples` arrays; 3.2's `query` method
/// and `additionalOperations`.
@Suite struct Synthesis31Tests {
    let service: OpenAPIService

    init() throws { service = try Fixtures.load("features/features-3.1.yaml") }

    @Test func operationsOf32() throws {
        #expect(service.version == .openAPI31("3.2.0"))
        #expect(service.serverBasePath == "/api")
        #expect(service.operations.map(\.method.rawValue) == ["QUERY", "PURGE", "GET"])
        #expect(service.operations.map(\.operationId) == ["search", "purgeSearch", "events"])
        #expect(service.operation("events")?.responses.first?.status == .range(2))
    }

    @Test func keywordsOf2020() throws {
        let results = try #require(service.operation("search")?.responses[0].contents[0].synthesized)
        #expect(
            results.jsonText
                == #"{"kind":"results","total":1,"point":[1.5,1.5],"label":"str","when":"2024-01-15","cursor":"abc123","score":"3fa85f64-5717-4562-b3fc-2c963f66afa6"}"#
        )
        let events = try #require(service.operation("events")?.responses[0].contents[0].synthesized?.arrayValue)
        #expect(events.count == 2)
        #expect(events[0] != events[1])
        #expect(service.warnings.isEmpty, "\(service.warnings)")
    }
}

/// The size bound of a synthesised body: parts are left out, and a warning says so.
@Suite struct BodyBoundTests {
    @Test func aBodyOverTheBoundIsCutAndWarned() throws {
        var limits = OpenAPILimits()
        limits.bodyBytes = 120
        let service = try Fixtures.load("features/features-3.0.yaml", limits: limits)
        let body = try #require(service.operation("listOrders")?.responses[0].contents[0].synthesized)
        #expect(body.jsonText.utf8.count < 400)
        #expect(service.warnings.contains { $0.message.contains("reached the bound of 120 bytes") })
        #expect(service.operation("listOrders")?.responses[0].contents[0].synthesisWarnings.isEmpty == false)
    }
}
