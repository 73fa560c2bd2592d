import CMicroHTTPD
import HTTPTypes

/// A complete response rendered once and queued as often as needed.
///
/// Building it copies the body into a buffer that the libmicrohttpd response
/// object owns (the only copy kept); queuing it afterwards costs no copy and
/// no encoding, which keeps the hot path at a reference-count increment.
/// libmicrohttpd reference-counts the object and frees the buffer with it, so
/// it stays valid for connections still sending it after this value is gone.
public final class PreparedResponse: @unchecked Sendable {
    public let status: HTTPResponse.Status
    public let headerFields: HTTPFields
    /// The body's length in bytes.
    public let bodyCount: Int
    /// The body, owned by `handle` (nil when empty).
    private let bytes: UnsafeRawPointer?
    let handle: OpaquePointer

    public init(status: HTTPResponse.Status, headerFields: HTTPFields = [:], body: [UInt8] = []) {
        self.status = status
        self.headerFields = headerFields
        bodyCount = body.count
        if body.isEmpty {
            bytes = nil
            handle = MHD_create_response_from_buffer(0, nil, .RESPMEM_PERSISTENT)
        } else {
            let buffer = malloc(body.count)!
            body.withUnsafeBytes { buffer.copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
            bytes = UnsafeRawPointer(buffer)
            handle = MHD_create_response_from_buffer_with_free_callback(body.count, buffer, free)
        }
        Self.addHeaders(headerFields, to: handle)
    }

    /// Convenience for text bodies.
    public convenience init(status: HTTPResponse.Status, headerFields: HTTPFields = [:], text: String) {
        self.init(status: status, headerFields: headerFields, body: Array(text.utf8))
    }

    deinit {
        MHD_destroy_response(handle)
    }

    /// A copy of the body (the response keeps one copy only, inside libmicrohttpd's object).
    public var body: [UInt8] {
        guard let bytes else { return [] }
        return Array(UnsafeRawBufferPointer(start: bytes, count: bodyCount))
    }

    /// About how many bytes of memory this response keeps alive: its body, its header
    /// fields (here and in libmicrohttpd's list) and the objects around them.
    public var retainedBytes: Int {
        var headers = 0
        for field in headerFields { headers += field.name.rawName.utf8.count + field.value.utf8.count + 64 }
        return bodyCount + 2 * headers + 256
    }

    static func addHeaders(_ fields: HTTPFields, to response: OpaquePointer) {
        for field in fields where field.name != .contentLength {
            _ = MHD_add_response_header(response, field.name.rawName, field.value)
        }
    }
}
