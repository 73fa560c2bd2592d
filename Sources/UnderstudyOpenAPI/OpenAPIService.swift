package import UnderstudyDocuments

/// What to serve for one OpenAPI document: engine-neutral, made once when the document loads.
package struct OpenAPIService: Sendable {
    /// The `openapi` field.
    package var version: OpenAPIVersion
    /// `info.title`, for logs and the dashboard.
    package var title: String
    /// The path of the first server's URL (`/v1` for `https://api.example.com/v1`), "" when there
    /// is none or it is `/`: the engine strips it from request paths and rewrites links that carry it.
    package var serverBasePath: String
    /// Every operation, in the order the document writes them.
    package var operations: [OpenAPIOperation]
    /// The document as one JSON tree, the files its `$ref`s name copied in under
    /// `x-understudy-external`: every ``JSONPointer`` of the service points into it.
    package var document: JSONValue
    /// What synthesis could not do exactly (a pattern it could not satisfy, a size bound hit, a
    /// required property that recurses forever), located in the document; never fatal.
    package var warnings: [FileProblem]
    /// How long each step of the load took (read and parse, external files, OpenAPIKit, references,
    /// operations and synthesis), for the log line of a slow start.
    package var timings: [(step: String, duration: Duration)] = []

    package init(
        version: OpenAPIVersion, title: String, serverBasePath: String, operations: [OpenAPIOperation], document: JSONValue, warnings: [FileProblem],
        timings: [(step: String, duration: Duration)] = []
    ) {
        self.version = version
        self.title = title
        self.serverBasePath = serverBasePath
        self.operations = operations
        self.document = document
        self.warnings = warnings
        self.timings = timings
    }
}
