import UnderstudyDocuments
package import UnderstudyStaging

/// What `understudy import har` was asked.
package struct HARImportOptions: Sendable {
    /// The scenario's name (`--into scenarios/NAME.yaml`).
    package var name: String
    package var mappings: [UpstreamMapping]
    /// The HAR file's name, for the scenario file's first lines.
    package var source: String
    package var keepSecrets = false
    package var keepTiming = false

    package init(name: String, mappings: [UpstreamMapping], source: String) {
        self.name = name
        self.mappings = mappings
        self.source = source
    }
}

/// What an import writes, held in memory until the whole file has been read and checked: the scenario file's text,
/// the files under `data/NAME/` (relative paths), and the summary.
package struct HARImportResult: Sendable {
    package var yaml: String
    package var files: [(path: String, bytes: [UInt8])]
    package var summary: HARImportSummary
}

/// `understudy import har`: a HAR file's entries under the `--prefix` mappings turned into the scenario `record`
/// would have written had the app run through it, through the same ``RecordedExchange`` and ``ScenarioWriter``.
///
/// Entries are taken in the order they were sent (`startedDateTime`). A request made several times keeps its LAST
/// answer in the scenario file (what the app sees once the state settles: the list after the POST, the success
/// after the retried 503); when its answers differed, `data/NAME/session-routes.json` replays all of them in order.
package enum HARImporter {
    /// Past this, bodies are no longer kept (`record`'s own bound, under the loader's 128 MiB for a folder).
    static let maxBodyBytes = Recorder.maxBytes

    package static func run(path: String, display: String, options: HARImportOptions) throws(HARImportError) -> HARImportResult {
        try run(HARReader.read(path: path, display: display), options: options)
    }

    package static func run(bytes: [UInt8], display: String, options: HARImportOptions) throws(HARImportError) -> HARImportResult {
        try run(HARReader.entries(bytes, display: display), options: options)
    }

    static func run(_ entries: [HAREntry], options: HARImportOptions) throws(HARImportError) -> HARImportResult {
        var summary = HARImportSummary()
        summary.entries = entries.count
        let candidates = try select(inOrder(entries), options: options, summary: &summary)
        var builder = HARExchangeBuilder(redactor: options.keepSecrets ? nil : HARRedactor(secrets(entries, candidates)))
        var files: [(path: String, bytes: [UInt8])] = []
        var order: [String] = []
        var answers: [String: [(exchange: RecordedExchange, entry: HAREntry)]] = [:]
        var plain: [(RecordedExchange, HAREntry, String?)] = []
        var graphQL = HARGraphQLEntries()
        for candidate in candidates {
            let exchange = builder.exchange(candidate)
            if !exchange.body.isEmpty, String(validating: exchange.body, as: UTF8.self) == nil {
                // Scenario bodies are UTF-8 text (the loader reads body files as text): the bytes are kept beside the
                // scenario so that nothing captured is lost, and the route is left out, as `record` leaves it out.
                let file = HARBinaryFile.path(for: exchange, scenario: options.name, mimeType: candidate.entry.content.mimeType)
                if !files.contains(where: { $0.path == file }) { files.append((file, exchange.body)) }
                summary.skip("binary bodies (kept in data/\(options.name)/binary/, not served)")
                summary.notes.append(
                    "\(candidate.entry.path) \(exchange.method) \(exchange.path): a binary body (\(exchange.body.count) bytes); saved as \(file), no route"
                )
                continue
            }
            switch HARGraphQL.detect(candidate) {
            case .call(let call): graphQL.add(.init(exchange: exchange, entry: candidate.entry, call: call))
            case .unnamed(let why): plain.append((exchange, candidate.entry, why))
            case .notGraphQL: plain.append((exchange, candidate.entry, nil))
            }
        }
        for (exchange, entry, unnamed) in plain {
            // File routes are tried before a graphql: entry, so a route without a query at its path would answer
            // every operation: what names none is left out there (a GET's own query keeps it to that one request).
            if graphQL.contains(path: exchange.path), exchange.query.isEmpty {
                summary.skip("requests at a GraphQL path that name no operation")
                summary.notes.append("\(entry.path) \(exchange.method) \(exchange.path): \(unnamed ?? "not a GraphQL operation"); left out")
                continue
            }
            if answers[exchange.key] == nil { order.append(exchange.key) }
            answers[exchange.key, default: []].append((exchange, entry))
        }
        summary.redacted = builder.redactedCount
        summary.notes += builder.notes

        var writer = ScenarioWriter(name: options.name)
        writer.keepHeaders = options.keepSecrets ? ["set-cookie", "set-cookie2"] : []
        let settled = order.map { answers[$0]!.last! }
        let output = writer.render(settled.map(\.exchange))
        summary.notes += output.notes
        summary.routes = output.routeCount
        let delays = options.keepTiming ? settled.reduce(into: [String: Int]()) { $0[$1.exchange.key] = delay($1.entry) } : [:]
        let timing: (HAREntry) -> Int? = { options.keepTiming ? delay($0) : nil }
        var operations = graphQL.render(
            scenario: options.name, keepHeaders: writer.keepHeaders, redactor: builder.redactor, inlineLimit: writer.inlineLimit, delay: timing)
        var yaml = HARScenarioText.finish(output.yaml, options: options, routes: output.routeCount, delays: delays, extra: operations.yaml)
        if yaml.utf8.count > 900_000 {
            // Under the loader's 1 MiB for a scenario file, as ScenarioWriter keeps its own: every answer's body in a file.
            operations = graphQL.render(
                scenario: options.name, keepHeaders: writer.keepHeaders, redactor: builder.redactor, inlineLimit: 0, delay: timing)
            yaml = HARScenarioText.finish(output.yaml, options: options, routes: output.routeCount, delays: delays, extra: operations.yaml)
        }
        summary.graphQLOperations = operations.operations
        summary.notes += operations.notes

        files = output.files.map { (path: $0.path, bytes: $0.bytes) } + operations.files + files
        let session = HARSessionRoutes.render(
            order.flatMap { key in HARSessionRoutes.routes(answers[key]!.map { ($0.exchange, timing($0.entry)) }, keepHeaders: writer.keepHeaders) }
                + operations.sessionRoutes)
        summary.notes += session.notes
        if let json = session.json {
            files.append(("data/\(options.name)/session-routes.json", json))
            summary.sessionRoutes = session.count
        }
        summary.files = ["\(options.name).yaml"] + files.map(\.path)
        return HARImportResult(yaml: yaml, files: files, summary: summary)
    }

    /// Entries in the order they were sent. One without a readable date keeps its place after the entry before it
    /// (the sort is stable), so a file without dates keeps its own order.
    static func inOrder(_ entries: [HAREntry]) -> [HAREntry] {
        var previous = -Double.infinity
        let keyed = entries.map { entry -> (Double, HAREntry) in
            previous = entry.started ?? previous
            return (previous, entry)
        }
        return keyed.enumerated().sorted { ($0.element.0, $0.offset) < ($1.element.0, $1.offset) }.map(\.element.1)
    }

    /// The entries that become exchanges, their bodies decoded; every other one counted by reason.
    static func select(_ entries: [HAREntry], options: HARImportOptions, summary: inout HARImportSummary) throws(HARImportError) -> [HARCandidate] {
        var candidates: [HARCandidate] = []
        var bodyBytes = 0
        for entry in entries {
            let target: HARTarget
            switch HARTarget.resolve(entry.url, in: options.mappings) {
            case .failure(.noPrefix):
                summary.skip("not under a --prefix")
                continue
            case .failure(.unusable(let why)):
                summary.skip("paths a route cannot take")
                summary.notes.append("\(entry.path) \(entry.method) \(entry.url): \(why); left out")
                continue
            case .success(let found): target = found
            }
            let method = entry.method.uppercased()
            if let reason = skipReason(entry, method: method) {
                summary.skip(reason)
                if entry.status == 0 {
                    summary.notes.append("\(entry.path) \(method) \(target.path): no answer (\(entry.error ?? "aborted")); left out")
                }
                continue
            }
            switch try HARBody.decode(entry) {
            case .notCaptured(let size):
                summary.skip("bodies the HAR does not hold")
                summary.notes.append(
                    "\(entry.path) \(method) \(target.path): the HAR has no text for its \(size)-byte body (export with content); left out")
            case .tooLarge:
                summary.skip("bodies over \(HARLimits.maxDecodedBody >> 20) MiB once decoded")
            case .bytes(let body, let decompressed):
                guard bodyBytes + body.count <= maxBodyBytes else {
                    summary.skip("past the import's \(maxBodyBytes >> 20) MiB of bodies")
                    continue
                }
                bodyBytes += body.count
                if decompressed { summary.decompressed += 1 }
                candidates.append(HARCandidate(entry: entry, target: target, method: method, body: body))
            }
        }
        return candidates
    }

    /// Why an entry under a prefix is no answer to replay, if it is not.
    static func skipReason(_ entry: HAREntry, method: String) -> String? {
        switch entry.status {
        case 0: return "aborted or blocked (status 0)"
        case 101: return "WebSocket or upgrade handshakes (101)"
        case 100..<200: return "informational answers (1xx)"
        case 304: return "304 Not Modified (the body came from the browser's cache)"
        case 200..<600: break
        default: return "statuses outside 100-599"
        }
        // HEAD and OPTIONS (CORS preflights) say nothing a GET route does not; `record` keeps the same methods.
        guard Recorder.recordedMethods.contains(method) else { return "\(method) requests" }
        return nil
    }

    /// Every secret value in the file: credential headers, URL credentials, query and form values under secret
    /// keys, JSON values under secret keys in request bodies and in response bodies (decoded, and any plain JSON
    /// text of an entry not imported, since the token a login answered with can reappear in an imported one).
    static func secrets(_ entries: [HAREntry], _ candidates: [HARCandidate]) -> HARSecrets {
        var secrets = HARSecrets()
        let imported = Set(candidates.map(\.entry.index))
        for entry in entries {
            for (name, value) in entry.requestHeaders + entry.responseHeaders { secrets.addHeader(name, value) }
            if let parts = URLParts(entry.url) {
                if let user = parts.userInfo { secrets.add(String(user.split(separator: ":", maxSplits: 1).last ?? "")) }
                secrets.addPairs(HARForm.pairs(parts.query))
            }
            if let post = entry.postData {
                if let value = try? JSONParser.parse(Array(post.text.utf8), file: "").value {
                    secrets.addJSON(value)
                } else {
                    secrets.addPairs(HARForm.pairs(post.text))
                }
            }
            if !imported.contains(entry.index), entry.content.encoding == nil, let text = entry.content.text, text.utf8.count <= 4 << 20,
                text.hasPrefix("{") || text.hasPrefix("["),
                let value = try? JSONParser.parse(Array(text.utf8), file: "").value
            {
                secrets.addJSON(value)
            }
        }
        for candidate in candidates where candidate.body.first == UInt8(ascii: "{") || candidate.body.first == UInt8(ascii: "[") {
            if let value = try? JSONParser.parse(candidate.body, file: "").value { secrets.addJSON(value) }
        }
        return secrets
    }

    /// `timings.wait` in whole milliseconds, within the loader's bound; nil when not measured or zero.
    static func delay(_ entry: HAREntry) -> Int? {
        guard let wait = entry.wait else { return nil }
        let rounded = Int(min(wait.rounded(), Double(HARLimits.maxDelayMilliseconds)))
        return rounded > 0 ? rounded : nil
    }
}
