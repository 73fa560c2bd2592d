import CMicroHTTPD
import CUnderstudyHTTPWire
import HTTPTypes
import UnderstudyHTTP

/// From libmicrohttpd's view of a request to the ``ServerRequest`` a responder sees.
extension HTTPServer {
    func makeRequest(
        _ connection: OpaquePointer, url: UnsafePointer<CChar>, method: UnsafePointer<CChar>, version: UnsafePointer<CChar>?,
        body: [UInt8], exchange: Connection.Exchange
    ) -> ServerRequest {
        // Query (from the raw target) and headers in one buffer: one pass to measure, one to copy.
        var querySize = 0
        var headerSize = 0
        let raw = exchange.target
        uhw_pack_request(connection, raw, nil, &querySize, &headerSize)
        let size = querySize + headerSize
        let packed =
            size == 0
            ? FieldBytes.empty
            : FieldBytes.make(count: size) { buffer in
                uhw_pack_request(connection, raw, buffer.baseAddress, &querySize, &headerSize)
            }
        let fields = PackedRequestFields(bytes: packed, querySize: querySize)
        let pathStart = url + exchange.pathOffset
        let pathBytes = UnsafeRawBufferPointer(start: pathStart, count: strlen(pathStart))
        let queryBytes = UnsafeRawBufferPointer(start: raw.pointee.query, count: raw.pointee.query == nil ? 0 : raw.pointee.query_length)
        let target: RequestTarget
        if let authority = exchange.absoluteAuthority {
            // Absolute form (RFC 9112 3.2.2): the target's authority stands in for the Host field.
            let path = pathBytes.isEmpty ? "/" : String(decoding: pathBytes, as: UTF8.self)
            target = RequestTarget(
                host: authority, path: path, query: String(decoding: queryBytes, as: UTF8.self), isSecure: exchange.secure)
        } else {
            // Hashed here, on the bytes as received, eight at a time (RequestTarget would read its strings again).
            var hash = TargetHash(seed: RequestTarget.hashSeed)
            Self.combine(pathBytes, into: &hash)
            Self.combine(queryBytes, into: &hash)
            // The Host the strict checks found: no second search of the fields for it.
            Self.combine(exchange.host, into: &hash)
            target = RequestTarget(
                host: exchange.hostString(), path: String(decoding: pathBytes, as: UTF8.self),
                query: queryBytes.isEmpty ? "" : String(decoding: queryBytes, as: UTF8.self), digest: hash.value,
                isSecure: exchange.secure)
        }
        var request = ServerRequest(
            method: Self.method(method), target: target, fields: fields, body: body,
            version: version.map { strcmp($0, "HTTP/1.1") == 0 ? "HTTP/1.1" : String(cString: $0) } ?? "HTTP/1.1"
        )
        // Where the raw path's first escape was (libmicrohttpd has decoded the path in place since).
        let escape = raw.pointee.first_escape
        // size_t comes in as Int: SIZE_MAX (no escape) reads as -1.
        if escape >= 0 { request.literalPathPrefix = max(0, escape - exchange.pathOffset) }
        if let authority = exchange.absoluteAuthority {
            var headers = request.headerFields
            headers[HTTPField.Name("Host")!] = authority
            request.headerFields = headers
        }
        return request
    }

    /// ``TargetHash/combine(_:)`` over received bytes: whole words loaded in place, then the tail.
    private static func combine(_ bytes: UnsafeRawBufferPointer, into hash: inout TargetHash) {
        let count = bytes.count
        var offset = 0
        while offset + 8 <= count {
            hash.mix(UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
            offset += 8
        }
        var last: UInt64 = 0
        var shift: UInt64 = 0
        while offset < count {
            last |= UInt64(bytes[offset]) << shift
            shift += 8
            offset += 1
        }
        hash.finish(last: last, count: count)
    }

    /// The usual methods without parsing and validating a new string.
    private static func method(_ name: UnsafePointer<CChar>) -> HTTPRequest.Method {
        if strcmp(name, "GET") == 0 { return .get }
        if strcmp(name, "HEAD") == 0 { return .head }
        if strcmp(name, "POST") == 0 { return .post }
        if strcmp(name, "PUT") == 0 { return .put }
        // `checkStrictly` answered 400 to a method that is not a token, so this always parses.
        return HTTPRequest.Method(String(cString: name)) ?? .get
    }
}
