import Dispatch
import UnderstudyHTTP
import UnderstudyUpstream
import UnderstudyUpstreamWire

// understudy-upstream: sends one upstream request for `understudy` (serve's proxy:, record) and exits.
// Reads an UpstreamWire request on stdin, writes the outcome on stdout. A separate executable so that only
// what proxies or records loads AsyncHTTPClient and NIO; `serve` alone starts and idles as it did without them.

guard let input = Platform.readInput(limit: (32 << 20) + 65536),
    let (request, timeout, limit) = try? UpstreamWire.decodeRequest(input)
else {
    Platform.writeAll(Array("understudy-upstream: expected an upstream request on stdin, as understudy sends it\n".utf8))
    Platform.exit(2)
}
let client = AsyncUpstreamClient(maxBodyBytes: limit, timeoutSeconds: timeout)
let outcome = Locked<Result<UpstreamResponse, UpstreamError>?>(nil)
let done = DispatchSemaphore(value: 0)
client.send(request) { result in
    outcome.withLock { $0 = result }
    done.signal()
}
done.wait()
Platform.writeAll(UpstreamWire.encode(outcome.current!))
client.shutdown()
Platform.exit(0)
