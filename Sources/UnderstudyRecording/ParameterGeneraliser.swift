import UnderstudyDocuments
import UnderstudyStaging

/// `--params`: path segments that look like ids become `:id` parameters, in one extra route per shape
/// (`/myapi/users/:id`) placed after the recorded ones. The recorded routes stay, so every recorded body
/// still replays byte for byte; the extra route answers ids that were never recorded, with the first
/// recorded body as a template in which the id is filled in where it stood in links and in an `id` field.
package enum ParameterGeneraliser {
    /// Digits; a UUID; or a long hex or mixed token holding a digit (a hash, an object id).
    package static func isIdentifier(_ segment: Substring) -> Bool {
        guard !segment.isEmpty, segment.count <= 64 else { return false }
        if segment.allSatisfy(\.isASCIIDigit) { return true }
        guard segment.count >= 8, segment.contains(where: \.isASCIIDigit) else { return false }
        return segment.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }
    }

    /// The generalised routes for `routes` (none for a route without id segments).
    static func generalise(_ routes: [RecordedRoute]) -> [RecordedRoute] {
        var seen: Set<String> = []
        var out: [RecordedRoute] = []
        for route in routes {
            let prefixCount = route.mapping.prefix.split(separator: "/").count
            let segments = route.path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()  // the leading ""
            var names: [String] = []
            var values: [String] = []
            var pattern: [String] = []
            for (index, segment) in segments.enumerated() {
                if index >= prefixCount, isIdentifier(segment) {
                    let name = names.isEmpty ? "id" : "id\(names.count + 1)"
                    names.append(name)
                    values.append(String(segment))
                    pattern.append(":" + name)
                } else {
                    pattern.append(String(segment))
                }
            }
            guard !names.isEmpty else { continue }
            let path = "/" + pattern.joined(separator: "/")
            guard seen.insert("\(route.method) \(path)?\(route.query)").inserted else { continue }
            var generic = route
            generic.path = path
            generic.body = template(route.body, values: values, names: names)
            out.append(generic)
        }
        return out
    }

    /// The body with each id value replaced by its placeholder where it stands as a path segment, and the
    /// last one also as the value of an `"id"` field.
    static func template(_ body: RecordedRoute.Body, values: [String], names: [String]) -> RecordedRoute.Body {
        let text: String
        switch body {
        case .none: return .none
        case .text(let string): text = string
        case .json(let value): text = String(decoding: JSONWriter().template(value).render(origin: Origin("{{origin}}")), as: UTF8.self)
        }
        var out = text
        for (value, name) in zip(values, names) {
            for end in ["/", "\"", "?", "\\/"] {
                out = out.replacingAll("/" + value + end, with: "/{{\(name)}}" + end)
            }
        }
        if let value = values.last, let name = names.last {
            for spelling in ["\"id\":\(value),", "\"id\": \(value),", "\"id\":\(value)}", "\"id\": \(value)}"] {
                out = out.replacingAll(spelling, with: spelling.replacingAll(value, with: "{{\(name)}}"))
            }
            out = out.replacingAll("\"id\":\"\(value)\"", with: "\"id\":\"{{\(name)}}\"")
            out = out.replacingAll("\"id\": \"\(value)\"", with: "\"id\": \"{{\(name)}}\"")
        }
        return .text(out)
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
