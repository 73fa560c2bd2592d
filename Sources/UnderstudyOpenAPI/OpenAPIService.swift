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
    /// What synthesis could not do exactly (a pattern it could not satisfy, a size bound hit, a
    /// required property that recurses forever), located in the document; never fatal.
    package var warnings: [FileProblem]
}
