import HTTPTypes
import UnderstudyHTTP

/// A route's `stream:` answered: the events as ``EventStream`` lays them out for this request (resumed after
/// its `Last-Event-ID`, the scenario's fault after `fault_after` events), sent at their times by the server.
extension ScenarioResponder {
    func streamReply(
        _ stream: EventStream, to request: ServerRequest, route: CustomRoute, delay: Int, fault: Fault, scenario: Scenario
    )
        -> Reply
    {
        var fields: HTTPFields = [.contentType: EventStream.contentType, .cacheControl: "no-cache"]
        for field in route.fixed?.fields ?? [:] where field.name != .contentType { fields[field.name] = field.value }
        Self.stamp(&fields, scenario: scenario)
        let response = Response(status: HTTPResponse.Status(code: route.fixed?.status ?? 200), headerFields: fields)
        // Request values in the events' data: the stream filled for this request (never for the others).
        var stream = stream
        if stream.usesRequest {
            let parameters = Dictionary(zip(route.parameterNames, route.match(request) ?? []), uniquingKeysWith: { $1 })
            let counter =
                stream.usesCounter
                ? control.counters.next(route: "\(route.method?.rawValue ?? "*") \(route.pattern)", session: request.header(.understudySession)) : 0
            stream = stream.filled(request: request, parameters: parameters, counter: counter)
        }
        // A header of any length is read only to compare it with the ids the stream has.
        let body = stream.body(
            resumingAfter: request.header(Self.lastEventID), fault: fault, faultAfter: route.faultAfter ?? 0, slowOver: delay)
        // `slow-body` spreads each event over the delay instead of waiting it before the first byte.
        return Reply(.stream(response, body), delayMilliseconds: fault == .slowBody ? 0 : delay, tag: scenario.name)
    }

    private static let lastEventID = HTTPField.Name("Last-Event-ID")!
}
