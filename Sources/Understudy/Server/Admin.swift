import HTTPTypes
import UnderstudyHTTP

/// The `/__admin` routes. For now: health, so scripts and tests can wait for
/// the server to be up.
enum Admin {
    static let health = PreparedResponse(status: .ok, headerFields: [.contentType: "application/json"], text: #"{"status":"ok"}"#)

    static func reply(to request: ServerRequest, responder: ScenarioResponder) -> Reply {
        let path = request.path.hasSuffix("/") && request.path.count > 1 ? String(request.path.dropLast()) : request.path
        switch path {
        case "/__admin/health":
            guard request.method == .get || request.method == .head else {
                return ScenarioResponder.error(.methodNotAllowed, "method not allowed", "/__admin/health answers GET.")
            }
            return Reply(.respond(health))
        default:
            return ScenarioResponder.error(.notFound, "unknown admin route", "No admin route \(request.method.rawValue) \(request.path). Known: GET /__admin/health.")
        }
    }
}
