/// How an `UpstreamClient` request and its outcome cross a process boundary: `understudy` hands each upstream
/// request to the `understudy-upstream` helper, which alone links AsyncHTTPClient and NIO, so that a server
/// that never proxies does not load them (they cost every start memory and time, measured). Binary-safe:
/// each field is its length in decimal, a colon, then its bytes.
package enum UpstreamWire {
    package struct Malformed: Error, CustomStringConvertible {
        package var description: String { "malformed upstream helper message" }
    }

    package static func encode(_ request: UpstreamRequest, timeoutSeconds: Int, maxBodyBytes: Int) -> [UInt8] {
        var out: [UInt8] = []
        for text in [request.method, request.url, String(timeoutSeconds), String(maxBodyBytes), String(request.headers.count)] {
            field(Array(text.utf8), into: &out)
        }
        for (name, value) in request.headers {
            field(Array(name.utf8), into: &out)
            field(Array(value.utf8), into: &out)
        }
        field(request.body, into: &out)
        return out
    }

    package static func decodeRequest(_ bytes: [UInt8]) throws(Malformed) -> (UpstreamRequest, timeoutSeconds: Int, maxBodyBytes: Int) {
        var reader = Reader(bytes: bytes)
        let method = try reader.text()
        let url = try reader.text()
        let timeout = try reader.number()
        let limit = try reader.number()
        let count = try reader.number()
        var headers: [(String, String)] = []
        for _ in 0..<count { headers.append((try reader.text(), try reader.text())) }
        let body = try reader.field()
        return (UpstreamRequest(method: method, url: url, headers: headers, body: body), timeout, limit)
    }

    package static func encode(_ result: Result<UpstreamResponse, UpstreamError>) -> [UInt8] {
        var out: [UInt8] = []
        let texts: [String]
        switch result {
        case .success(let response):
            for text in ["ok", String(response.status), String(response.headers.count)] { field(Array(text.utf8), into: &out) }
            for (name, value) in response.headers {
                field(Array(name.utf8), into: &out)
                field(Array(value.utf8), into: &out)
            }
            field(response.body, into: &out)
            return out
        case .failure(.unreachable(let upstream, let reason)): texts = ["unreachable", upstream, reason]
        case .failure(.timedOut(let upstream, let seconds)): texts = ["timedOut", upstream, String(seconds)]
        case .failure(.tooLarge(let upstream, let limit)): texts = ["tooLarge", upstream, String(limit)]
        case .failure(.broken(let upstream, let reason)): texts = ["broken", upstream, reason]
        }
        for text in texts { field(Array(text.utf8), into: &out) }
        return out
    }

    package static func decodeResult(_ bytes: [UInt8]) throws(Malformed) -> Result<UpstreamResponse, UpstreamError> {
        var reader = Reader(bytes: bytes)
        switch try reader.text() {
        case "ok":
            let status = try reader.number()
            let count = try reader.number()
            var headers: [(String, String)] = []
            for _ in 0..<count { headers.append((try reader.text(), try reader.text())) }
            return .success(UpstreamResponse(status: status, headers: headers, body: try reader.field()))
        case "unreachable": return .failure(.unreachable(upstream: try reader.text(), reason: try reader.text()))
        case "timedOut": return .failure(.timedOut(upstream: try reader.text(), seconds: try reader.number()))
        case "tooLarge": return .failure(.tooLarge(upstream: try reader.text(), limit: try reader.number()))
        case "broken": return .failure(.broken(upstream: try reader.text(), reason: try reader.text()))
        default: throw Malformed()
        }
    }

    private static func field(_ bytes: [UInt8], into out: inout [UInt8]) {
        out += Array(String(bytes.count).utf8)
        out.append(UInt8(ascii: ":"))
        out += bytes
    }

    private struct Reader {
        package let bytes: [UInt8]
        package var index = 0

        package mutating func field() throws(Malformed) -> [UInt8] {
            var length = 0
            while index < bytes.count, bytes[index] != UInt8(ascii: ":") {
                let digit = Int(bytes[index]) - 48
                guard (0...9).contains(digit), length < (1 << 40) else { throw Malformed() }
                length = length * 10 + digit
                index += 1
            }
            guard index < bytes.count, bytes.count - index - 1 >= length else { throw Malformed() }
            let start = index + 1
            index = start + length
            return Array(bytes[start..<index])
        }

        package mutating func text() throws(Malformed) -> String {
            guard let text = String(validating: try field(), as: UTF8.self) else { throw Malformed() }
            return text
        }

        package mutating func number() throws(Malformed) -> Int {
            guard let value = Int(try text()), value >= 0, value <= 1 << 40 else { throw Malformed() }
            return value
        }
    }
}
