import CUnderstudyHTTPWire
package import HTTPTypes
package import UnderstudyHTTP

extension ServerRequest {
    /// The request the server would hand a responder for this raw request-line target and these
    /// header fields, without a socket: the target split at the first `?`, the path percent-decoded
    /// (keeping `%00` encoded) and the query packed by the same C code the server uses. For the fuzzer.
    package static func received(
        method: HTTPRequest.Method, rawTarget: [UInt8], headers: [(name: String, value: String)], body: [UInt8] = [],
        version: String = "HTTP/1.1"
    ) -> ServerRequest {
        let split = rawTarget.firstIndex(of: UInt8(ascii: "?"))
        // NUL-terminated, as libmicrohttpd hands the path to its unescape callback (which works in place).
        var path = Array(rawTarget[..<(split ?? rawTarget.endIndex)].prefix { $0 != 0 }) + [0]
        let pathLength = path.withUnsafeMutableBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { uhw_unescape_keeping_nul(nil, nil, $0.baseAddress) }
        }
        let query = split.map { Array(rawTarget[(rawTarget.index(after: $0))...]) } ?? []
        let querySize = query.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { uhw_pack_query($0.baseAddress, $0.count, nil) }
        }
        let packed = FieldBytes.make(count: querySize) { out in
            _ = query.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { source in
                    out.withMemoryRebound(to: CChar.self) { uhw_pack_query(source.baseAddress, source.count, $0.baseAddress) }
                }
            }
        }
        let fields = PackedRequestFields(query: PackedFields(bytes: packed), headers: PackedFields(headers))
        let target = RequestTarget(
            host: fields.host, path: String(decoding: path.prefix(pathLength), as: UTF8.self),
            query: String(decoding: query, as: UTF8.self))
        return ServerRequest(method: method, target: target, fields: fields, body: body, version: version)
    }
}
