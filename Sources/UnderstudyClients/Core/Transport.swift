public import Foundation

#if canImport(FoundationNetworking)
public import FoundationNetworking
#endif

/// GETs JSON from one API and decodes it, mapping every failure to ``APIError``.
struct Transport: Sendable {
    let baseURL: URL
    let session: URLSession
    let headers: UnderstudyHeaders

    /// `understudy` nil (a `.live()` client's default): the environment's headers, less those the
    /// session's configuration already carries (its `httpAdditionalHeaders` win); given: exactly those.
    init(baseURL: URL, session: URLSession, understudy: UnderstudyHeaders?) {
        self.baseURL = baseURL
        self.session = session
        headers = understudy ?? UnderstudyHeaders.environment.yielding(to: session.configuration)
    }

    /// `baseURL` + `path` (which starts with `/`) + query items without nil values.
    func url(_ path: String, _ query: [(String, String?)] = []) throws(APIError) -> URL {
        let base = baseURL.absoluteString.hasSuffix("/") ? String(baseURL.absoluteString.dropLast()) : baseURL.absoluteString
        guard var components = URLComponents(string: base + path), components.scheme != nil, components.host != nil else {
            throw .invalidURL(base + path)
        }
        let items = query.compactMap { name, value in value.map { URLQueryItem(name: name, value: $0) } }
        if !items.isEmpty { components.queryItems = items }
        guard let url = components.url else { throw .invalidURL(base + path) }
        return url
    }

    func get<Model: Decodable>(_ path: String, _ query: [(String, String?)] = [], as _: Model.Type = Model.self) async throws(APIError) -> Model {
        try await get(url(path, query))
    }

    func get<Model: Decodable>(_ url: URL, as _: Model.Type = Model.self) async throws(APIError) -> Model {
        try await send(URLRequest(url: url))
    }

    /// POSTs a JSON body to `path` (artic's search).
    func post<Model: Decodable>(_ path: String, json body: Data, as _: Model.Type = Model.self) async throws(APIError) -> Model {
        var request = URLRequest(url: try url(path))
        request.httpMethod = "POST"
        request.httpBody = body
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        return try await send(request)
    }

    private func send<Model: Decodable>(_ request: URLRequest) async throws(APIError) -> Model {
        var request = request
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        for (name, value) in headers.fields { request.setValue(value, forHTTPHeaderField: name) }
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await Self.load(request, with: session)
        } catch let error as URLError {
            throw error.code == .timedOut ? .timedOut : .transport(error.code)
        } catch {
            throw .transport(.unknown)
        }
        guard let http = response as? HTTPURLResponse else { throw .transport(.badServerResponse) }
        guard (200..<300).contains(http.statusCode) else {
            throw .requestFailed(status: http.statusCode, body: String(decoding: data, as: UTF8.self))
        }
        do {
            return try APIDecoder.decoder.decode(Model.self, from: data)
        } catch let error as DecodingError {
            throw .decodingFailed(APIDecoder.describe(error))
        } catch {
            throw .decodingFailed("\(error)")
        }
    }
}

extension Transport {
    static func load(_ request: URLRequest, with session: URLSession) async throws -> (Data, URLResponse) {
        try await session.dataShieldedFromCancellation(for: request)
    }
}

extension URLSession {
    /// `data(for:)`, safe to call from a task that may be cancelled, on every platform.
    ///
    /// On Linux the call runs in its own task, out of reach of the caller's cancellation:
    /// swift-corelibs-foundation can deadlock when a task is cancelled (URLSessionTask.cancel
    /// waits on the session's queue) while its response completes (which waits on the task's
    /// status lock), e.g. when a task group cancels its siblings after one failed. That hangs
    /// the whole process, test runner included. A cancelled caller still gets its answer; the
    /// request is simply not cut short. On Apple platforms this is plain `data(for:)`.
    ///
    /// - Parameter request: The request to send.
    /// - Returns: The response's body and metadata.
    /// - Throws: What `data(for:)` throws.
    public func dataShieldedFromCancellation(for request: URLRequest) async throws -> (Data, URLResponse) {
        #if canImport(FoundationNetworking)
        return try await Task.detached { try await self.data(for: request) }.value
        #else
        return try await data(for: request)
        #endif
    }
}

/// JSON decoding for the three APIs, with their date formats:
/// `1977-05-25`, `2014-12-10T14:23:31.880000Z`, `2024-10-23T08:21:20-05:00`.
public enum APIDecoder {
    public static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = parseDate(text) else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "unrecognized date '\(text)'")
            }
            return date
        }
        return decoder
    }

    /// A date in any of the APIs' formats: a date alone (`1977-05-25`, midnight UTC), or a date-time
    /// with `Z` or an offset, with fractional seconds (SWAPI writes six digits) or without.
    public static func parseDate(_ text: String) -> Date? {
        if text.utf8.count == 10 { return try? dateOnly.parse(text) }
        return (try? withFraction.parse(text)) ?? (try? whole.parse(text))
    }

    private static let dateOnly = Date.ISO8601FormatStyle(timeZone: .gmt).year().month().day()
    private static let withFraction = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
    private static let whole = Date.ISO8601FormatStyle()

    static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            let keys = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            return keys.isEmpty ? "" : " at \(keys.hasPrefix(".") ? String(keys.dropFirst()) : keys)"
        }
        switch error {
        case .dataCorrupted(let context): return "\(context.debugDescription)\(path(context))"
        case .keyNotFound(let key, let context): return "missing key '\(key.stringValue)'\(path(context))"
        case .typeMismatch(let type, let context): return "expected \(type)\(path(context)): \(context.debugDescription)"
        case .valueNotFound(let type, let context): return "missing \(type) value\(path(context))"
        @unknown default: return "\(error)"
        }
    }
}

/// Runs `body` after `duration`, for the `.delayed` mocks.
func afterDelay<Value>(_ duration: Duration, _ body: () async throws -> Value) async throws -> Value {
    try await Task.sleep(for: duration)
    return try await body()
}
