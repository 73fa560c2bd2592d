import Dispatch
import Understudy
import UnderstudyHTTP
import UnderstudyUpstream

// understudy-upstream: sends one upstream request for `understudy` (serve's proxy:, record) and exits.
// Reads an UpstreamWire request on stdin, writes the outcome on stdout. A separate executable so that only
// what proxies or records loads AsyncHTTPClient and NIO; `serve` alone starts and idles as it did without them.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// stdin, bounded: the request body may be at most what the server accepts, plus the request's own fields.
func readInput(limit: Int) -> [UInt8]? {
    var input: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
        let count = read(0, &buffer, buffer.count)
        if count == 0 { return input }
        if count < 0 { if errno == EINTR { continue } else { return nil } }
        input += buffer[0..<count]
        if input.count > limit { return nil }
    }
}

func writeAll(_ bytes: [UInt8]) {
    var offset = 0
    while offset < bytes.count {
        let written = bytes[offset...].withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
        if written < 0 { if errno == EINTR { continue } else { return } }
        offset += written
    }
}

guard let input = readInput(limit: (32 << 20) + 65536),
    let (request, timeout, limit) = try? UpstreamWire.decodeRequest(input)
else {
    writeAll(Array("understudy-upstream: expected an upstream request on stdin, as understudy sends it\n".utf8))
    exit(2)
}
let client = AsyncUpstreamClient(maxBodyBytes: limit, timeoutSeconds: timeout)
let outcome = Locked<Result<UpstreamResponse, UpstreamError>?>(nil)
let done = DispatchSemaphore(value: 0)
client.send(request) { result in
    outcome.withLock { $0 = result }
    done.signal()
}
done.wait()
writeAll(UpstreamWire.encode(outcome.current!))
client.shutdown()
exit(0)
