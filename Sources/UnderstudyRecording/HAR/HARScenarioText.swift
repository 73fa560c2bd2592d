import UnderstudyStaging

/// The scenario file ``ScenarioWriter`` wrote for an import, finished: its first lines say where it came from, and
/// with `--keep-timing` each route gets the `delay:` its answer took. The routes themselves stay exactly as the
/// writer wrote them (the writer is `record`'s, so an import and a recording of the same answers agree).
enum HARScenarioText {
    /// `delays` is keyed as ``RecordedExchange/key`` (method, path and query).
    static func finish(_ yaml: String, options: HARImportOptions, routes: Int, delays: [String: Int], extra: String = "") -> String {
        var lines = yaml.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if let first = lines.first, first.hasPrefix("#") {
            lines[0] = "# Written by `understudy import har` from \(options.source); replay it with `understudy serve --scenario \(options.name)`."
        }
        if let index = lines.firstIndex(where: { $0.hasPrefix("description: ") }) {
            let sources = options.mappings.map { "\($0.upstream) as \($0.prefix)" }.joined(separator: ", ")
            lines[index] = "description: " + YAMLText.quoted("Imported from \(options.source) (\(sources)): \(routes) routes.")
        }
        if !delays.isEmpty { lines = withDelays(lines, delays: delays) }
        var text = lines.joined(separator: "\n")
        if !extra.isEmpty {
            if !text.hasSuffix("\n") { text += "\n" }
            text += extra
        }
        return text
    }

    /// A route block starts `  - method: M`, then `    path: "P"`, then `    query: "Q"` when it has one, then
    /// `    status: N`; its delay goes right after the status line.
    private static func withDelays(_ lines: [String], delays: [String: Int]) -> [String] {
        // The writer's own spelling of each key's first lines, so the match cannot depend on unquoting YAML.
        var byHead: [String: Int] = [:]
        for (key, delay) in delays {
            guard let head = head(ofKey: key) else { continue }
            byHead[head] = delay
        }
        var out: [String] = []
        var head: [String] = []
        for line in lines {
            out.append(line)
            if line.hasPrefix("  - method: ") {
                head = [line]
            } else if line.hasPrefix("    path: ") || line.hasPrefix("    query: ") {
                if !head.isEmpty { head.append(line) }
            } else if line.hasPrefix("    status: "), !head.isEmpty {
                if let delay = byHead[head.joined(separator: "\n")] { out.append("    delay: \(delay)") }
                head = []
            }
        }
        return out
    }

    /// `GET /myapi/users?page=2` as the writer's first lines of its route. The last `?` ends the path: a decoded path
    /// may hold one, an encoded query never does.
    private static func head(ofKey key: String) -> String? {
        guard let space = key.firstIndex(of: " "), let question = key[space...].lastIndex(of: "?") else { return nil }
        let method = key[..<space]
        let path = String(key[key.index(after: space)..<question])
        let query = String(key[key.index(after: question)...])
        var lines = ["  - method: \(method)", "    path: \(YAMLText.quoted(path))"]
        if !query.isEmpty { lines.append("    query: \(YAMLText.quoted(query))") }
        return lines.joined(separator: "\n")
    }
}
