#if FullPackage
import Testing
import UnderstudyDocuments

@testable import UnderstudyGraphQL

/// An app's schema as a team would write it: Star Wars characters (interfaces, a union) beside a shop (a custom
/// scalar, a connection, non-null lists, input types, a mutation).
enum SchemaFixture {
    static let sdl = """
        "An instant, ISO 8601."
        scalar DateTime

        enum Episode { NEWHOPE EMPIRE JEDI }
        enum OrderStatus { PENDING SHIPPED DELIVERED CANCELLED }
        enum LengthUnit { METER FOOT }

        interface Node { id: ID! }

        interface Character implements Node {
          id: ID!
          name: String!
          friends(first: Int): [Character]
          appearsIn: [Episode!]!
        }

        type Human implements Character & Node {
          id: ID!
          name: String!
          friends(first: Int): [Character]
          appearsIn: [Episode!]!
          homePlanet: String
          height(unit: LengthUnit = METER): Float
        }

        type Droid implements Character & Node {
          id: ID!
          name: String!
          friends(first: Int): [Character]
          appearsIn: [Episode!]!
          primaryFunction: String
        }

        type Product implements Node {
          id: ID!
          title: String!
          price: Float!
          stock: Int
          tags: [String!]!
          createdAt: DateTime!
        }

        type OrderLine { product: Product! quantity: Int! }

        type Order implements Node {
          id: ID!
          status: OrderStatus!
          placedAt: DateTime!
          lines: [OrderLine!]!
          total: Float
          note: String
        }

        type ProductEdge { cursor: String! node: Product! }
        type PageInfo { hasNextPage: Boolean! endCursor: String }
        type ProductConnection { edges: [ProductEdge!]! pageInfo: PageInfo! totalCount: Int! }

        union SearchResult = Human | Droid | Product

        input OrderLineInput { productId: ID!, quantity: Int! = 1 }
        input OrderInput { lines: [OrderLineInput!]!, note: String }

        type Query {
          hero(episode: Episode): Character
          human(id: ID!): Human
          products(first: Int, after: String): ProductConnection!
          productList(limit: Int): [Product!]!
          search(text: String!): [SearchResult!]!
          order(id: ID!): Order
          node(id: ID!): Node
        }

        type Mutation {
          createOrder(input: OrderInput!): Order!
        }
        """

    static let model: GraphQLSchemaModel = {
        do throws(GraphQLSchemaProblems) {
            return try GraphQLSchemaModel.load(sdl: sdl, file: "schema.graphql")
        } catch {
            fatalError("the fixture schema does not load: \(error)")
        }
    }()

    /// The answer's body, for operations that are not introspection.
    static func body(
        _ query: String,
        operationName: String? = nil,
        variables: JSONValue? = nil,
        mode: GraphQLAnswerMode = .data,
        model: GraphQLSchemaModel = model
    ) -> JSONValue {
        switch model.answer(query: query, operationName: operationName, variables: variables, mode: mode) {
        case .body(let body): return body
        case .introspection: return .string("an introspection answer")
        }
    }

    static func introspect(_ query: String, variables: JSONValue? = nil) async -> JSONValue? {
        guard case .introspection(let run) = model.answer(query: query, operationName: nil, variables: variables, mode: .data) else { return nil }
        return await run()
    }

    /// graphql-js's `getIntrospectionQuery()` with its default options: what GraphiQL and codegen tools send.
    static let fullIntrospectionQuery = """
        query IntrospectionQuery {
          __schema {
            queryType { name }
            mutationType { name }
            subscriptionType { name }
            types { ...FullType }
            directives { name description locations args { ...InputValue } }
          }
        }
        fragment FullType on __Type {
          kind
          name
          description
          fields(includeDeprecated: true) {
            name
            description
            args { ...InputValue }
            type { ...TypeRef }
            isDeprecated
            deprecationReason
          }
          inputFields { ...InputValue }
          interfaces { ...TypeRef }
          enumValues(includeDeprecated: true) { name description isDeprecated deprecationReason }
          possibleTypes { ...TypeRef }
        }
        fragment InputValue on __InputValue {
          name
          description
          type { ...TypeRef }
          defaultValue
        }
        fragment TypeRef on __Type {
          kind
          name
          ofType { kind name ofType { kind name ofType { kind name ofType { kind name ofType { kind name ofType { kind name ofType { kind name } } } } } } }
        }
        """
}
#endif
