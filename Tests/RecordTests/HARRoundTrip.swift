import Foundation
import Testing
import UnderstudyTesting

/// What a HAR fixture says each imported request must answer once served, read from the fixture itself (not from
/// what the import wrote): the last answer per method, path and query, its links on the server's origin and every
/// fixture secret as REDACTED.
struct HARExpectation {
    var method: String
    /// Path and query as the replay sends them (the query's secrets as REDACTED, as the route's `query:` says).
    var target: String
    var status: Int
    var body: String

    /// Entries of `fixture` under `upstream`, served under `prefix` at `origin`. Only plain-text bodies (a base64
    /// one would need the import's own decoding to say what it holds).
    static func read(_ fixture: String, upstream: String, prefix: String, origin: String) throws -> [HARExpectation] {
        let root = try #require(try JSONSerialization.jsonObject(with: Data(HARFixture.bytes(fixture))) as? [String: Any])
        let entries = try #require((root["log"] as? [String: Any])?["entries"] as? [[String: Any]])
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        var previous = Date.distantPast
        let dated = entries.enumerated().map { index, entry -> (Date, Int, [String: Any]) in
            previous = (entry["startedDateTime"] as? String).flatMap(formatter.date(from:)) ?? previous
            return (previous, index, entry)
        }
        var order: [String] = []
        var byKey: [String: HARExpectation] = [:]
        for (_, _, entry) in dated.sorted(by: { ($0.0, $0.1) < ($1.0, $1.1) }) {
            let request = entry["request"] as? [String: Any] ?? [:]
            let response = entry["response"] as? [String: Any] ?? [:]
            let content = response["content"] as? [String: Any] ?? [:]
            guard let url = request["url"] as? String, url.hasPrefix(upstream), let method = request["method"] as? String,
                ["GET", "POST", "PUT", "PATCH", "DELETE"].contains(method), let status = response["status"] as? Int,
                (200..<600).contains(status), status != 304, content["encoding"] == nil
            else { continue }
            var body = content["text"] as? String ?? ""
            guard content["text"] != nil || (content["size"] as? Int ?? 0) == 0 else { continue }
            var target = prefix + url.dropFirst(upstream.count)
            for secret in HARFixture.secrets {
                body = body.replacingOccurrences(of: secret, with: "REDACTED")
                target = target.replacingOccurrences(of: secret, with: "REDACTED")
            }
            body = body.replacingOccurrences(of: upstream, with: origin + prefix)
            let key = method + " " + target
            if byKey[key] == nil { order.append(key) }
            byKey[key] = HARExpectation(method: method, target: target, status: status, body: body)
        }
        return order.map { byKey[$0]! }
    }

    /// Replays each expectation against `server`: the status, and the body JSON-equal (text-equal when not JSON).
    static func replay(_ expectations: [HARExpectation], on server: UnderstudyTestServer, headers: [String: String] = [:]) throws {
        #expect(!expectations.isEmpty)
        for expected in expectations {
            let answer = try request(server.port, expected.target, method: expected.method, headers: headers)
            #expect(answer.status == expected.status, "\(expected.method) \(expected.target): \(answer.raw.prefix(300))")
            if let want = jsonObject(expected.body) {
                #expect(jsonObject(answer.body) == want, "\(expected.method) \(expected.target): \(answer.body) ≠ \(expected.body)")
            } else {
                #expect(answer.body == expected.body, "\(expected.method) \(expected.target)")
            }
        }
    }
}
