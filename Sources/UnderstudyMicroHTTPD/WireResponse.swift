import CMicroHTTPD
import HTTPTypes
import UnderstudyHTTP

/// A ``Response`` as libmicrohttpd sends it: its response object, made the first time the
/// response is sent and kept with it (``Response/wireForm``), so a cached response is
/// queued again with a reference-count increment and no copy or encoding.
///
/// The object points at the response's own body bytes: it holds a retained owner of the body
/// array, released by libmicrohttpd's free callback when its last connection is done sending,
/// so the bytes outlive this value for connections still sending them.
final class WireResponse: WireForm, @unchecked Sendable {
    let handle: OpaquePointer

    init(_ response: Response, extra: HTTPFields) {
        let owner = BodyOwner(response.body)
        let bytes = owner.body.withUnsafeBufferPointer { $0.baseAddress }
        if let bytes, !owner.body.isEmpty {
            let context = Unmanaged.passRetained(owner).toOpaque()
            handle = MHD_create_response_from_buffer_with_free_callback_cls(
                owner.body.count, UnsafeMutableRawPointer(mutating: bytes),
                { context in
                    if let context { Unmanaged<BodyOwner>.fromOpaque(context).release() }
                }, context)
        } else {
            handle = MHD_create_response_from_buffer(0, nil, .RESPMEM_PERSISTENT)
        }
        Self.addHeaders(response.headerFields, to: handle)
        Self.addHeaders(extra, to: handle)
    }

    deinit {
        MHD_destroy_response(handle)
    }

    /// `extra`: the server's ``ServerConfiguration/responseFields``, kept in the wire form with the rest
    /// (read only when the form is made, so a cached response's send does not even copy them).
    static func of(_ response: Response, extra: @autoclosure () -> HTTPFields) -> WireResponse {
        // A cast to a final class is one compare of the type. Another transport's form (none
        // exists today) would be replaced per send, never misread.
        if let kept = response.wireForm as? WireResponse { return kept }
        let made = WireResponse(response, extra: extra())
        return response.keepWireForm(made) as? WireResponse ?? made
    }

    static func addHeaders(_ fields: HTTPFields, to response: OpaquePointer) {
        for field in fields where field.name != .contentLength {
            _ = MHD_add_response_header(response, field.name.rawName, field.value)
        }
    }
}

/// Keeps a body array (and so its buffer, which is never mutated) alive for libmicrohttpd.
private final class BodyOwner {
    let body: [UInt8]
    init(_ body: [UInt8]) {
        self.body = body
    }
}
