// UnderstudyGraphQL: GraphQL requests read off HTTP, operations named, and answers from a schema.
// (Filled in by the GraphQL work; this file keeps the target buildable.)
