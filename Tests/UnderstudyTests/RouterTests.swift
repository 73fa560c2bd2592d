import Foundation
import HTTPTypes
import Testing
import UnderstudyTestSupport
import UnderstudyTesting

/// The engine with no socket: what a client would receive, faults reported instead of carried out,
/// deferred admin work awaited, and the exchange journaled like one over the wire.
@Suite struct RouterTests {
    static let router = try! UnderstudyRouter()
    static let scenario = UnderstudyRouter.scenarioHeader

    @Test func answersLikeTheServerWithLinksOnTheHostUsed() async throws {
        let person = await Self.router.execute("/swapi/api/people/1/", headers: [HTTPField.Name("Host")!: "phone.local:9000"])
        #expect(person.status == .ok)
        #expect(person.header("content-type") == "application/json")
        #expect(person.text.contains(#""url":"http://phone.local:9000/swapi/api/people/1/""#))
        #expect(person.header("Content-Length") == String(person.body.count))
        // Absolute URLs, as links in bodies are, name their own host.
        let followed = await Self.router.execute("http://other.local:1/swapi/api/people/?page=2")
        #expect(followed.status == .ok && followed.text.contains("http://other.local:1/swapi/api/people/?page=3"))
    }

    @Test func faultsAreReportedNotCarriedOut() async throws {
        let reset = await Self.router.execute("/catfact/fact", headers: [Self.scenario: "connection-reset"])
        #expect(reset.fault == .reset && reset.status == nil && reset.body.isEmpty)
        let held = await Self.router.execute("/catfact/fact", headers: [Self.scenario: "timeout"])
        #expect(held.fault == .held && held.status == nil)
        let whole = await Self.router.execute("/catfact/facts")
        let truncated = await Self.router.execute("/catfact/facts", headers: [Self.scenario: "truncated-body"])
        #expect(truncated.fault == .truncated && truncated.body.count == whole.body.count / 2)
        let slow = await Self.router.execute("/catfact/facts", headers: [Self.scenario: "slow-body"], waitForDelays: false)
        #expect(slow.fault == .dribbled && slow.body == whole.body && slow.delayMilliseconds > 0)
        let broken = await Self.router.execute("/catfact/facts", headers: [Self.scenario: "malformed-json"])
        #expect(broken.fault == nil && broken.status == .ok && (try? JSONSerialization.jsonObject(with: Data(broken.body))) == nil)
    }

    @Test func delaysAreWaitedOutUnlessAskedNotTo() async throws {
        let start = Date()
        let quick = await Self.router.execute("/catfact/fact", headers: [HTTPField.Name("X-Understudy-Delay")!: "300"], waitForDelays: false)
        #expect(quick.delayMilliseconds == 300 && Date().timeIntervalSince(start) < 0.3)
        let waited = await Self.router.execute("/catfact/fact", headers: [HTTPField.Name("X-Understudy-Delay")!: "200"])
        #expect(waited.status == .ok && Date().timeIntervalSince(start) >= 0.2)
    }

    @Test func adminCallsAndTheJournalWorkWithoutASocket() async throws {
        let router = try UnderstudyRouter()
        let json = HTTPFields([HTTPField(name: .contentType, value: "application/json")])
        let switched = await router.execute("/__admin/scenario", method: .put, headers: json, body: Array(#"{"name":"empty"}"#.utf8))
        #expect(switched.status == .ok, "\(switched.text)")
        #expect(await router.execute("/catfact/fact").status == .notFound)
        // A reload answers later (a deferred reply): the router awaits it.
        let reloaded = await router.execute("/__admin/reload", method: .post, headers: json, body: Array("{}".utf8))
        #expect(reloaded.status == .ok, "\(reloaded.text)")
        let journal = await router.execute("/__admin/requests")
        #expect(journal.status == .ok && journal.text.contains(#""path":"/catfact/fact""#) && journal.text.contains(#""status":404"#))
    }
}
