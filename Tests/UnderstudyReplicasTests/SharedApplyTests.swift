import Foundation
import HTTPTypes
import Logging
import Testing
import UnderstudyAdminWire
import UnderstudyHTTP

@testable import Understudy
@testable import UnderstudyStaging

/// What a replica does with the state it reads from the store, without a socket: the store is a
/// counter in memory that records every call, so the tests see what reaches Redis and what does not.
@Suite struct SharedApplyTests {
    final class CountingStore: SharedStateStore, @unchecked Sendable {
        let counts = Locked<[String: Int]>([:])
        let calls = Locked(0)
        let down = Locked(false)
        /// The work handed to the store's thread, run by the test when it says (none at all: `limit` 0).
        let queued = Locked<[@Sendable () -> Void]>([])
        let limit: Int
        /// What a session read finds in the "store", applied to `control` as the Redis store applies it.
        let stored = Locked<[String: SharedSession]>([:])
        let reads = Locked(0)
        weak var control: ServerControl?

        init(limit: Int = 100) {
            self.limit = limit
        }

        func attach(_ control: ServerControl) { self.control = control }
        func perform(_ work: @escaping @Sendable () -> Void) -> Bool {
            queued.withLock { queued in
                guard queued.count < limit else { return false }
                queued.append(work)
                return true
            }
        }
        func performAdmin(_ work: @escaping @Sendable () -> Void) -> Bool { perform(work) }
        /// Runs what waits, as the store's thread does; how many ran.
        @discardableResult
        func runQueued() -> Int {
            let work = queued.withLock { queued in
                defer { queued = [] }
                return queued
            }
            for item in work { item() }
            return work.count
        }
        func mustRead(session id: String) -> Bool { true }
        func read(session id: String) throws(SharedStateFailure) {
            reads.withLock { $0 += 1 }
            if down.current { throw SharedStateFailure("down") }
            control?.applyShared(session: id, stored.current[id] ?? SharedSession())
        }
        func write(_ change: SharedChange) throws(SharedStateFailure) {}
        /// Resource copies as Redis would hold them, by key.
        let resources = Locked<[String: [UInt8]]>([:])
        func loadResource(_ key: String) throws(SharedStateFailure) -> [UInt8]? {
            if down.current { throw SharedStateFailure("down") }
            return resources.current[key]
        }
        func storeResource(_ key: String, _ items: [UInt8], session: String?) throws(SharedStateFailure) {
            if down.current { throw SharedStateFailure("down") }
            resources.withLock { $0[key] = items }
        }
        func makeSequenceKey() -> String { "k" }
        func advance(sequence key: String) throws(SharedStateFailure) -> Int {
            calls.withLock { $0 += 1 }
            if down.current { throw SharedStateFailure("down") }
            return counts.withLock { counts in
                counts[key, default: 0] += 1
                return counts[key]!
            }
        }
        var health: UnderstudyWire.SharedHealth {
            .init(status: "connected", store: "memory", replica: nil, detail: nil, version: nil, servingFromCache: false)
        }
        func scenarioSets() -> UnderstudyWire.ScenarioSets { .init(hash: "", replicas: [:], agree: true) }
    }

    static let scenarios = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("scenarios")

    private func control() throws -> ServerControl {
        let set = try ScenarioLoader.load(directory: Self.scenarios, lazyDatasets: true)
        return ServerControl(
            scenarios: set, start: "happy", journalSize: 10,
            adminGuard: AdminGuard(bindHost: "127.0.0.1", isLoopback: true, allowedHosts: [], token: nil), logger: Logger(label: "test"))
    }

    @Test func aSharedSequenceAsksTheStoreOnlyUntilItsLastStep() throws {
        let store = CountingStore()
        let steps: [Selection.Step] = [.init(scenario: "server-error", count: 2), .init(scenario: "happy", count: nil)]
        // Two replicas' copies of one sequence: they count together.
        let one = Selection(steps: steps, shared: SharedSequence(key: "k", store: store))
        let other = Selection(steps: steps, shared: SharedSequence(key: "k", store: store))
        #expect(try one.nextShared() == "server-error")
        #expect(try other.nextShared() == "server-error")
        #expect(try one.nextShared() == "happy")
        #expect(!one.countsShared)
        #expect(other.countsShared)
        #expect(try other.nextShared() == "happy")
        #expect(!other.countsShared)
        let asked = store.calls.current
        for _ in 0..<100 { #expect(one.next() == "happy") }
        #expect(store.calls.current == asked)
    }

    private func responder(_ store: CountingStore) throws -> ScenarioResponder {
        let set = try ScenarioLoader.load(directory: Self.scenarios, lazyDatasets: true)
        let control = ServerControl(
            scenarios: set, start: "happy", journalSize: 10,
            adminGuard: AdminGuard(bindHost: "127.0.0.1", isLoopback: true, allowedHosts: [], token: nil), logger: Logger(label: "test"),
            shared: store)
        store.attach(control)
        return ScenarioResponder(control: control)
    }

    private func request(session: String? = nil) -> ServerRequest {
        var fields: HTTPFields = [HTTPField.Name("Host")!: "127.0.0.1"]
        if let session { fields[.understudySession] = session }
        return ServerRequest(method: .get, path: "/catfact/facts", headerFields: fields)
    }

    /// The reply a deferred one finishes with once the store's thread ran, or the reply itself.
    private func answer(_ reply: Reply, _ store: CountingStore) -> (reply: Reply?, parked: Bool) {
        guard case .deferred(let deferred) = reply.action else { return (reply, false) }
        let finished = Locked<Reply?>(nil)
        deferred.start { reply in finished.withLock { $0 = reply } }
        #expect(finished.current == nil || store.limit == 0, "nothing is answered before the store's thread runs")
        store.runQueued()
        return (finished.current, true)
    }

    private func body(of reply: Reply?) -> String {
        guard case .respond(let response)? = reply?.action else { return "" }
        return String(decoding: response.body, as: UTF8.self)
    }

    @Test func aSessionThisReplicaHasNotSeenIsReadOffTheWorkerThenServedFromItsCopy() throws {
        let store = CountingStore()
        let responder = try responder(store)
        store.stored.withLock { $0["s"] = SharedSession(all: Selection("server-error")) }
        // The worker only parks the request: the store is asked on its own thread.
        let first = responder.reply(to: request(session: "s"))
        #expect(store.reads.current == 0)
        let (reply, parked) = answer(first, store)
        #expect(parked && store.reads.current == 1)
        #expect(reply?.status == 500 && reply?.tag == "server-error")
        // Held now: answered at once, the store not asked again.
        let second = responder.reply(to: request(session: "s"))
        #expect(second.status == 500 && second.tag == "server-error" && store.reads.current == 1)
        // A request without a session never waits for the store.
        #expect(responder.reply(to: request()).status == 200 && store.queued.current.isEmpty)
    }

    /// Resources with a store: a write through one replica is read through another, off the worker threads, and a
    /// write the store cannot take is refused with nothing changed.
    @Test func aResourcesCopyIsTheStoresWhicheverReplicaAnswers() throws {
        let store = CountingStore()
        let (one, other) = (try responder(store), try responder(store))
        func send(_ responder: ScenarioResponder, _ method: HTTPRequest.Method, _ path: String, _ body: String = "") -> Reply? {
            let fields: HTTPFields = [
                HTTPField.Name("Host")!: "127.0.0.1", .understudySession: "cart", .understudyScenario: "custom-routes",
                .contentType: "application/json",
            ]
            let reply = responder.reply(to: ServerRequest(method: method, path: path, headerFields: fields, body: Array(body.utf8)))
            let (answer, parked) = answer(reply, store)
            #expect(parked, "a resource request waits for the store's thread")
            return answer
        }
        #expect(send(one, .post, "/myapp/todos", #"{"title":"kept"}"#)?.status == 201)
        #expect(store.resources.current["cart:/myapp/todos"].map { String(decoding: $0, as: UTF8.self) }?.contains("kept") == true)
        #expect(body(of: send(other, .get, "/myapp/todos/4")).contains("kept"))
        #expect(send(other, .patch, "/myapp/todos/4", #"{"done":true}"#)?.status == 200)
        #expect(body(of: send(one, .get, "/myapp/todos/4")).contains(#""done":true"#))
        store.down.withLock { $0 = true }
        let refused = send(one, .delete, "/myapp/todos/4")
        #expect(refused?.status == 503 && body(of: refused).contains("Redis"))
        store.down.withLock { $0 = false }
        #expect(send(other, .get, "/myapp/todos/4")?.status == 200)
    }

    @Test func aSessionTheStoreCannotReadIsRefusedNotGuessed() throws {
        let store = CountingStore()
        store.down.withLock { $0 = true }
        let (reply, parked) = answer(try responder(store).reply(to: request(session: "s")), store)
        #expect(parked && reply?.status == 503)
        #expect(body(of: reply).contains("\"error\":\"shared state unavailable\""))
    }

    @Test func pastTheBoundOfWaitingRequestsA503SaysSo() throws {
        let store = CountingStore(limit: 0)
        let (reply, parked) = answer(try responder(store).reply(to: request(session: "s")), store)
        #expect(parked && reply?.status == 503 && store.reads.current == 0)
        let fields = try JSONSerialization.jsonObject(with: Data(body(of: reply).utf8)) as? [String: String]
        #expect(fields?["error"] == "shared state busy" && fields?["detail"]?.contains("Retry") == true)
    }

    @Test func aSharedSequenceIsCountedOffTheWorkerUntilItsLastStep() throws {
        let store = CountingStore()
        let responder = try responder(store)
        let steps: [Selection.Step] = [.init(scenario: "server-error", count: 2), .init(scenario: "happy", count: nil)]
        responder.control.state.withLock { $0.active = Selection(steps: steps, shared: SharedSequence(key: "k", store: store)) }
        var statuses: [Int?] = []
        for _ in 0..<3 {
            let (reply, parked) = answer(responder.reply(to: request()), store)
            #expect(parked)
            statuses.append(reply?.status)
        }
        #expect(statuses == [500, 500, 200] && store.calls.current == 3)
        // Finished: answered at once from this replica's copy, the store never asked again.
        for _ in 0..<5 { #expect(responder.reply(to: request()).status == 200) }
        #expect(store.calls.current == 3 && store.queued.current.isEmpty)
    }

    @Test func anAdminWriteWaitsForTheStoreOffTheWorkerAndHealthNeverDoes() throws {
        let host: HTTPFields = [HTTPField.Name("Host")!: "127.0.0.1", .contentType: "application/json"]
        let put = ServerRequest(method: .put, path: "/__admin/scenario", headerFields: host, body: Array(#"{"name": "empty"}"#.utf8))
        let store = CountingStore()
        let responder = try responder(store)
        let (reply, parked) = answer(responder.reply(to: put), store)
        #expect(parked && reply?.status == 200 && responder.control.state.current.active.steps[0].scenario == "empty")
        #expect(responder.reply(to: ServerRequest(method: .get, path: "/__admin/health", headerFields: host)).status == 200)
        // Past the bound: the admin API's error shape, and nothing changed.
        let full = CountingStore(limit: 0)
        let refusing = try self.responder(full)
        let (refused, _) = answer(refusing.reply(to: put), full)
        let fields = try JSONSerialization.jsonObject(with: Data(body(of: refused).utf8)) as? [String: String]
        #expect(refused?.status == 503 && fields?["error"] == "shared state busy")
        #expect(refusing.control.state.current.active.steps[0].scenario == "happy")
    }

    @Test func anUnfinishedSequenceFailsWhenTheStoreIsDown() {
        let store = CountingStore()
        store.down.withLock { $0 = true }
        let selection = Selection(
            steps: [.init(scenario: "server-error", count: 1), .init(scenario: "happy", count: nil)], shared: SharedSequence(key: "k", store: store))
        #expect(throws: SharedStateFailure.self) { try selection.nextShared() }
        #expect(selection.countsShared)
    }

    @Test func aReReadThatChangedNothingKeepsTheObjects() throws {
        let control = try control()
        let empty = Selection("empty")
        let override = Selection("server-error")
        control.applyShared(global: SharedGlobal(active: empty, overrides: [.catfact: override]))
        #expect(control.state.current.active === empty)
        control.applyShared(global: SharedGlobal(active: empty, overrides: [.catfact: override]))
        #expect(control.state.current.active === empty)
        #expect(control.state.current.overrides[.catfact] === override)
        // No active selection in the store: the start scenario.
        control.applyShared(global: SharedGlobal())
        #expect(control.state.current.active.steps == [.init(scenario: "happy", count: nil)])
        #expect(control.state.current.overrides.isEmpty)
    }

    @Test func aScenarioThisReplicaLacksIsLeftOutAndNamed() throws {
        let control = try control()
        let missing = control.applyShared(global: SharedGlobal(active: Selection("not-here"), overrides: [.swapi: Selection("empty")]))
        #expect(missing == ["not-here"])
        #expect(control.state.current.active.steps[0].scenario == "happy")
        #expect(control.state.current.overrides[.swapi]?.steps[0].scenario == "empty")
        #expect(control.applyShared(session: "s", SharedSession(all: Selection("not-here"))) == ["not-here"])
        #expect(!control.hasSession("s"))
    }

    @Test func theStoreCannotMakeAReplicaHoldMoreSessionsThanItsLimit() throws {
        let set = try ScenarioLoader.load(directory: Self.scenarios, lazyDatasets: true)
        let control = ServerControl(
            scenarios: set, start: "happy", journalSize: 10,
            adminGuard: AdminGuard(bindHost: "127.0.0.1", isLoopback: true, allowedHosts: [], token: nil), logger: Logger(label: "test"),
            sessionLimits: .init(ttlSeconds: 60, limit: 3))
        for index in 0..<10 { control.applyShared(session: "s\(index)", SharedSession(all: Selection("empty"))) }
        #expect(control.sessionIDs().count == 3)
    }

    @Test func sessionsComeAndGo() throws {
        let control = try control()
        control.applyShared(session: "s", SharedSession(all: Selection("empty"), apis: [.artic: Selection("server-error")]))
        #expect(control.hasSession("s"))
        #expect(control.state.current.selection(api: .artic, session: "s").steps[0].scenario == "server-error")
        #expect(control.state.current.selection(api: .swapi, session: "s").steps[0].scenario == "empty")
        control.applyShared(session: "s", SharedSession(all: Selection("empty")))
        #expect(control.state.current.selection(api: .artic, session: "s").steps[0].scenario == "empty")
        control.applyShared(session: "s", SharedSession())
        #expect(!control.hasSession("s"))
        control.applyShared(session: "t", SharedSession(all: Selection("empty")))
        control.applySharedReset()
        #expect(control.sessionIDs().isEmpty)
    }
}
