import UnderstudyDocuments

/// `data/NAME/session-routes.json`: for each request the HAR holds several different answers to, every answer in
/// the order it came, as the body of `POST /__admin/sessions/ID/routes` (`{"routes": [...]}`, each route written as
/// the scenario file's, plus `times`). A run of equal answers is one route with `times: N`; the last answer has no
/// `times`, so it answers every later request, as the scenario file's route (the same last answer) does.
///
/// Not a `.json` beside the scenario files: the loader reads every `.json` and `.yaml` there as a scenario.
enum HARSessionRoutes {
    /// A session keeps at most this many routes of its own (docs/admin-api.md, "Session routes").
    static let sessionRouteLimit = 64
    /// …and this many bytes of them, bodies counted twice and 256 bytes a route.
    static let sessionByteLimit = 256 << 10

    struct Rendered {
        var json: [UInt8]?
        var count = 0
        var notes: [String] = []
    }

    /// What a GraphQL answer's session route names besides its path: the operation, and the variables it was keyed by.
    struct Operation {
        var name: String
        var variables: JSONValue?
    }

    /// The routes that replay one request's answers (`group`, in order, with the delay each took when
    /// `--keep-timing`); none when every answer was the same.
    static func routes(_ group: [(RecordedExchange, Int?)], keepHeaders: Set<String>, operation: Operation? = nil) -> [JSONValue] {
        guard group.count > 1 else { return [] }
        var discarded: [String] = []
        let built = group.compactMap { exchange, delay -> (RecordedRoute, Int?)? in
            (try? RecordedRoute(exchange, keepHeaders: keepHeaders, notes: &discarded)).map { ($0, delay) }
        }
        // An answer the scenario could not hold either (a stray placeholder): the file's note says so already.
        guard built.count == group.count else { return [] }
        var runs: [(route: RecordedRoute, delay: Int?, times: Int)] = []
        for (route, delay) in built {
            if let last = runs.last, same(last.route, route) {
                runs[runs.count - 1].times += 1
            } else {
                runs.append((route, delay, 1))
            }
        }
        guard runs.count > 1 else { return [] }
        return runs.enumerated().map { index, run in
            json(run.route, delay: run.delay, times: index == runs.count - 1 ? nil : run.times, operation: operation)
        }
    }

    /// The file: one route a line, and a note when a session could not take them all at once.
    static func render(_ routes: [JSONValue]) -> Rendered {
        var rendered = Rendered()
        guard !routes.isEmpty else { return rendered }
        let lines = routes.map { String(decoding: JSONWriter().template($0).render(origin: Origin("{{origin}}")), as: UTF8.self) }
        rendered.json = Array(("{\"routes\": [\n  " + lines.joined(separator: ",\n  ") + "\n]}\n").utf8)
        rendered.count = routes.count
        // As a session counts them: bodies twice, and 256 bytes a route.
        let bytes = lines.reduce(0) { $0 + 256 + 2 * $1.utf8.count }
        if routes.count > sessionRouteLimit || bytes > sessionByteLimit {
            rendered.notes.append(
                "session-routes.json holds \(routes.count) routes (about \(bytes >> 10) KiB as a session counts them); a session takes at most "
                    + "\(sessionRouteLimit) routes and \(sessionByteLimit >> 10) KiB, so post them in parts")
        }
        return rendered
    }

    static func same(_ a: RecordedRoute, _ b: RecordedRoute) -> Bool {
        a.status == b.status && body(a) == body(b) && a.headers.elementsEqual(b.headers) { $0.0 == $1.0 && $0.1 == $1.1 }
            && kind(a) == kind(b)
    }

    static func body(_ route: RecordedRoute) -> String {
        switch route.body {
        case .none: ""
        case .text(let text): text
        case .json(let value): String(decoding: JSONWriter().template(value).render(origin: Origin("{{origin}}")), as: UTF8.self)
        }
    }

    private static func kind(_ route: RecordedRoute) -> Int {
        switch route.body {
        case .none: 0
        case .text: 1
        case .json: 2
        }
    }

    /// The route as the scenario file writes it, in the admin API's JSON.
    private static func json(_ route: RecordedRoute, delay: Int?, times: Int?, operation: Operation?) -> JSONValue {
        // A GraphQL operation's route takes any method (a GET or a POST of the same operation), as its entry does.
        var members: [JSONValue.Member] = operation == nil ? [.init("method", .string(route.method))] : []
        members.append(.init("path", .string(route.path)))
        if let operation {
            members.append(.init("operation", .string(operation.name)))
            if let variables = operation.variables { members.append(.init("variables", .object([.init("json", variables)]))) }
        }
        if !route.query.isEmpty { members.append(.init("query", .string(route.query))) }
        members.append(.init("status", .int(route.status)))
        var seen: Set<String> = []
        let headers = route.headers.filter { seen.insert($0.0.lowercased()).inserted }.map { JSONValue.Member($0.0, .string($0.1)) }
        if !headers.isEmpty { members.append(.init("headers", .object(headers))) }
        switch route.body {
        case .none: break
        case .json(let value): members.append(.init("json", value))
        case .text(let text): members.append(.init("body", .string(text)))
        }
        if let delay { members.append(.init("delay", .int(delay))) }
        if let times { members.append(.init("times", .int(times))) }
        return .object(members)
    }
}
