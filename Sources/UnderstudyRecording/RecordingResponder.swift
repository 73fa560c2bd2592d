import Dispatch
import HTTPTypes
import UnderstudyDocuments
package import UnderstudyHTTP
package import UnderstudyStaging
package import UnderstudyUpstreamWire

/// `understudy record`'s server: every request under a mapping's prefix goes to its upstream, the client gets
/// the upstream's answer (links pointing back here, so a client walking pages stays on the recorder), and
/// the answer is kept for the scenario file. `/__admin/recording/save` writes the file without stopping.
package final class RecordingResponder: HTTPResponder {
    package let mappings: [UpstreamMapping]
    package let recorder = Recorder()
    private let forwarder: UpstreamForwarder
    /// Writes the file; returns what to tell the caller. Runs off the worker threads, one save at a time.
    private let save: @Sendable () -> Result<String, RecordingSaveError>
    private let saving = DispatchQueue(label: "understudy.record.save")

    package init(mappings: [UpstreamMapping], client: any UpstreamClient, save: @escaping @Sendable () -> Result<String, RecordingSaveError>) {
        self.mappings = mappings
        forwarder = UpstreamForwarder(client: client)
        self.save = save
    }

    package func reply(to request: ServerRequest) -> Reply {
        let path = request.path
        if path.hasBytePrefix(AdminAPI.prefix) { return admin(request) }
        guard let mapping = UpstreamMapping.covering(path, in: mappings) else {
            return ScenarioResponder.error(
                .notFound, "not recorded",
                "\(path) is under no --prefix of this recorder (recording: \(mappings.map(\.prefix).joined(separator: ", "))).")
        }
        let host = request.header(.hostHeader).flatMap { Authority.isPlain($0) ? $0 : nil } ?? "127.0.0.1"
        let method = request.method.rawValue
        let query = request.encodedQuery
        let recorder = recorder
        return forwarder.forward(request, mapping: mapping, clientOrigin: "http://\(host)", tag: "record") { response in
            recorder.record(
                RecordedExchange(
                    method: method, path: path, query: query, status: response.status,
                    headers: response.headers, body: response.body, mapping: mapping))
        }
    }

    private func admin(_ request: ServerRequest) -> Reply {
        switch (request.method, request.path) {
        case (.get, "/__admin/health"), (.head, "/__admin/health"):
            return Self.json(.ok, .object([.init("status", .string("recording"))]))
        case (.get, "/__admin/recording"):
            return Self.json(.ok, .object([.init("routes", .int(recorder.exchanges.count)), .init("dropped", .int(recorder.dropped))]))
        case (.post, "/__admin/recording/save"):
            return Reply(
                .deferred(
                    DeferredReply { [saving, save] finish in
                        saving.async {
                            switch save() {
                            case .success(let summary):
                                finish(Self.json(.ok, .object([.init("saved", .string(summary))])))
                            case .failure(let error):
                                finish(ScenarioResponder.error(.internalServerError, "save failed", error.description))
                            }
                        }
                    }))
        default:
            return ScenarioResponder.error(
                .notFound, "not found",
                "The recorder answers GET /__admin/health, GET /__admin/recording and POST /__admin/recording/save.")
        }
    }

    /// A JSON answer of the recorder's admin routes, written by the one JSON writer (it has no links).
    private static func json(_ status: HTTPResponse.Status, _ value: JSONValue) -> Reply {
        let body = JSONWriter().template(value).render(origin: Origin(""))
        return Reply(.respond(Response(status: status, headerFields: [.contentType: "application/json"], body: body)))
    }
}
