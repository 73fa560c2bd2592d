import HTTPTypes
import UnderstudyHTTP

/// A route's `stream:` answered: the events as ``EventStream`` lays them out for this request (resumed after
/// its `Last-Event-ID`, the scenario's fault after `fault_after` events), sent at their times by the server.
extension ScenarioResponder {
    func streamReply(
        _ stream: EventStream, to request: ServerRequest, route: CustomRoute, parameters: [String], delay: Int, fault: Fault,
        scenario: Scenario
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
            let named = Dictionary(zip(route.parameterNames, parameters), uniquingKeysWith: { $1 })
            stream = stream.filled(request: request, parameters: named, counter: stream.usesCounter ? nextCount(of: route, for: request) : 0)
        }
        // A header of any length is read only to compare it with the ids the stream has.
        let body = stream.body(
            resumingAfter: request.header(Self.lastEventID), fault: fault, faultAfter: route.faultAfter ?? 0, slowOver: delay)
        // `slow-body` spreads each event over the delay instead of waiting it before the first byte.
        return Reply(.stream(response, body), delayMilliseconds: fault == .slowBody ? 0 : delay, tag: scenario.name)
    }

    private static let lastEventID = HTTPField.Name("Last-Event-ID")!
}
