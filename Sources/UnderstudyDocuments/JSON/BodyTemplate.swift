/// The origin (`http://host:port`) a body's links point at, in the two
/// spellings JSON bodies need.
package struct Origin: Sendable, Hashable {
    package let plain: [UInt8]
    /// With `/` written as `\/`, as PHP's JSON encoder does (catfact).
    package let slashEscaped: [UInt8]

    package init(_ origin: String) {
        plain = Array(origin.utf8)
        slashEscaped = Array(origin.replacingAll("/", with: "\\/").utf8)
    }
}

/// A response body as bytes with holes for the origin. Rendered once per
/// host and cached, so links follow the address a client used without any
/// work on the hot path.
package struct BodyTemplate: Sendable, Hashable {
    package enum Segment: Sendable, Hashable {
        case bytes([UInt8])
        case origin(slashEscaped: Bool)
        /// The origin rewritten as the rest of the body was (SWAPI's `?format=wookiee`).
        case translatedOrigin(ByteTranslation)
    }

    package private(set) var segments: [Segment] = []

    package init() {}

    package init(_ text: String) {
        append(text)
    }

    package init(_ bytes: [UInt8]) {
        append(bytes)
    }

    package mutating func append(_ text: String) {
        append(Array(text.utf8))
    }

    package mutating func append(_ bytes: [UInt8]) {
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

    package mutating func appendOrigin(slashEscaped: Bool) {
        segments.append(.origin(slashEscaped: slashEscaped))
    }

    mutating func appendSegment(_ segment: Segment) {
        segments.append(segment)
    }

    package mutating func append(_ other: BodyTemplate) {
        for segment in other.segments {
            switch segment {
            case .bytes(let bytes): append(bytes)
            case .origin(let escaped): appendOrigin(slashEscaped: escaped)
            case .translatedOrigin(let translation): segments.append(.translatedOrigin(translation))
            }
        }
    }

    package func render(origin: Origin) -> [UInt8] {
        var out: [UInt8] = []
        for segment in segments {
            switch segment {
            case .bytes(let bytes): out += bytes
            case .origin(let escaped): out += escaped ? origin.slashEscaped : origin.plain
            case .translatedOrigin(let translation): out += translation.translate(origin.plain)
            }
        }
        return out
    }
}

extension BodyTemplate {
    /// The body with every byte rewritten by `translation`, its origin holes included: they are
    /// filled in rewritten when the body is rendered for a host.
    package func translated(by translation: ByteTranslation) -> BodyTemplate {
        var result = BodyTemplate()
        for segment in segments {
            switch segment {
            case .bytes(let bytes): result.append(translation.translate(bytes))
            case .origin, .translatedOrigin: result.appendSegment(.translatedOrigin(translation))
            }
        }
        return result
    }
}

/// A rewriting of a body byte by byte, each byte to a fixed string of bytes, that the origin
/// filled in later must undergo too (SWAPI's `?format=wookiee`).
package struct ByteTranslation: Sendable, Hashable {
    /// What each byte becomes, by its value: 256 entries.
    private let table: [[UInt8]]

    /// - Parameter replacements: The bytes that change and what each becomes; the rest stay.
    package init(_ replacements: [UInt8: [UInt8]]) {
        table = (0...255).map { replacements[UInt8($0)] ?? [UInt8($0)] }
    }

    package func translate(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count * 2)
        for byte in bytes { out += table[Int(byte)] }
        return out
    }
}
