package import HTTPTypes
package import UnderstudyAdminWire
package import UnderstudyDocuments
package import UnderstudyHTTP

// The three public APIs Understudy stands in for are the wire module's `UnderstudyAPI`, shared with the
// client library; here, what the server needs of them: prefix matching, and how each escapes JSON.
extension UnderstudyAPI {
    /// The position of the API in `allCases`.
    package var index: Int {
        switch self {
        case .swapi: 0
        case .artic: 1
        case .catfact: 2
        }
    }

    /// The API whose prefix `path` starts with.
    package static func match(_ path: String) -> UnderstudyAPI? {
        if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
            // One span over the path for the whole match: this runs on every request.
            let bytes = path.utf8.span
            guard bytes.count > 1, let api = candidate(secondByte: bytes[1]) else { return nil }
            let prefix = api.prefixBytes
            guard prefix.count <= bytes.count else { return nil }
            for index in 1..<prefix.count where bytes[index] != prefix[index] { return nil }
            return bytes.count == prefix.count || bytes[prefix.count] == UInt8(ascii: "/") ? api : nil
        }
        return portableMatch(path)
    }

    /// ``match(_:)`` without `Span` (macOS 14–25); package so that tests run it on every system.
    package static func portableMatch(_ path: String) -> UnderstudyAPI? {
        guard let second = path.portableUTF8Byte(at: 1), let api = candidate(secondByte: second), path.portableHasBytePrefix(api.prefix)
        else { return nil }
        let next = path.portableUTF8Byte(at: api.prefix.utf8.count)
        return next == nil || next == UInt8(ascii: "/") ? api : nil
    }

    /// The prefixes differ in their second byte: compare against one of them, not all three.
    private static func candidate(secondByte: UInt8) -> UnderstudyAPI? {
        switch secondByte {
        case UInt8(ascii: "s"): .swapi
        case UInt8(ascii: "a"): .artic
        case UInt8(ascii: "c"): .catfact
        default: nil
        }
    }

    /// ``prefix`` as bytes, made once.
    private var prefixBytes: [UInt8] {
        switch self {
        case .swapi: Self.swapiPrefix
        case .artic: Self.articPrefix
        case .catfact: Self.catfactPrefix
        }
    }

    private static let swapiPrefix = Array(UnderstudyAPI.swapi.prefix.utf8)
    private static let articPrefix = Array(UnderstudyAPI.artic.prefix.utf8)
    private static let catfactPrefix = Array(UnderstudyAPI.catfact.prefix.utf8)

    /// The rest of a path this API matched, after its prefix. Only routing needs it, and a
    /// request whose response is already known skips routing.
    package func subpath(of path: String) -> Substring {
        // The prefixes are ASCII: step over them in UTF-8, not Character by Character.
        path[path.utf8.index(path.startIndex, offsetBy: prefix.utf8.count)...]
    }

    /// How this API's server escapes JSON.
    package var writer: JSONWriter {
        switch self {
        case .swapi: JSONWriter()
        case .artic: JSONWriter(escapeTags: true)
        case .catfact: JSONWriter(escapeSlashes: true, escapeNonASCII: true)
        }
    }
}

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

/// Which response of a built-in API a request asks for. Cheap to compute, so the rendered
/// response can be looked up in the cache before any body is assembled.
package enum BuiltinRoute: Hashable, Sendable {
    case swapi(SWAPIRoute)
    case artic(ArticRoute)
    case catfact(CatFactRoute)

    /// Whether every request that routes here gets the same response: false where the
    /// service picks at random, so the request's target alone cannot stand for the route.
    package var isRepeatable: Bool {
        if case .catfact(.fact) = self { return false }
        return isCacheable
    }

    /// Whether the rendered response may be kept in the scenario's cache: not for a search whose
    /// key holds a request body (up to 64 KiB each, which 4,096 entries would multiply).
    package var isCacheable: Bool {
        if case .artic(.searchBody) = self { return false }
        return true
    }
}

/// One API's behavior over one dataset.
package protocol APIService: Sendable {
    func route(_ request: ServerRequest, subpath: Substring) -> BuiltinRoute
    func render(_ route: BuiltinRoute) -> APIResponse
}

extension Substring {
    /// Path segments without empty ones, so `/a/b/` and `/a/b` read alike.
    /// A loop over UTF-8 bytes: splitting on Characters, and then `split` on bytes, cost more
    /// than the rest of routing a request.
    package var pathSegments: [Substring] {
        var segments: [Substring] = []
        let bytes = utf8
        var start = bytes.startIndex
        var index = start
        while index != bytes.endIndex {
            if bytes[index] == UInt8(ascii: "/") {
                if start != index { segments.append(self[start..<index]) }
                start = bytes.index(after: index)
            }
            index = bytes.index(after: index)
        }
        if start != index { segments.append(self[start..<index]) }
        return segments
    }
}
