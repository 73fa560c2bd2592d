public import HTTPTypes

/// A complete HTTP response as a value: status, header fields and body.
///
/// Responses are rendered once and sent many times (the engine caches them), so the parts
/// live in one shared, immutable object: copying a `Response` is one retain. A transport
/// turns a response into its own wire form (libmicrohttpd's response object) the first time
/// it sends it and keeps that form in ``wireForm``, so later sends cost no copy and no encoding.
public struct Response: Sendable {
    private let storage: Storage

    /// - Parameters:
    ///   - status: The status line's code and reason.
    ///   - headerFields: The fields to send; a transport sets `Content-Length` from the body itself.
    ///   - body: The body's bytes.
    public init(status: HTTPResponse.Status, headerFields: HTTPFields = [:], body: [UInt8] = []) {
        storage = Storage(status: status, headerFields: headerFields, body: body)
    }

    /// A response whose body is `text` as UTF-8.
    /// - Parameters:
    ///   - status: The status line's code and reason.
    ///   - headerFields: The fields to send.
    ///   - text: The body.
    public init(status: HTTPResponse.Status, headerFields: HTTPFields = [:], text: String) {
        self.init(status: status, headerFields: headerFields, body: Array(text.utf8))
    }

    public var status: HTTPResponse.Status { storage.status }
    /// The status code alone: read on every send, without copying the reason phrase.
    public var statusCode: Int { storage.statusCode }
    public var headerFields: HTTPFields { storage.headerFields }
    public var body: [UInt8] { storage.body }
    /// The body's length in bytes.
    public var bodyCount: Int { storage.body.count }

    /// About how many bytes of memory this response keeps alive: its body, its header fields
    /// (here and in a transport's wire form) and the objects around them.
    public var retainedBytes: Int {
        var headers = 0
        for field in storage.headerFields { headers += field.name.rawName.utf8.count + field.value.utf8.count + 64 }
        return storage.body.count + 2 * headers + 256
    }

    /// The transport's own form of this response, if one was kept (see ``keepWireForm(_:)``).
    package var wireForm: (any WireForm)? { storage.wire.object?.form }

    /// Keeps `form` as the transport's own form of this response, for as long as the response,
    /// unless one was kept first (two threads sending a new response at once): returns the one kept.
    package func keepWireForm(_ form: any WireForm) -> any WireForm { storage.wire.keep(WireBox(form)).form }

    private final class Storage: Sendable {
        let status: HTTPResponse.Status
        let statusCode: Int
        let headerFields: HTTPFields
        let body: [UInt8]
        /// Set once, by the first transport that sends the response.
        let wire = OnceReference<WireBox>()

        init(status: HTTPResponse.Status, headerFields: HTTPFields, body: [UInt8]) {
            self.status = status
            statusCode = status.code
            self.headerFields = headerFields
            self.body = body
        }
    }
}

/// A transport's own form of a ``Response`` (see ``Response/wireForm``).
package protocol WireForm: AnyObject, Sendable {}

/// Holds a wire form for ``OnceReference``, which holds a class.
private final class WireBox: Sendable {
    let form: any WireForm
    init(_ form: any WireForm) {
        self.form = form
    }
}
