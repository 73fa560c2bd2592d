#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HTTPTypes
import Atomics
import UnderstudyHTTP

/// The request journal: the last `capacity` API requests, in ring buffers.
/// Recording stores the request value as it is (no copying, no encoding);
/// JSON is produced only when someone reads the journal.
final class Journal: Sendable {
    struct Entry: Sendable {
        var id: Int
        /// When the request arrived.
        var time: Date
        var request: ServerRequest
        var scenario: String
        var status: Int?
        var durationNanoseconds: UInt64
        var completed: Bool
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

    /// Entries recorded on one group of threads, oldest first from `next`.
    private struct Ring {
        var entries: [Entry] = []
        var next = 0
    }

    let capacity: Int
    /// One ring per worker thread (threads beyond the count share): recording takes a lock
    /// no other worker takes, and an entry is freed on the thread that made it. Each ring
    /// holds up to `capacity` entries, so together they always hold the last `capacity`.
    private let rings: [Locked<Ring>]
    private let lastID = ManagedAtomic<Int>(0)  // swift-atomics: Synchronization.Atomic needs macOS 15

    init(capacity: Int, rings: Int = 4) {
        self.capacity = max(0, capacity)
        self.rings = (0..<max(1, rings)).map { _ in Locked(Ring()) }
    }

    func record(request: ServerRequest, scenario: String, status: Int?, durationNanoseconds: UInt64, completed: Bool) {
        guard capacity > 0 else { return }
        // Recorded when the exchange completes; the entry's time is when the request arrived.
        let time = Date(timeIntervalSinceNow: -Double(durationNanoseconds) / 1e9)
        rings[ThreadOrdinal.current % rings.count].withLock { ring in
            // The id is taken under the ring's lock, so each ring is in id order.
            let entry = Entry(id: lastID.wrappingIncrementThenLoad(by: 1, ordering: .relaxed), time: time, request: request, scenario: scenario,
                              status: status, durationNanoseconds: durationNanoseconds, completed: completed)
            if ring.entries.count < capacity {
                ring.entries.append(entry)
            } else {
                ring.entries[ring.next] = entry
                ring.next = (ring.next + 1) % capacity
            }
        }
    }

    /// Matching entries, oldest first; with a limit, the most recent `limit` of them.
    func entries(matching filter: Filter) -> [Entry] {
        var all: [Entry] = []
        for ring in rings {
            ring.withLock { ring in all += ring.entries[ring.next...] + ring.entries[..<ring.next] }
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
                ring.entries = session.map { session in
                    Array(ring.entries[ring.next...] + ring.entries[..<ring.next]).filter { $0.session != session }
                } ?? []
                ring.next = 0
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
            .init("body_bytes", .int(request.body.count)),
            .init("headers", .object(headers)),
            .init("session", session.map(JSONValue.string) ?? .null),
            .init("api", api.map { .string($0.rawValue) } ?? .null),
            .init("scenario", .string(scenario)),
            .init("status", status.map(JSONValue.int) ?? .null),
            .init("duration_ms", .number((Double(durationNanoseconds) / 1e6).fixedPoint(digits: 3))),
            .init("completed", .bool(completed)),
        ])
    }
}
