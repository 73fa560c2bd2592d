import HTTPTypes
import UnderstudyDocuments
import UnderstudyHTTP

/// `GET|PUT /__admin/resources?path=…` (the global copy) and `GET|PUT /__admin/sessions/ID/resources?path=…` (one
/// session's): a resource's items read, or replaced whole (a test's starting state). Without `path`, a GET lists
/// every resource with the items that copy holds.
extension AdminAPI {
    func resourcesReply(_ request: ServerRequest, session: String?) throws(AdminError) -> Reply {
        let store = control.state.withLock { $0.scenarios.resources }
        guard let path = request.queryValue("path") else {
            guard request.method != .put else {
                throw AdminError(.badRequest, "no path", "Name the resource to seed: ?path=/myapi/todos (a collection's path).")
            }
            var body = Array("{\"resources\":[".utf8)
            for (index, definition) in store.definitions.enumerated() {
                try restore(store, index, session: session)
                if index > 0 { body.append(UInt8(ascii: ",")) }
                body += Array("{\"path\":".utf8) + JSONWriter().quoted(definition.path) + Array(",\"items\":".utf8)
                body += store.itemsJSON(index, session: session)
                body.append(UInt8(ascii: "}"))
            }
            return Self.json(.ok, body: body + Array("]}".utf8))
        }
        guard let index = store.index(ofPath: path) else {
            let known = store.definitions.map(\.path)
            throw AdminError(
                .notFound, "unknown resource",
                "No resource at '\(path)'. \(known.isEmpty ? "The scenario files define none (resources:)." : "Resources: \(known.joined(separator: ", ")).")"
            )
        }
        try restore(store, index, session: session)
        if request.method == .put {
            let value: JSONValue
            do throws(FileProblem) {
                value = try JSONParser.parse(request.body, file: "body").value
            } catch {
                throw AdminError(.badRequest, "bad JSON", "The body is not JSON: \(error.message).")
            }
            guard case .array(let items) = value else {
                throw AdminError(.badRequest, "not an array", "Send the resource's items as a JSON array ([] for none); got \(value.kindName).")
            }
            do throws(ResourceRefusal) {
                try store.replace(index, session: session, with: items)
            } catch {
                throw AdminError(error.status, error.error, error.detail)
            }
            if let shared = control.shared {
                do throws(SharedStateFailure) {
                    try shared.storeResource(store.sharedKey(index, session: session), store.itemsJSON(index, session: session), session: session)
                } catch {
                    throw AdminError(
                        .serviceUnavailable, "shared state unavailable",
                        "The shared store did not take the items (nothing was changed): \(error.cause).")
                }
            }
        }
        return Self.json(.ok, body: store.itemsJSON(index, session: session))
    }

    /// With a shared store (`--redis`, on the admin thread), this replica's copy made what the store holds first.
    private func restore(_ store: ResourceStore, _ index: Int, session: String?) throws(AdminError) {
        guard let shared = control.shared else { return }
        let stored: [UInt8]?
        do throws(SharedStateFailure) {
            stored = try shared.loadResource(store.sharedKey(index, session: session))
        } catch {
            throw AdminError(.serviceUnavailable, "shared state unavailable", "The shared store could not be read: \(error.cause).")
        }
        do throws(ResourceRefusal) {
            try store.restore(index, session: session, from: stored)
        } catch {
            throw AdminError(error.status, error.error, error.detail)
        }
    }
}
