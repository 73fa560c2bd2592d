/// One entry of a GraphQL response's `errors` list, as the spec's "Response Format" section describes it:
/// a message, where in the document it points, where in the data it happened, and a machine-readable code.
package struct GraphQLErrorEntry: Sendable, Equatable {
    /// A step of a response path: an object's key or a list's index.
    package enum PathElement: Sendable, Hashable {
        case key(String)
        case index(Int)
    }

    package var message: String
    package var locations: [(line: Int, column: Int)]
    package var path: [PathElement]
    /// Written as `extensions.code` (Apollo's convention, which clients switch on).
    package var code: String?

    package init(message: String, locations: [(line: Int, column: Int)] = [], path: [PathElement] = [], code: String? = nil) {
        self.message = message
        self.locations = locations
        self.path = path
        self.code = code
    }

    package static func == (lhs: GraphQLErrorEntry, rhs: GraphQLErrorEntry) -> Bool {
        lhs.message == rhs.message && lhs.path == rhs.path && lhs.code == rhs.code
            && lhs.locations.map(\.line) == rhs.locations.map(\.line) && lhs.locations.map(\.column) == rhs.locations.map(\.column)
    }
}

/// Errors a GraphQL step found, thrown or returned as a whole so that a caller answers them in one body.
package struct GraphQLErrorList: Error, Sendable, Equatable {
    package var errors: [GraphQLErrorEntry]

    package init(_ errors: [GraphQLErrorEntry]) { self.errors = errors }

    package init(_ message: String, line: Int? = nil, column: Int? = nil, code: String? = nil) {
        let locations = line.map { [(line: $0, column: column ?? 1)] } ?? []
        errors = [GraphQLErrorEntry(message: message, locations: locations, code: code)]
    }
}
