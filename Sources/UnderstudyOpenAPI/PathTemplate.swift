/// An operation's path as written in the document (`/pets/{petId}`), split into segments so the
/// engine can match a request path without a regex.
package struct PathTemplate: Hashable, Sendable, CustomStringConvertible {
    package enum Segment: Hashable, Sendable {
        case literal(String)
        /// `{petId}`: one whole segment. A segment that mixes text and a parameter
        /// (`/files/{name}.json`) is kept as `.mixed` so nothing is lost.
        case parameter(String)
        /// Text with one or more `{name}`s inside, e.g. `{name}.json`: pieces in order.
        case mixed([Piece])
    }

    package enum Piece: Hashable, Sendable {
        case text(String)
        case parameter(String)
    }

    package var segments: [Segment]
    /// As written in the document.
    package var text: String

    package init(_ text: String) {
        self.text = text
        // Empty segments left out, as the engine reads a request's path: `/probe/` is served at `/probe/` (and `/probe`).
        segments = text.split(separator: "/").map(Self.segment)
    }

    private static func segment(_ text: Substring) -> Segment {
        guard text.utf8.contains(UInt8(ascii: "{")) else { return .literal(String(text)) }
        var pieces: [Piece] = []
        var rest = text[...]
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            if open > rest.startIndex { pieces.append(.text(String(rest[..<open]))) }
            pieces.append(.parameter(String(rest[rest.index(after: open)..<close])))
            rest = rest[rest.index(after: close)...]
        }
        if !rest.isEmpty { pieces.append(.text(String(rest))) }
        if pieces.count == 1, case .parameter(let name) = pieces[0] { return .parameter(name) }
        return .mixed(pieces)
    }

    /// How specific each segment is: a literal (2) over text with a parameter (`{sid}.json`, 1) over a
    /// parameter (0). Of two templates that match a path, the one more specific at the first segment where
    /// they differ is the operation (`/Numbers/Local.json` over `/Numbers/{sid}.json`), as OpenAPI asks.
    package var specificity: [Int] {
        segments.map {
            switch $0 {
            case .literal: 2
            case .mixed: 1
            case .parameter: 0
            }
        }
    }

    /// Whether this template is more specific than `other` at the first segment where they differ.
    package func isMoreSpecific(than other: PathTemplate) -> Bool {
        for (mine, theirs) in zip(specificity, other.specificity) where mine != theirs { return mine > theirs }
        return false
    }

    /// The parameter names, in order.
    package var parameterNames: [String] {
        segments.flatMap { segment -> [String] in
            switch segment {
            case .literal: []
            case .parameter(let name): [name]
            case .mixed(let pieces):
                pieces.compactMap {
                    if case .parameter(let name) = $0 { return name }
                    return nil
                }
            }
        }
    }

    /// The parameters of `path` (already split at `/`, without the server's base path) when it
    /// matches; nil when it does not. A parameter matches one non-empty segment (or its part of one).
    package func match(_ path: some Collection<Substring>) -> [String: String]? {
        guard path.count == segments.count else { return nil }
        var values: [String: String] = [:]
        for (segment, part) in zip(segments, path) {
            switch segment {
            case .literal(let text):
                guard part == text else { return nil }
            case .parameter(let name):
                guard !part.isEmpty else { return nil }
                values[name] = String(part)
            case .mixed(let pieces):
                guard let found = Self.match(pieces[...], part) else { return nil }
                values.merge(found) { first, _ in first }
            }
        }
        return values
    }

    /// Text pieces must appear as written; a parameter takes the shortest non-empty run before the next text.
    /// One segment against a mixed segment's pieces: its parameters' values, or nil when it does not match.
    package static func match(_ pieces: [Piece], _ segment: Substring) -> [String: String]? { match(pieces[...], segment) }

    private static func match(_ pieces: ArraySlice<Piece>, _ text: Substring) -> [String: String]? {
        guard let first = pieces.first else { return text.isEmpty ? [:] : nil }
        switch first {
        case .text(let literal):
            guard text.hasPrefix(literal) else { return nil }
            return match(pieces.dropFirst(), text.dropFirst(literal.count))
        case .parameter(let name):
            guard pieces.count > 1 else { return text.isEmpty ? nil : [name: String(text)] }
            guard !text.isEmpty else { return nil }
            var end = text.index(after: text.startIndex)
            while end <= text.endIndex {
                if var rest = match(pieces.dropFirst(), text[end...]) {
                    rest[name] = String(text[..<end])
                    return rest
                }
                guard end < text.endIndex else { break }
                end = text.index(after: end)
            }
            return nil
        }
    }

    package var description: String { text }
}
