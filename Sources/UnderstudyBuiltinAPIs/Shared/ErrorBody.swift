import UnderstudyAdminWire
package import UnderstudyDocuments

/// Understudy's own error body, `{"error": …, "detail": …}` (plus `problems` when a reload was
/// rejected): every Swift site that answers an error of Understudy's — the admin API, a request
/// no route or scenario serves, a dataset that failed to load — writes it here, through the
/// wire type the admin client decodes, so the shape cannot drift between them. (The HTTP layer's
/// few bodies for requests that never reach Swift are written in C and stay there.)
package enum ErrorBody {
    /// The body as bytes; it has no links, so it needs no origin.
    package static func bytes(error: String, detail: String, problems: [String]? = nil) -> [UInt8] {
        template(error: error, detail: detail, problems: problems).render(origin: Origin(""))
    }

    /// The body as a template, for the places that keep ``APIResponse``s.
    package static func template(error: String, detail: String, problems: [String]? = nil) -> BodyTemplate {
        JSONWriter().template(JSONValueEncoder.encode(UnderstudyWire.ErrorBody(error: error, detail: detail, problems: problems)))
    }
}
