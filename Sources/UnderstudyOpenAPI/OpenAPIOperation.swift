package import HTTPTypes
package import UnderstudyDocuments

/// One operation: a method on a path template, and its responses.
package struct OpenAPIOperation: Sendable {
    package var method: HTTPRequest.Method
    package var path: PathTemplate
    package var operationId: String?
    /// Where the operation is written (`/paths/~1pets~1{petId}/get`).
    package var pointer: JSONPointer
    /// In the order written, `default` included.
    package var responses: [OpenAPIResponse]

    package init(method: HTTPRequest.Method, path: PathTemplate, operationId: String?, pointer: JSONPointer, responses: [OpenAPIResponse]) {
        self.method = method
        self.path = path
        self.operationId = operationId
        self.pointer = pointer
        self.responses = responses
    }
}
