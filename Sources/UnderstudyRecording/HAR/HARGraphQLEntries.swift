import UnderstudyDocuments

/// An import's GraphQL requests gathered by path and operation, written as the scenario file's `graphql:` entries:
///
/// ```yaml
/// graphql:
///   - path: "/myapi/graphql"
///     operations:
///       "GetFilms":
///         status: 200
///         json: {"data": {"allFilms": []}}
///       "GetFilm":                      # called with different variables: one answer each, keyed by them
///         - variables: {json: {"id": "1"}}
///           status: 200
///           json: {"data": {"film": {"title": "A New Hope"}}}
/// ```
///
/// Each answer is the operation's LAST (as a route keeps its last), written as `record` writes a route's response
/// (through ``RecordedRoute``: the headers that matter, links as `{{origin}}`, `json:` or text, long bodies in files).
/// An operation called with different variables gets one answer per variables, most specific first, unless a
/// variables value holds a secret (a sign-in's password), which the file would then carry; then it keeps one answer.
struct HARGraphQLEntries {
    struct Answer {
        var exchange: RecordedExchange
        var entry: HAREntry
        var call: HARGraphQLCall
    }

    struct Output {
        var yaml = ""
        var files: [(path: String, bytes: [UInt8])] = []
        var sessionRoutes: [JSONValue] = []
        var operations = 0
        var notes: [String] = []
    }

    private var paths: [String] = []
    private var operations: [String: [String]] = [:]
    private var answers: [String: [Answer]] = [:]

    var isEmpty: Bool { paths.isEmpty }

    func contains(path: String) -> Bool { operations[path] != nil }

    mutating func add(_ answer: Answer) {
        let path = answer.call.path
        if operations[path] == nil { paths.append(path) }
        let key = path + "\n" + answer.call.operation
        if answers[key] == nil { operations[path, default: []].append(answer.call.operation) }
        answers[key, default: []].append(answer)
    }

    /// `redactor` decides whether variables hold a secret (nil with `--keep-secrets`); `delay` is `--keep-timing`'s.
    func render(scenario: String, keepHeaders: Set<String>, redactor: HARRedactor?, inlineLimit: Int, delay: (HAREntry) -> Int?) -> Output {
        var output = Output()
        guard !paths.isEmpty else { return output }
        output.yaml = "graphql:\n"
        for path in paths {
            output.yaml += "  - path: \(YAMLText.quoted(path))\n    operations:\n"
            for operation in operations[path]! {
                let calls = answers[path + "\n" + operation]!
                let groups = Self.groups(calls, redactor: redactor)
                var written: [[String]] = []
                for group in groups {
                    let last = group.answers.last!
                    do throws(RecordedRoute.Skip) {
                        let route = try RecordedRoute(last.exchange, keepHeaders: keepHeaders, notes: &output.notes)
                        var lines = group.variables.map { ["variables: {json: \(YAMLText.flow($0))}"] } ?? []
                        lines += answerLines(
                            route, delay: delay(last.entry), scenario: scenario, operation: operation, inlineLimit: inlineLimit, files: &output.files)
                        written.append(lines)
                    } catch {
                        output.notes.append("GraphQL \(operation): \(error.description)")
                    }
                    output.sessionRoutes += HARSessionRoutes.routes(
                        group.answers.map { ($0.exchange, delay($0.entry)) }, keepHeaders: keepHeaders,
                        operation: .init(name: operation, variables: group.variables))
                }
                guard !written.isEmpty else { continue }
                output.operations += 1
                output.yaml += "      \(YAMLText.quoted(operation)):\n"
                if written.count == 1, groups.count == 1, groups[0].variables == nil {
                    output.yaml += written[0].map { "        \($0)\n" }.joined()
                } else {
                    for lines in written {
                        output.yaml += "        - \(lines[0])\n" + lines.dropFirst().map { "          \($0)\n" }.joined()
                    }
                }
            }
        }
        return output
    }

    /// An operation's calls by variables, most specific first and the calls without variables last; one group (no
    /// `variables:` matcher) when they were all called alike, or when some variables hold a secret.
    private static func groups(_ calls: [Answer], redactor: HARRedactor?) -> [(variables: JSONValue?, answers: [Answer])] {
        var order: [String] = []
        var byText: [String: (variables: JSONValue?, answers: [Answer])] = [:]
        for call in calls {
            let variables = call.call.variables.flatMap { $0 == .object([]) ? nil : $0 }
            let text = variables.map { String(decoding: JSONWriter().template($0).render(origin: Origin("")), as: UTF8.self) } ?? ""
            if byText[text] == nil { order.append(text) }
            byText[text, default: (variables, [])].answers.append(call)
        }
        let keyed = order.count > 1 && !order.contains { text in text.isEmpty ? false : holdsSecret(text, redactor) }
        guard keyed else { return [(nil, calls)] }
        let members = { (variables: JSONValue?) -> Int in variables?.members?.count ?? 0 }
        return order.map { byText[$0]! }.enumerated().sorted { a, b in
            (members(a.element.variables), -a.offset) > (members(b.element.variables), -b.offset)
        }.map(\.element)
    }

    private static func holdsSecret(_ text: String, _ redactor: HARRedactor?) -> Bool {
        guard var probe = redactor else { return false }
        let bytes = Array(text.utf8)
        return probe.body(bytes, mediaType: "application/json") != bytes
    }

    /// The answer's keys, as a route's response: status, delay, headers, and json, body or body_file.
    private func answerLines(
        _ route: RecordedRoute, delay: Int?, scenario: String, operation: String, inlineLimit: Int, files: inout [(path: String, bytes: [UInt8])]
    ) -> [String] {
        var lines = ["status: \(route.status)"]
        if let delay { lines.append("delay: \(delay)") }
        var seen: Set<String> = []
        let headers = route.headers.filter { seen.insert($0.0.lowercased()).inserted }
        if !headers.isEmpty { lines += ["headers:"] + headers.map { "  \(YAMLText.quoted($0.0)): \(YAMLText.quoted($0.1))" } }
        switch route.body {
        case .none: break
        case .json(let value):
            let flow = YAMLText.flow(value)
            if flow.utf8.count <= inlineLimit {
                lines.append("json: \(flow)")
            } else {
                let bytes = JSONWriter().template(value).render(origin: Origin("{{origin}}"))
                lines.append(
                    "body_file: \(YAMLText.quoted(Self.bodyFile(bytes, scenario: scenario, operation: operation, ext: "json", files: &files)))")
            }
        case .text(let text):
            if text.utf8.count <= inlineLimit {
                lines.append("body: \(YAMLText.quoted(text))")
            } else {
                lines.append(
                    "body_file: \(YAMLText.quoted(Self.bodyFile(Array(text.utf8), scenario: scenario, operation: operation, ext: "txt", files: &files)))"
                )
            }
        }
        return lines
    }

    /// `data/NAME/graphql/<operation>-<hash of the bytes>.<ext>`, as ScenarioWriter names a route's body files.
    private static func bodyFile(
        _ bytes: [UInt8], scenario: String, operation: String, ext: String, files: inout [(path: String, bytes: [UInt8])]
    )
        -> String
    {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325  // FNV-1a, 64 bits
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        let path = "data/\(scenario)/graphql/\(operation.prefix(60))-\(String(hash, radix: 16)).\(ext)"
        if !files.contains(where: { $0.path == path }) { files.append((path, bytes)) }
        return path
    }
}
