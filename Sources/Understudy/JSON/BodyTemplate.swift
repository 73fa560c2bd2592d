/// The origin (`http://host:port`) a body's links point at, in the two
/// spellings JSON bodies need.
public struct Origin: Sendable, Hashable {
    public let plain: [UInt8]
    /// With `/` written as `\/`, as PHP's JSON encoder does (catfact).
    public let slashEscaped: [UInt8]

    public init(_ origin: String) {
        plain = Array(origin.utf8)
        slashEscaped = Array(origin.replacingAll("/", with: "\\/").utf8)
    }
}

/// A response body as bytes with holes for the origin. Rendered once per
/// host and cached, so links follow the address a client used without any
/// work on the hot path.
public struct BodyTemplate: Sendable, Hashable {
    public enum Segment: Sendable, Hashable {
        case bytes([UInt8])
        case origin(slashEscaped: Bool)
    }

    public private(set) var segments: [Segment] = []

    public init() {}

    public init(_ text: String) {
        append(text)
    }

    public mutating func append(_ text: String) {
        append(Array(text.utf8))
    }

    public mutating func append(_ bytes: [UInt8]) {
        guard !bytes.isEmpty else { return }
        if case .bytes(var last)? = segments.last {
            // Taken out first, so `last` is the only reference and grows in place: building the
            // new array from the old one copied everything written so far on every append,
            // quadratic in the body (a 600 KB JSON body took seconds to load).
            segments.removeLast()
            last.append(contentsOf: bytes)
            segments.append(.bytes(last))
        } else {
            segments.append(.bytes(bytes))
        }
    }

    public mutating func appendOrigin(slashEscaped: Bool) {
        segments.append(.origin(slashEscaped: slashEscaped))
    }

    public mutating func append(_ other: BodyTemplate) {
        for segment in other.segments {
            switch segment {
            case .bytes(let bytes): append(bytes)
            case .origin(let escaped): appendOrigin(slashEscaped: escaped)
            }
        }
    }

    public func render(origin: Origin) -> [UInt8] {
        var out: [UInt8] = []
        for segment in segments {
            switch segment {
            case .bytes(let bytes): out += bytes
            case .origin(let escaped): out += escaped ? origin.slashEscaped : origin.plain
            }
        }
        return out
    }
}
