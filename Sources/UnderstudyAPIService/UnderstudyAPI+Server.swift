import HTTPTypes
package import UnderstudyAdminWire
package import UnderstudyDocuments
import UnderstudyHTTP

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

    /// Whether a path under this API's prefix takes `POST`: only artic's search does.
    package func takesPost(_ subpath: Substring) -> Bool {
        self == .artic && subpath.pathSegments == ["artworks", "search"]
    }

    /// Whether a dataset of this API is a folder of JSON files (SWAPI's, catfact's) or one JSON file (artic's).
    package var datasetIsFolder: Bool { self != .artic }

    /// How this API's server escapes JSON.
    package var writer: JSONWriter {
        switch self {
        case .swapi: JSONWriter()
        case .artic: JSONWriter(escapeTags: true)
        case .catfact: JSONWriter(escapeSlashes: true, escapeNonASCII: true)
        }
    }
}
