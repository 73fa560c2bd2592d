import Foundation
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
        func attach(_ control: ServerControl) {}
        func write(_ change: SharedChange) throws(SharedStateFailure) {}
        func makeSequenceKey() -> String { "k" }
        func advance(sequence key: String) throws(SharedStateFailure) -> Int {
            calls.withLock { $0 += 1 }
            if down.current { throw SharedStateFailure("down") }
            return counts.withLock { counts in
                counts[key, default: 0] += 1
                return counts[key]!
            }
        }
        func prepare(session id: String) throws(SharedStateFailure) {}
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
