import Foundation
import Testing
import UnderstudyHTTP
import UnderstudyMicroHTTPD
import UnderstudyTestSupport
import UnderstudyTesting

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// 60 s of mixed traffic while the active scenario flips every 100 ms:
/// no crash, no response from a scenario nobody selected, flat memory.
@Suite(
    .serialized, .disabled(if: underSanitizer, "the soak runs in make check's plain pass; a sanitizer's allocator makes its RSS figures meaningless"))
struct SoakTests {
    static let duration: TimeInterval = 60

    @Test func mixedLoadWithScenarioFlips() async throws {
        let (server, port) = try startServerProcess()
        defer {
            server.signal(SIGKILL)
            _ = server.finish()
        }
        let base = "http://127.0.0.1:\(port)"
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 1
        configuration.httpMaximumConnectionsPerHost = 64
        let session = URLSession(configuration: configuration)
        let admin = UnderstudyAdmin(baseURL: URL(string: base)!, session: session)
        try await admin.setScenario("server-error", session: "pinned")

        struct Tally: Sendable { var responses = 0, unexpected: [String] = [], transportErrors = 0 }
        let tally = Locked(Tally())
        // Each request says which scenarios may answer it; anything else is a mix-up.
        let requests: [(path: String, headers: [String: String], allowed: Set<String>)] = [
            ("/swapi/api/people/?page=2", [:], ["happy", "empty"]),
            ("/artic/api/v1/artworks?limit=5", [:], ["happy", "empty"]),
            ("/catfact/facts", [:], ["happy", "empty"]),
            ("/catfact/fact", ["X-Understudy-Session": "pinned"], ["server-error"]),
            ("/swapi/api/films/1/", ["X-Understudy-Scenario": "delay", "X-Understudy-Delay": "50"], ["delay"]),
            ("/artic/api/v1/artworks/search?q=monet", ["X-Understudy-Scenario": "truncated-body"], []),
            ("/catfact/breeds", ["X-Understudy-Scenario": "connection-reset"], []),
            ("/swapi/api/planets/1/", ["X-Understudy-Scenario": "slow-body", "X-Understudy-Delay": "200"], ["slow-body"]),
            ("/catfact/fact", ["X-Understudy-Scenario": "timeout"], []),
            ("/swapi/api/people/1/", ["X-Understudy-Scenario": "malformed-json"], ["malformed-json"]),
        ]
        let end = Date().addingTimeInterval(5 + Self.duration)  // 5 s of warm-up, then the measured minute
        let flipper = Task {
            var flips = 0
            while Date() < end {
                try? await admin.setScenario(flips % 2 == 0 ? "empty" : "happy")
                flips += 1
                try? await Task.sleep(for: .milliseconds(100))
            }
            return flips
        }
        let sampler = Task {
            var samples: [(Date, Int)] = []
            while Date() < end {
                try? await Task.sleep(for: .seconds(1))
                if let rss = server.residentKilobytes { samples.append((Date(), rss)) }
            }
            return samples
        }
        await withTaskGroup(of: Void.self) { group in
            // Eight workers on the fast routes, four on the slow and broken ones.
            for worker in 0..<12 {
                let mine = worker < 8 ? Array(requests.prefix(5)) : Array(requests.suffix(5))
                group.addTask {
                    var index = worker
                    while Date() < end {
                        let (path, headers, allowed) = mine[index % mine.count]
                        index += 1
                        var request = URLRequest(url: URL(string: base + path)!)
                        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
                        do {
                            let (_, response) = try await session.data(for: request)
                            let scenario = (response as? HTTPURLResponse)?.value(forHTTPHeaderField: "X-Understudy-Scenario") ?? "?"
                            tally.withLock { tally in
                                tally.responses += 1
                                if !allowed.contains(scenario) { tally.unexpected.append("\(path): \(scenario)") }
                            }
                        } catch {
                            tally.withLock { $0.transportErrors += 1 }
                        }
                    }
                }
            }
        }
        let flips = await flipper.value
        let samples = await sampler.value
        let result = tally.current
        #expect(server.isRunning, "no crash")
        #expect(healthy(port))
        #expect(result.unexpected.isEmpty, "responses from an unexpected scenario: \(result.unexpected.prefix(5))")
        #expect(result.responses > 10_000 && flips > 300)
        // RSS: the first 10 s of the measured minute against its last 10 s.
        let measured = samples.filter { $0.0 > end.addingTimeInterval(-Self.duration) }
        let first = measured.prefix(10).map(\.1)
        let last = measured.suffix(10).map(\.1)
        let average = { (values: ArraySlice<Int>) in Double(values.reduce(0, +)) / Double(max(values.count, 1)) }
        let drift = (average(last[...]) - average(first[...])) / average(first[...])
        print(
            "soak: \(result.responses) responses, \(result.transportErrors) faults seen as transport errors, \(flips) flips; RSS first 10 s \(Int(average(first[...]))) kB, last 10 s \(Int(average(last[...]))) kB, drift \(String(format: "%.2f", drift * 100)) %"
        )
        #expect(drift < 0.05, "RSS drift \(drift * 100) %")
    }
}
