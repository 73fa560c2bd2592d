package import HTTPTypes
package import UnderstudyDocuments

/// A response an API service produced, before it is rendered for a host.
package struct APIResponse: Sendable {
    package var status: HTTPResponse.Status
    package var body: BodyTemplate
    package var contentType = "application/json"
    /// For a redirect: the path (and query) to send the client to, on the origin it used.
    package var location: String?

    package init(status: HTTPResponse.Status, body: BodyTemplate, contentType: String = "application/json", location: String? = nil) {
        self.status = status
        self.body = body
        self.contentType = contentType
        self.location = location
    }
}
