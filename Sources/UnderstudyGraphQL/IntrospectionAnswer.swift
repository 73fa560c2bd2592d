#if FullPackage
import GraphQL
import UnderstudyDocuments
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `__schema` and `__type` answered by GraphQLSwift's executor (its introspection resolvers are the reference for
/// what codegen tools read), merged with the synthesised values of the operation's other root fields.
struct IntrospectionAnswer: Sendable {
    let schema: GraphQLSchema
    /// The document to execute: the request's own when its root selects only introspection, else one made of the
    /// introspection fields and the fragments (so that no other root field meets the executor's null resolvers).
    let text: String
    let operationName: String?
    let variables: JSONValue
    /// The root's response keys in order, and which of them the executor answers.
    let order: [String]
    let introspected: Set<String>
    let synthesized: [JSONValue.Member]
    let otherErrors: [GraphQLErrorEntry]

    func run() async -> JSONValue {
        var executed: [String: JSONValue] = [:]
        var errors = otherErrors
        do {
            let document = try parse(source: Source(body: text, name: "GraphQL request"))
            let result = try await execute(
                schema: schema,
                documentAST: document,
                rootValue: (),
                context: (),
                variableValues: Self.maps(variables),
                operationName: operationName
            )
            if case .dictionary(let members)? = result.data {
                for (key, value) in Array(members) { executed[key] = InputFieldDefaults(schema: schema).filled(Self.json(value)) }
            }
            errors += result.errors.map { GraphQLErrorEntry($0, code: nil) }
        } catch {
            errors.append(GraphQLErrorEntry(message: "Introspection failed: \(error)", code: "INTERNAL_SERVER_ERROR"))
        }
        var synthesized: [String: JSONValue] = [:]
        for member in self.synthesized { synthesized[member.key] = member.value }
        let data = JSONValue.object(
            order.compactMap { key in
                (introspected.contains(key) ? executed[key] : synthesized[key]).map { JSONValue.Member(key, $0) }
            })
        return errors.isEmpty ? .object([JSONValue.Member("data", data)]) : GraphQLErrorBody.errors(errors, data: data)
    }

    /// GraphQLSwift's result values as JSON; its introspection nests only as deep as the query asked.
    static func json(_ map: Map) -> JSONValue {
        switch map {
        case .undefined, .null: return .null
        case .bool(let flag): return .bool(flag)
        case .string(let text): return .string(text)
        case .array(let items): return .array(items.map(json))
        case .dictionary(let members): return .object(Array(members).map { JSONValue.Member($0.key, json($0.value)) })
        case .number(let number):
            switch number.storageType {
            case .bool: return .bool(number.boolValue)
            case .int: return .int(number.intValue)
            case .double: return .number(String(number.doubleValue))
            case .unknown: return .number(number.stringValue)
            }
        }
    }

    /// The coerced variables as GraphQLSwift's `Map`s, through its own JSON decoding (its dictionaries are ordered
    /// dictionaries, a type of a package this module does not import).
    private static func maps(_ variables: JSONValue) -> [String: Map] {
        (try? JSONDecoder().decode([String: Map].self, from: Data(JSONText.bytes(variables)))) ?? [:]
    }
}
#endif
