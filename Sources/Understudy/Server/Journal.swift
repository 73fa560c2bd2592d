#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HTTPTypes
import Synchronization
import UnderstudyHTTP

/// The request journal: the last `capacity` API requests (in total), in ring buffers.
/// Recording stores the request value as it is (no copying, no encoding) but for its
/// body, which is dropped: only its length is kept, so a journal of large POSTs holds
/// no more than one of GETs. JSON is produced only when someone reads the journal.
final class Journal: Sendable {
    struct Entry: Sendable {
        var id: Int
        /// When the request arrived.
        var time: Date
        /// The request without its body (see `bodyBytes`).
        var request: ServerRequest
        var scenario: String
        var status: Int?
        var durationNanoseconds: UInt64
        var completed: Bool
        /// The length of the request's body, which the journal does not keep.
        var bodyBytes = 0
    }

    struct Filter {
        var session: String?
        var api: API?
        var pathPrefix: String?
        var status: Int?
        /// Entries with a larger id, or (for a date) a later time.
        var sinceID: Int?
        var sinceTime: Date?
        var limit: Int?

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

    /// Entries recorded on one group of threads, oldest first from `head`: a queue that
    /// grows as its thread records and gives up its oldest entry once the journal is full.
    private struct Ring {
        var slots: [Entry?] = []
        var head = 0
        var count = 0

        var entries: [Entry] { (0..<count).map { slots[(head + $0) % slots.count]! } }

        mutating func append(_ entry: Entry) {
            if count == slots.count {
                // Full: unroll into twice the room (a ring grows to its share of the traffic once).
                slots = entries.map(Optional.some) + [Entry?](repeating: nil, count: max(4, count))
                head = 0
            }
            slots[(head + count) % slots.count] = entry
            count += 1
        }

        mutating func removeFirst() {
            slots[head] = nil
            head = (head + 1) % slots.count
            count -= 1
        }

        mutating func replace(with kept: [Entry]) {
            slots = kept.map(Optional.some)
            head = 0
            count = kept.count
        }
    }

    /// Entries kept, across all rings: at most `capacity`, plus one per ring while the
    /// journal is full and a ring that had none records (reads trim to `capacity`).
    let capacity: Int
    /// One ring per worker thread (threads beyond the count share): recording takes a lock
    /// no other worker takes, and an entry is freed on the thread that made it. `capacity`
    /// is the total: once the rings hold that many, a recording ring drops its own oldest
    /// entry, so each ring keeps its most recent and a single thread keeps the last `capacity`.
    private let rings: [Locked<Ring>]
    private let held = Atomic<Int>(0)
    private let lastID = Atomic<Int>(0)

    init(capacity: Int, rings: Int = 4) {
        self.capacity = max(0, capacity)
        self.rings = (0..<max(1, rings)).map { _ in Locked(Ring()) }
    }

    func record(request: ServerRequest, scenario: String, status: Int?, durationNanoseconds: UInt64, completed: Bool) {
        guard capacity > 0 else { return }
        // Recorded when the exchange completes; the entry's time is when the request arrived.
        let time = Date(timeIntervalSinceNow: -Double(durationNanoseconds) / 1e9)
        // The body is never shown: keep its length, not the buffer (up to the body limit).
        var request = request
        let bodyBytes = request.body.count
        if bodyBytes > 0 { request.body = [] }
        rings[ThreadOrdinal.current % rings.count].withLock { ring in
            // The id is taken under the ring's lock, so each ring is in id order.
            let entry = Entry(id: lastID.add(1, ordering: .relaxed).newValue, time: time, request: request, scenario: scenario,
                              status: status, durationNanoseconds: durationNanoseconds, completed: completed, bodyBytes: bodyBytes)
            if ring.count > 0, held.load(ordering: .relaxed) >= capacity {
                ring.removeFirst()
            } else {
                held.add(1, ordering: .relaxed)
            }
            ring.append(entry)
        }
    }

    /// Matching entries, oldest first; with a limit, the most recent `limit` of them.
    func entries(matching filter: Filter) -> [Entry] {
        var all: [Entry] = []
        for ring in rings {
            ring.withLock { ring in all += ring.entries }
        }
        all.sort { $0.id < $1.id }
        let matching = all.suffix(capacity).filter(filter.matches)
        if let limit = filter.limit { return Array(matching.suffix(limit)) }
        return matching
    }

    /// Removes every entry, or only those of one session.
    func clear(session: String? = nil) {
        for ring in rings {
            ring.withLock { ring in
                let kept = session.map { session in ring.entries.filter { $0.session != session } } ?? []
                held.subtract(ring.count - kept.count, ordering: .relaxed)
                ring.replace(with: kept)
            }
        }
    }
}

extension Journal.Entry {
    /// Worked out when the journal is read, not for every request recorded.
    var api: API? { API.match(request.path) }
    var session: String? { request.header(.understudySession) }

    /// The arrival time in whole milliseconds, as shown and as `since` compares it.
    var millisecondsSince1970: Int64 { Int64((time.timeIntervalSince1970 * 1000).rounded(.down)) }

    func json() -> JSONValue {
        let headers = request.headerFields.map { JSONValue.Member($0.name.rawName, .string($0.value)) }
        return .object([
            .init("id", .int(id)),
            .init("time", .string(UTCTimestamp.milliseconds(millisecondsSince1970))),
            .init("method", .string(request.method.rawValue)),
            .init("path", .string(request.path)),
            .init("query", .string(request.encodedQuery)),
            .init("headers", .object(headers)),
            .init("body_bytes", .int(bodyBytes)),
            .init("session", session.map(JSONValue.string) ?? .null),
            .init("api", api.map { .string($0.rawValue) } ?? .null),
            .init("scenario", .string(scenario)),
            .init("status", status.map(JSONValue.int) ?? .null),
            .init("duration_ms", .number((Double(durationNanoseconds) / 1e6).fixedPoint(digits: 3))),
            .init("completed", .bool(completed)),
        ])
    }
}
