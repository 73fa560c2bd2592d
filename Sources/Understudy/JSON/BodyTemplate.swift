/// The origin (`http://host:port`) a body's links point at, in the two
/// spellings JSON bodies need.
public struct Origin: Sendable, Hashable {
    public let plain: [UInt8]
    /// With `/` written as `\/`, as PHP's JSON encoder does (catfact).
    public let slashEscaped: [UInt8]
    /// Translated as SWAPI's `?format=wookiee` translates a whole body.
    public var wookiee: [UInt8] { Wookiee.translate(plain) }

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
        /// The origin in Wookiee (SWAPI's `?format=wookiee`).
        case wookieeOrigin
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

    mutating func appendSegment(_ segment: Segment) {
        segments.append(segment)
    }

    public mutating func append(_ other: BodyTemplate) {
        for segment in other.segments {
            switch segment {
            case .bytes(let bytes): append(bytes)
            case .origin(let escaped): appendOrigin(slashEscaped: escaped)
            case .wookieeOrigin: segments.append(.wookieeOrigin)
            }
        }
    }

    public func render(origin: Origin) -> [UInt8] {
        var out: [UInt8] = []
        for segment in segments {
            switch segment {
            case .bytes(let bytes): out += bytes
            case .origin(let escaped): out += escaped ? origin.slashEscaped : origin.plain
            case .wookieeOrigin: out += origin.wookiee
            }
        }
        return out
    }
}

/// SWAPI's Wookiee renderer: the JSON it would send, with each lower-case ASCII letter replaced
/// (`a` → `ra`, …), keys, links and `null` included, so the result is not always valid JSON.
enum Wookiee {
    private static let table: [[UInt8]] = [
        "ra", "rh", "oa", "wa", "wo", "ww", "rr", "ac", "ah", "sh", "or", "an", "sc",
        "wh", "oo", "ak", "rq", "rc", "c", "ao", "hu", "ho", "oh", "k", "ro", "uf",
    ].map { Array($0.utf8) }

    static func translate(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            if byte >= UInt8(ascii: "a"), byte <= UInt8(ascii: "z") {
                out += table[Int(byte - UInt8(ascii: "a"))]
            } else {
                out.append(byte)
            }
        }
        return out
    }

    static func translate(_ template: BodyTemplate) -> BodyTemplate {
        var result = BodyTemplate()
        for segment in template.segments {
            switch segment {
            case .bytes(let bytes): result.append(translate(bytes))
            case .origin, .wookieeOrigin: result.appendWookieeOrigin()
            }
        }
        return result
    }
}

extension BodyTemplate {
    mutating func appendWookieeOrigin() { appendSegment(.wookieeOrigin) }
}
