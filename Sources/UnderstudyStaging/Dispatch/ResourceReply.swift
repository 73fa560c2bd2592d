import HTTPTypes
import UnderstudyAPIService
import UnderstudyDocuments
import UnderstudyHTTP
import UnderstudyOpenAPI

/// A resource's answer (`resources:`): the request read, the session's copy read or changed, the answer written
/// with the route's delay and fault. A fault that breaks the answer (`timeout`, `connection-reset`…) breaks it
/// after the write, as a real server's network would: the app's retry must cope with a write that happened.
extension ScenarioResponder {
    func resourceReply(
        _ resource: ResourceRoute, to request: ServerRequest, parameters: [String], delay: Int, fault: Fault, scenario: Scenario,
        fromStore: Bool = false
    ) -> Reply {
        if request.method == .options { return Reply(.respond(Self.preflight(allowing: resource.methods)), tag: scenario.name) }
        // With a shared store (`--redis`) the copy is the store's: read, and written back, on the store's thread.
        if let shared = control.shared, !fromStore {
            return Reply(
                .deferred(
                    DeferredReply { finish in
                        let queued = shared.perform {
                            finish(
                                self.sharedResourceReply(
                                    resource, shared, to: request, parameters: parameters, delay: delay, fault: fault, scenario: scenario))
                        }
                        if !queued { finish(Self.storeBusy) }
                    }))
        }
        let session = request.header(.understudySession)
        let definition = resource.definition
        // A read answered before from the same copy, in the same state, for the same target, host and scenario.
        // Only for a plain Host, as the response cache does: the answer's links use it.
        var keepAs: ResourceStore.RenderKey?
        if control.shared == nil, request.method == .get || request.method == .head, let host = request.target.host, Authority.isPlain(host) {
            let key = ResourceStore.RenderKey(
                index: resource.index, target: request.target, scenario: scenario.name,
                malformed: fault == .malformedJSON)
            let (kept, versioned) = resource.store.cached(key, session: session)
            if let kept { return Self.reply(kept, delay: delay, fault: fault, scenario: scenario) }
            keepAs = versioned
        }
        let origin = origin(of: request)
        var answer: (status: HTTPResponse.Status, body: [UInt8]?, fields: HTTPFields)
        do throws(ResourceRefusal) {
            if resource.isItem {
                answer = try itemAnswer(resource, request: request, id: Self.itemID(parameters.first ?? "", definition), session: session)
            } else {
                answer = try collectionAnswer(resource, request: request, session: session, origin: origin)
            }
        } catch {
            var fields: HTTPFields = [:]
            if error.status == .methodNotAllowed { fields[.allow] = resource.methods }
            answer = (error.status, ErrorBody.bytes(error: error.error, detail: error.detail), fields)
            // A document's operation that describes this status (or a default) refuses in the document's own shape;
            // the reason goes in a header.
            if let operation = resource.operation, let shaped = documentedError(operation, status: error.status.code) {
                let rendered = shaped.render(parameters: [:]).body.render(origin: Origin(origin))
                answer.body = rendered
                answer.fields[.contentType] = shaped.contentType
                answer.fields[Self.refusalHeader] = "\(error.error): \(error.detail)".printableASCII(limit: 300)
            }
        }
        // A document's operation answers with the success status it documents (a POST's 200, not 201).
        if let documented = resource.successStatus, (200..<300).contains(answer.status.code) {
            answer.status = HTTPResponse.Status(code: documented)
        }
        guard let body = answer.body else {
            var fields = answer.fields
            Self.stamp(&fields, scenario: scenario)
            return Self.reply(Response(status: answer.status, headerFields: fields), delay: delay, fault: fault, scenario: scenario)
        }
        let response = prepare(
            APIResponse(status: answer.status, body: BodyTemplate(body)), headers: answer.fields, scenario: scenario, origin: origin,
            malformed: fault == .malformedJSON)
        if let keepAs, (200..<300).contains(answer.status.code) { resource.store.keep(response, as: keepAs) }
        return Self.reply(response, delay: delay, fault: fault, scenario: scenario)
    }

    private func collectionAnswer(
        _ resource: ResourceRoute, request: ServerRequest, session: String?, origin: String
    ) throws(ResourceRefusal) -> (
        HTTPResponse.Status, [UInt8]?, HTTPFields
    ) {
        let definition = resource.definition
        switch request.method {
        case .get, .head:
            let query = request.fields.queryPairs
            let listed = try resource.store.read(resource.index, session: session) { (copy) throws(ResourceRefusal) in
                try ResourceListing.list(copy, definition: definition, query: query, base: origin + definition.path)
            }
            var fields: HTTPFields = [.totalCount: String(listed.total)]
            let links = [(listed.next, "next"), (listed.previous, "prev")].compactMap { url, rel in url.map { "<\($0)>; rel=\"\(rel)\"" } }
            if !links.isEmpty { fields[.link] = links.joined(separator: ", ") }
            return (.ok, listed.body, fields)
        case .post:
            let value = try Self.body(of: request)
            let item = try resource.store.write(resource.index, session: session) { (copy) throws(ResourceRefusal) in
                try copy.insert(value, definition: definition, limits: resource.store.limits)
            }
            return (.created, item.json, [.location: origin + definition.path + "/" + percentEncode(item.id)])
        default:
            throw ResourceRefusal(
                .methodNotAllowed, "method not allowed", "\(definition.path) answers \(resource.methods); got \(request.method.rawValue).")
        }
    }

    private func itemAnswer(
        _ resource: ResourceRoute, request: ServerRequest, id: String, session: String?
    ) throws(ResourceRefusal) -> (
        HTTPResponse.Status, [UInt8]?, HTTPFields
    ) {
        let definition = resource.definition
        let store = resource.store
        let item: ResourceItems.Item?
        switch request.method {
        case .get, .head:
            item = try store.read(resource.index, session: session) { $0.item(id) }
        case .put:
            let value = try Self.body(of: request)
            item = try store.write(resource.index, session: session) { (copy) throws(ResourceRefusal) in
                try copy.replace(id, with: value, definition: definition, limits: store.limits)
            }
        case .patch:
            let value = try Self.body(of: request)
            item = try store.write(resource.index, session: session) { (copy) throws(ResourceRefusal) in
                try copy.patch(id, with: value, definition: definition, limits: store.limits)
            }
        case .delete:
            let removed = try store.write(resource.index, session: session) { $0.remove(id) }
            guard removed else { throw Self.unknownItem(id, definition) }
            return (.noContent, nil, [:])
        default:
            throw ResourceRefusal(
                .methodNotAllowed, "method not allowed", "\(definition.path)/ID answers \(resource.methods); got \(request.method.rawValue).")
        }
        guard let item else { throw Self.unknownItem(id, definition) }
        return (.ok, item.json, [:])
    }

    /// Says why a resource refused a request when the body is the document's error shape, which cannot.
    static let refusalHeader = HTTPField.Name("X-Understudy-Refusal")!

    /// The document's answer for `status` on the operation (its `default` when it describes no such status).
    private func documentedError(_ reference: OperationReference, status: Int) -> CannedResponse? {
        guard let mount = control.state.withLock({ $0.scenarios.mounts[reference.mount] }) else { return nil }
        return mount.answer(mount.service.operations[reference.index], AnswerChoice(status: status))
    }

    /// The request's body as JSON: 400 for anything else, before the copy is touched.
    private static func body(of request: ServerRequest) throws(ResourceRefusal) -> JSONValue {
        guard !request.body.isEmpty else { throw ResourceRefusal(.badRequest, "no body", "Send the item as a JSON object.") }
        do throws(FileProblem) {
            return try JSONParser.parse(request.body, file: "body").value
        } catch {
            throw ResourceRefusal(.badRequest, "bad JSON", "The body is not JSON: \(error.message) (line \(error.line ?? 1)).")
        }
    }

    /// The id a path names, as the copy keys it: an integer's digits without leading zeros.
    private static func itemID(_ segment: String, _ definition: ResourceDefinition) -> String {
        guard definition.ids == .integer, let number = Int(segment), number >= 0 else { return segment }
        return String(number)
    }

    private static func unknownItem(_ id: String, _ definition: ResourceDefinition) -> ResourceRefusal {
        ResourceRefusal(.notFound, "not found", "No item of \(definition.path) has \(definition.idKey) \(id).")
    }
}
