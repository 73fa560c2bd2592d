import CMicroHTTPD
import HTTPTypes

/// A complete response rendered once and queued as often as needed.
///
/// Building it copies the body into a libmicrohttpd response object; queuing
/// it afterwards costs no copy and no encoding, which keeps the hot path at
/// a reference-count increment. libmicrohttpd reference-counts the object, so
/// it stays valid for connections still sending it after this value is gone.
public final class PreparedResponse: @unchecked Sendable {
    public let status: HTTPResponse.Status
    public let headerFields: HTTPFields
    public let body: [UInt8]
    let handle: OpaquePointer

    public init(status: HTTPResponse.Status, headerFields: HTTPFields = [:], body: [UInt8] = []) {
        self.status = status
        self.headerFields = headerFields
        self.body = body
        handle = body.withUnsafeBytes { bytes in
            MHD_create_response_from_buffer(bytes.count, UnsafeMutableRawPointer(mutating: bytes.baseAddress), .RESPMEM_MUST_COPY)
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

    static func addHeaders(_ fields: HTTPFields, to response: OpaquePointer) {
        for field in fields where field.name != .contentLength {
            _ = MHD_add_response_header(response, field.name.rawName, field.value)
        }
    }
}
