import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Understudy

/// A typed client of the admin API, for tests and scripts.
public struct UnderstudyAdmin: Sendable {
    /// One journal entry of `GET /__admin/requests`.
    public struct RecordedRequest: Codable, Sendable, Equatable {
        public var id: Int
        public var time: String
        public var method: String
        public var path: String
        public var query: String
        public var headers: [String: String]
        public var session: String?
        public var api: String?
        public var scenario: String
        public var status: Int?
        public var durationMs: Double
        public var completed: Bool

        enum CodingKeys: String, CodingKey {
            case id, time, method, path, query, headers, session, api, scenario, status, completed
            case durationMs = "duration_ms"
        }
    }

    /// An admin call that was answered with an error.
    public struct Failure: Error, CustomStringConvertible {
        public var status: Int
        public var error: String
        public var detail: String
        public var description: String { "admin API \(status): \(error): \(detail)" }
    }

    /// One step of a sequence: `count` requests of `scenario` (nil count: all later requests).
    public struct Step: Sendable {
        public var scenario: String
        public var count: Int?
        public init(_ scenario: String, count: Int? = nil) {
            self.scenario = scenario
            self.count = count
        }
    }

    public var baseURL: URL
    public var token: String?
    public var session: URLSession

    public init(baseURL: URL, token: String? = nil, session: URLSession = .shared) {
        self.baseURL = baseURL
        self.token = token
        self.session = session
    }

    /// Switches the whole server, or one API, to `scenario`.
    public func setScenario(_ scenario: String, api: API? = nil) async throws {
        try await call("PUT", "/scenario", body: ["name": scenario, "api": api?.rawValue])
    }

    /// Removes a per-API override.
    public func clearOverride(api: API) async throws {
        try await call("PUT", "/scenario", body: ["name": NSNull(), "api": api.rawValue])
    }

    /// The first requests get the first steps' scenarios, the rest the last step's.
    public func setSequence(_ steps: [Step], api: API? = nil, session id: String? = nil) async throws {
        let sequence: [[String: Any]] = steps.map { step in step.count.map { ["name": step.scenario, "count": $0] } ?? ["name": step.scenario] }
        try await call("PUT", id.map { "/sessions/\($0)/scenario" } ?? "/scenario", body: ["sequence": sequence, "api": api?.rawValue])
    }

    /// Gives one session (requests sending `X-Understudy-Session: id`) its own scenario.
    public func setScenario(_ scenario: String, api: API? = nil, session id: String) async throws {
        try await call("PUT", "/sessions/\(id)/scenario", body: ["name": scenario, "api": api?.rawValue])
    }

    /// Forgets a session: its scenario, its sequence counts and its journal.
    public func deleteSession(_ id: String) async throws {
        try await call("DELETE", "/sessions/\(id)")
    }

    /// Back to the start scenario; overrides, sessions and journal cleared.
    public func reset() async throws {
        try await call("POST", "/reset")
    }

    /// Reloads the scenario files; throws ``Failure`` (422) when the new set is rejected.
    public func reload() async throws {
        try await call("POST", "/reload")
    }

    /// The journal, oldest first, filtered as `GET /__admin/requests` filters.
    public func requests(session: String? = nil, api: API? = nil, pathPrefix: String? = nil, status: Int? = nil,
                         since: Int? = nil, limit: Int? = nil) async throws -> [RecordedRequest] {
        var query: [URLQueryItem] = []
        if let session { query.append(.init(name: "session", value: session)) }
        if let api { query.append(.init(name: "api", value: api.rawValue)) }
        if let pathPrefix { query.append(.init(name: "path", value: pathPrefix)) }
        if let status { query.append(.init(name: "status", value: String(status))) }
        if let since { query.append(.init(name: "since", value: String(since))) }
        if let limit { query.append(.init(name: "limit", value: String(limit))) }
        struct Journal: Decodable { var requests: [RecordedRequest] }
        let data = try await call("GET", "/requests", query: query)
        return try JSONDecoder().decode(Journal.self, from: data).requests
    }

    /// Clears the journal, or one session's part of it.
    public func clearRequests(session: String? = nil) async throws {
        try await call("DELETE", "/requests", query: session.map { [URLQueryItem(name: "session", value: $0)] } ?? [])
    }

    /// Waits until a journal entry matches `predicate` (polling every 20 ms) and returns it.
    public func waitForRequest(session: String? = nil, timeout: Duration = .seconds(5),
                               matching predicate: @Sendable (RecordedRequest) -> Bool) async throws -> RecordedRequest {
        let deadline = ContinuousClock.now + timeout
        repeat {
            if let found = try await requests(session: session).first(where: predicate) { return found }
            try await Task.sleep(for: .milliseconds(20))
        } while ContinuousClock.now < deadline
        throw Failure(status: 0, error: "timed out", detail: "no request matched within \(timeout)")
    }

    /// Whether `GET /__admin/health` answers 200.
    public func isHealthy() async -> Bool {
        (try? await call("GET", "/health")) != nil
    }

    @discardableResult
    private func call(_ method: String, _ path: String, query: [URLQueryItem] = [], body: [String: Any?]? = nil) async throws -> Data {
        var components = URLComponents(url: baseURL.appendingPathComponent("__admin" + path), resolvingAgainstBaseURL: false)!
        if !query.isEmpty { components.queryItems = query }
        var request = URLRequest(url: components.url!)
        request.httpMethod = method
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        if let body {
            let present = body.compactMapValues { $0 }
            request.httpBody = try JSONSerialization.data(withJSONObject: present)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        let (data, response) = try await session.data(for: request)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        guard (200..<300).contains(status) else {
            let fields = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
            throw Failure(status: status, error: fields?["error"] as? String ?? "HTTP \(status)",
                          detail: fields?["detail"] as? String ?? String(decoding: data, as: UTF8.self))
        }
        return data
    }
}
