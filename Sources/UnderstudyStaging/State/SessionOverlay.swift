import HTTPTypes
import UnderstudyAPIService
import UnderstudyDocuments
import UnderstudyHTTP

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Routes a test defined for its session only (`PUT|POST /__admin/sessions/ID/routes`): written as a
/// scenario file's `routes:` are, tried before the selected scenario's routes for that session's
/// requests, gone with the session. Bounded per session in count and bytes, and in bytes across all
/// sessions, so that 10,000 sessions at their limits still fit in memory.
package struct SessionOverlay: Sendable {
    /// A later call's routes before an earlier call's (a later `respond(to:)` for the same request wins,
    /// as a later stub does in WireMock); one call's in the order written (the first match wins, as in a file).
    package private(set) var routes: [CustomRoute] = []
    /// What the routes keep: bodies (twice: a route keeps its body as written and split for its
    /// placeholders), patterns and headers, plus a fixed cost per route.
    package private(set) var bytes = 0

    package static let maxRoutes = 64
    package static let maxBytes = 256 << 10
    /// Across every session; past it a new overlay is refused until sessions end or are deleted.
    package static let maxTotalBytes = 64 << 20

    package var isEmpty: Bool { routes.isEmpty }

    /// The routes added to these (newest first), or the problem that refuses them.
    package func adding(_ new: [CustomRoute]) throws(AdminError) -> SessionOverlay {
        var overlay = self
        overlay.routes = new + routes
        overlay.bytes = bytes + new.reduce(0) { $0 + Self.cost(of: $1) }
        guard overlay.routes.count <= Self.maxRoutes else {
            throw AdminError(
                .contentTooLarge, "too many session routes",
                "A session keeps at most \(Self.maxRoutes) routes; this would make \(overlay.routes.count). DELETE /__admin/sessions/ID/routes clears them."
            )
        }
        guard overlay.bytes <= Self.maxBytes else {
            throw AdminError(
                .contentTooLarge, "session routes too large",
                "A session's routes keep at most \(Self.maxBytes) bytes; these would keep \(overlay.bytes). DELETE /__admin/sessions/ID/routes clears them."
            )
        }
        return overlay
    }

    static func cost(of route: CustomRoute) -> Int {
        let response =
            route.fixed.map { 2 * $0.body.utf8.count + $0.fields.reduce(0) { $0 + $1.name.rawName.utf8.count + $1.value.utf8.count } } ?? 0
        // A stream's events (as sent, and as malformed-json cuts them) and a WebSocket's frames count too.
        let stream = route.stream.map { $0.events.reduce(0) { $0 + $1.bytes.count + $1.malformed.count } } ?? 0
        return 256 + route.pattern.utf8.count + response + (route.body?.cost ?? 0) + route.headers.reduce(0) { $0 + 32 + $1.cost } + stream
            + (route.webSocket?.cost ?? 0) + (route.graphQLOperation?.cost ?? 0)
    }

    /// Reads `{"routes": [ROUTE, …]}`, each ROUTE as in a scenario file (`method`, `path`, `query`,
    /// `request_headers`, `request_body`, `status`, `headers`, `body`, `body_file`, `json`, `delay`, `fault`, and `times`, which
    /// only a session's routes take); every problem located as
    /// `request body:LINE:COLUMN: routes[N].KEY`. Body files are read from the scenarios folder, confined to it.
    package static func routes(from body: [UInt8], scenarios: ScenarioSet) throws(AdminError) -> [CustomRoute] {
        guard body.count <= AdminRequestBody.limit else {
            throw AdminError(
                .contentTooLarge, "body too large", "Admin request bodies are limited to \(AdminRequestBody.limit) bytes; got \(body.count).")
        }
        let usage = #"Send {"routes": [{"method": "GET", "path": "/catfact/fact", "status": 200, "json": {"fact": "…", "length": 1}}]}."#
        let file = "request body"
        guard let text = String(validating: body, as: UTF8.self) else {
            throw AdminError(.badRequest, "invalid JSON", "The body is not UTF-8 text. \(usage)")
        }
        let root: YAMLNode
        do {
            root = try DocumentParser.parse(text, file: file)
        } catch {
            throw AdminError(.badRequest, "invalid JSON", "\(error.description). \(usage)")
        }
        guard case .mapping(let top) = root, let list = top["routes"], top.keys.count == 1 else {
            throw AdminError(.badRequest, "invalid routes", "Expected an object with one key, 'routes'. \(usage)")
        }
        var reader = ScenarioReader(file: file)
        reader.allowsTimes = true
        let definitions = reader.routes(list, at: "routes")
        var loading = ScenarioLoading(directory: scenarios.directory, apis: scenarios.apis)
        loading.problems = reader.problems
        let routes = definitions.map { loading.customRoute($0, file: file, depth: 0) }
        guard loading.problems.isEmpty else {
            throw AdminError(
                .badRequest, "invalid routes", loading.problems.map(\.description).joined(separator: "\n"),
                problems: loading.problems.map(\.description))
        }
        return routes
    }
}
