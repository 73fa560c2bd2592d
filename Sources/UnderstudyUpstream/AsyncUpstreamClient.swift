import AsyncHTTPClient
import NIOCore
import NIOHTTP1
import UnderstudyHTTP
package import UnderstudyUpstreamWire

/// The engine's ``UpstreamClient`` over AsyncHTTPClient. The `HTTPClient` (and its event loop
/// threads) is created on the first request, not at start-up: a server that never proxies pays
/// nothing for it.
package final class AsyncUpstreamClient: UpstreamClient {
    /// Bodies above this are refused, so a hostile upstream cannot exhaust memory.
    package let maxBodyBytes: Int
    /// The whole exchange's deadline, so an upstream that hangs cannot park a connection for ever.
    package let timeoutSeconds: Int
    private let client = Locked<HTTPClient?>(nil)

    package init(maxBodyBytes: Int = 16 << 20, timeoutSeconds: Int = 30) {
        self.maxBodyBytes = maxBodyBytes
        self.timeoutSeconds = timeoutSeconds
    }

    private var shared: HTTPClient {
        client.withLock { client in
            if let client { return client }
            var configuration = HTTPClient.Configuration()
            // The client must see redirects as the upstream sent them: they are recorded and replayed as such.
            configuration.redirectConfiguration = .disallow
            configuration.timeout = .init(connect: .seconds(Int64(min(timeoutSeconds, 10))), read: .seconds(Int64(timeoutSeconds)))
            configuration.decompression = .disabled
            // A refused connection is an answer here (the service is down): the client should get its 502 at
            // once, not after the pool's retries have used up the connect timeout.
            configuration.connectionPool.retryConnectionEstablishment = false
            let made = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
            client = made
            return made
        }
    }

    package func send(_ request: UpstreamRequest, completion: @escaping @Sendable (Result<UpstreamResponse, UpstreamError>) -> Void) {
        let upstream = Self.origin(of: request.url)
        let limit = maxBodyBytes
        let timeout = timeoutSeconds
        let outgoing: HTTPClient.Request
        do {
            outgoing = try HTTPClient.Request(
                url: request.url, method: HTTPMethod(rawValue: request.method),
                headers: HTTPHeaders(request.headers),
                body: request.body.isEmpty ? nil : .byteBuffer(ByteBuffer(bytes: request.body)))
        } catch {
            completion(.failure(.unreachable(upstream: upstream, reason: "not a URL this client can send to (\(error))")))
            return
        }
        // The event-loop API, not async/await: a Task would need a thread of Swift's cooperative pool, which an
        // embedding process (a test blocking on a socket, say) may have in use; the event loop is AsyncHTTPClient's own.
        let delegate = ResponseAccumulator(request: outgoing, maxBodySize: limit)
        shared.execute(request: outgoing, delegate: delegate, deadline: .now() + .seconds(Int64(timeout))).futureResult.whenComplete { result in
            switch result {
            case .success(let response):
                let headers = response.headers.map { ($0.name, $0.value) }
                let body = response.body.map { Array(buffer: $0) } ?? []
                completion(.success(UpstreamResponse(status: Int(response.status.code), headers: headers, body: body)))
            case .failure(let error as ResponseAccumulator.ResponseTooBigError):
                _ = error
                completion(.failure(.tooLarge(upstream: upstream, limit: limit)))
            case .failure(let error):
                completion(.failure(Self.classify(error, upstream: upstream, timeout: timeout)))
            }
        }
    }

    /// AsyncHTTPClient's and NIO's errors, sorted into what a user can act on.
    static func classify(_ error: any Error, upstream: String, timeout: Int) -> UpstreamError {
        if let error = error as? HTTPClientError {
            switch error {
            case .deadlineExceeded, .readTimeout, .connectTimeout, .writeTimeout: return .timedOut(upstream: upstream, seconds: timeout)
            case .remoteConnectionClosed: return .broken(upstream: upstream, reason: "the connection was closed")
            default: break
            }
        }
        // NIO's connection errors live in NIOPosix, which this target does not import: their text says what they are.
        let text = "\(error)"
        if ["connect", "refused", "resolve", "unreachable", "NIOConnectionError"].contains(where: text.contains) {
            return .unreachable(upstream: upstream, reason: "\(error)")
        }
        return .broken(upstream: upstream, reason: "\(error)")
    }

    /// scheme://host[:port] of a URL, the name errors use.
    static func origin(of url: String) -> String {
        guard let schemeEnd = url.firstRange(of: "://") else { return url }
        let rest = url[schemeEnd.upperBound...]
        let host = rest.prefix { $0 != "/" && $0 != "?" }
        return String(url[..<schemeEnd.upperBound]) + host
    }

    deinit {
        // AsyncHTTPClient requires a shutdown before its client goes away; nothing waits for this one.
        client.current?.shutdown { _ in }
    }

    /// Ends the client's threads (if it was ever created).
    package func shutdown() {
        let made = client.withLock { client -> HTTPClient? in
            defer { client = nil }
            return client
        }
        try? made?.syncShutdown()
    }
}
