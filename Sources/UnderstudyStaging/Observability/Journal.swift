import Atomics
import HTTPTypes
import UnderstudyAPIService
package import UnderstudyAdminWire
package import UnderstudyDocuments
package import UnderstudyHTTP

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The request journal: the last `capacity` API requests (in total), in ring buffers.
/// Recording stores the request value as it is (no copying, no encoding) but for its
/// body: its first ``maxBodyBytes`` are kept while the bytes kept by all entries stay
/// within ``bodyBudget`` (a test verifies what an app sent), the rest only as a length,
/// so a journal of large POSTs stays bounded in bytes. JSON is produced only when
/// someone reads the journal.
package final class Journal: Sendable {
    package struct Entry: Sendable {
        package var id: Int
        /// When the request arrived.
        var time: Date
        /// The request without its body (see `bodyBytes`).
        package var request: ServerRequest
        package var scenario: String
        package var status: Int?
        var durationNanoseconds: UInt64
        var completed: Bool
        /// The length of the request's body.
        var bodyBytes = 0
        /// The body's first ``Journal/maxBodyBytes`` when the budget allowed; empty otherwise.
        var body: [UInt8] = []
        /// What request validation found wrong, when it ran and found something.
        var problems: [String]?
        /// The GraphQL operations the request carried, by name.
        var graphQLOperations: [String]?
    }

    /// The most of one request's body an entry keeps.
    package static let maxBodyBytes = 64 << 10
    /// The most body bytes all entries keep together; past it, entries keep lengths only until
    /// older entries (and their bodies) leave the journal.
    package static let bodyBudget = 16 << 20

    package struct Filter {
        var session: String?
        package var api: UnderstudyAPI?
        var pathPrefix: String?
        package var status: Int?
        /// Entries with a larger id, or (for a date) a later time.
        var sinceID: Int?
        var sinceTime: Date?
        package var limit: Int?

        func matches(_ entry: Entry) -> Bool {
            if let session, entry.session != session { return false }
            if let api, entry.api != api { return false }
            if let pathPrefix, !entry.request.path.hasPrefix(pathPrefix) { return false }
            if let status, entry.status != status { return false }
            if let sinceID, entry.id <= sinceID { return false }
            // Times are shown to the millisecond, so compare whole milliseconds. A time parsed from
            // text lands a hair off its millisecond in binary floating point: round it, never floor it.
            if let sinceTime, entry.millisecondsSince1970 <= Int64((sinceTime.timeIntervalSince1970 * 1000).rounded()) {
                return false
            }
            return true
        }
    }

    /// Entries recorded on one group of threads, oldest first from `next`. It grows while its
    /// oldest entry is among the last `capacity` requests; once that one is older, the newest
    /// replaces it in place.
    private struct Ring {
        package var entries: [Entry] = []
        package var next = 0

        var ordered: [Entry] { Array(entries[next...] + entries[..<next]) }
    }

    /// How many of the last requests are shown; the rings keep at most `capacity + slack`
    /// entries in total (see `record`).
    let capacity: Int
    /// Entries of quiet rings, older than the last `capacity`, that may wait for a sweep: a
    /// quarter of the capacity, so that a sweep (which visits every entry) comes at most once
    /// per `capacity / 4` records and costs each record a few entry copies at worst.
    let slack: Int
    /// One ring per worker thread (threads beyond the count share): recording takes a lock
    /// no other worker takes, and an entry is freed on the thread that made it. The journal
    /// shows the requests among the last `capacity` ids; a ring drops its own entries older
    /// than that as it records, and should entries of quiet rings push the total past
    /// `capacity + slack`, the recording thread sweeps them all.
    private let rings: [Locked<Ring>]
    /// Entries kept, across the rings. (swift-atomics: Synchronization.Atomic needs macOS 15.)
    private let held = ManagedAtomic<Int>(0)
    private let lastID = ManagedAtomic<Int>(0)
    /// Body bytes kept across the rings (at most ``bodyBudget``).
    private let bodyBytesHeld = ManagedAtomic<Int>(0)
    /// Requests answered at once (``Reply/answersAtOnce``) and not recorded yet. An exchange is
    /// recorded when it completes, just after its last byte is written: a client that reads the
    /// journal the moment it has its answer (`session.verify` after the app's call) could otherwise
    /// come in between and miss it. Delays and faults are not counted: a read never waits for them.
    private let answering = ManagedAtomic<Int>(0)

    /// A request was answered at once; ``answerCompleted()`` follows when its exchange is recorded.
    package func answeredAtOnce() { answering.wrappingIncrement(ordering: .relaxed) }

    package func answerCompleted() { answering.wrappingDecrement(ordering: .releasing) }

    /// Whether every request answered at once is recorded: a read need not wait.
    package var isSettled: Bool { answering.load(ordering: .acquiring) == 0 }

    /// The longest a read waits for answered requests to be recorded.
    static let settleMilliseconds = 50

    /// Waits (at most ``settleMilliseconds``) until every request answered at once is recorded, so
    /// that a read after an answer sees it. Under a steady load of other requests the bound ends it. It sleeps:
    /// the admin API calls it off the worker threads, answering the read as a deferred reply.
    package func settle() {
        for _ in 0..<Self.settleMilliseconds where answering.load(ordering: .acquiring) > 0 {
            usleep(1_000)
        }
    }

    package init(capacity: Int, rings: Int = 4) {
        self.capacity = max(0, capacity)
        self.rings = (0..<max(1, rings)).map { _ in Locked(Ring()) }
        slack = max(self.rings.count, self.capacity / 4)
    }

    package func record(
        request: ServerRequest, scenario: String, status: Int?, durationNanoseconds: UInt64, completed: Bool, problems: [String]? = nil,
        graphQLOperations: [String]? = nil
    ) {
        guard capacity > 0 else { return }
        // Recorded when the exchange completes; the entry's time is when the request arrived.
        let time = Date(timeIntervalSinceNow: -Double(durationNanoseconds) / 1e9)
        // The body is kept apart from the request, cut to `maxBodyBytes`, and only while the budget lasts.
        let bodyBytes = request.bodyCount
        var body: [UInt8] = []
        if bodyBytes > 0 {
            let kept = min(bodyBytes, Self.maxBodyBytes)
            if bodyBytesHeld.wrappingIncrementThenLoad(by: kept, ordering: .relaxed) <= Self.bodyBudget {
                body = Array(request.body.prefix(kept))
            } else {
                bodyBytesHeld.wrappingDecrement(by: kept, ordering: .relaxed)
            }
        }
        let request = bodyBytes == 0 ? request : request.withoutBody
        let grew = rings[ThreadOrdinal.current % rings.count].withLock { ring -> Bool in
            // The id is taken under the ring's lock, so each ring is in id order.
            let id = lastID.wrappingIncrementThenLoad(by: 1, ordering: .relaxed)
            let entry = Entry(
                id: id, time: time, request: request, scenario: scenario,
                status: status, durationNanoseconds: durationNanoseconds, completed: completed, bodyBytes: bodyBytes, body: body,
                problems: problems, graphQLOperations: graphQLOperations)
            if !ring.entries.isEmpty, ring.entries[ring.next].id <= id - capacity {
                // The ring's oldest is no longer among the last `capacity`: the newest takes its place.
                release(ring.entries[ring.next...ring.next])
                ring.entries[ring.next] = entry
                ring.next += 1
                if ring.next == ring.entries.count { ring.next = 0 }
                return false
            }
            if ring.next == 0 {
                ring.entries.append(entry)
            } else {
                // Wrapped, yet its oldest is recent (another ring took the older ids): grow in order.
                ring.entries.insert(entry, at: ring.next)
                ring.next += 1
            }
            return true
        }
        if grew, held.wrappingIncrementThenLoad(by: 1, ordering: .relaxed) > capacity + slack { dropOutdated() }
    }

    /// Drops, from every ring, the entries older than the last `capacity` requests.
    private func dropOutdated() {
        let floor = lastID.load(ordering: .relaxed) - capacity
        for ring in rings {
            ring.withLock { ring in
                guard let oldest = ring.entries.isEmpty ? nil : ring.entries[ring.next], oldest.id <= floor else { return }
                let kept = ring.ordered.filter { $0.id > floor }
                release(ring.entries.lazy.filter { $0.id <= floor })
                held.wrappingDecrement(by: ring.entries.count - kept.count, ordering: .relaxed)
                ring.entries = kept
                ring.next = 0
            }
        }
    }

    /// Matching entries, oldest first; with a limit, the most recent `limit` of them.
    package func entries(matching filter: Filter) -> [Entry] {
        var all: [Entry] = []
        let floor = lastID.load(ordering: .relaxed) - capacity
        for ring in rings {
            ring.withLock { ring in all += ring.ordered.lazy.filter { $0.id > floor } }
        }
        all.sort { $0.id < $1.id }
        let matching = all.suffix(capacity).filter(filter.matches)
        if let limit = filter.limit { return Array(matching.suffix(limit)) }
        return matching
    }

    /// Entries kept (shown or not yet swept), for tests of the bound.
    var heldCount: Int { held.load(ordering: .relaxed) }

    /// Body bytes kept (shown or not yet swept), for tests of the bound.
    var heldBodyBytes: Int { bodyBytesHeld.load(ordering: .relaxed) }

    /// Gives back the budget of entries that leave the journal.
    private func release(_ leaving: some Sequence<Entry>) {
        let bytes = leaving.reduce(0) { $0 + $1.body.count }
        if bytes > 0 { bodyBytesHeld.wrappingDecrement(by: bytes, ordering: .relaxed) }
    }

    /// Removes every entry, or only those of one session.
    func clear(session: String? = nil) {
        for ring in rings {
            ring.withLock { ring in
                let kept = session.map { session in ring.ordered.filter { $0.session != session } } ?? []
                release(ring.entries.lazy.filter { entry in session.map { entry.session == $0 } ?? true })
                held.wrappingDecrement(by: ring.entries.count - kept.count, ordering: .relaxed)
                ring.entries = kept
                ring.next = 0
            }
        }
    }
}

extension Journal.Entry {
    /// Worked out when the journal is read, not for every request recorded.
    package var api: UnderstudyAPI? { UnderstudyAPI.match(request.path) }
    var session: String? { request.header(.understudySession) }

    /// Fields whose values the journal never shows: credentials an app sends.
    static let secretFields = Set(UnderstudyWire.redactedHeaderNames.compactMap { HTTPField.Name($0) })

    /// The arrival time in whole milliseconds, as shown and as `since` compares it.
    var millisecondsSince1970: Int64 { Int64((time.timeIntervalSince1970 * 1000).rounded(.down)) }

    package func json() -> JSONValue { JSONValueEncoder.encode(wire) }

    /// The entry as the admin API shows it.
    var wire: UnderstudyWire.JournalEntry {
        // A kept body is shown as text when it is UTF-8, in base64 otherwise.
        let text = body.isEmpty ? nil : String(validating: body, as: UTF8.self)
        return UnderstudyWire.JournalEntry(
            id: id,
            time: UTCTimestamp.milliseconds(millisecondsSince1970),
            method: request.method.rawValue,
            path: request.path,
            query: request.encodedQuery,
            headers: UnderstudyWire.Members(
                request.headerFields.map { field in
                    (key: field.name.rawName, value: Self.secretFields.contains(field.name) ? UnderstudyWire.redactedValue : field.value)
                }),
            bodyBytes: bodyBytes,
            body: text,
            bodyBase64: body.isEmpty || text != nil ? nil : Data(body).base64EncodedString(),
            session: session,
            api: api,
            scenario: scenario,
            status: status,
            // To the microsecond, as it always was shown.
            durationMs: (Double(durationNanoseconds) / 1e3).rounded() / 1e3,
            completed: completed,
            problems: problems,
            graphQLOperations: graphQLOperations
        )
    }
}
