package import UnderstudyDocuments
import UnderstudyHTTP

extension BodyTemplate {
    /// Understudy's error body (``ErrorBody`` in the HTTP core, the one writer of it) as a template,
    /// for the places that keep ``APIResponse``s; it has no links.
    package static func errorBody(error: String, detail: String) -> BodyTemplate {
        BodyTemplate(ErrorBody.bytes(error: error, detail: detail))
    }
}
