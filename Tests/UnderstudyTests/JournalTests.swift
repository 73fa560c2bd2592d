import Foundation
import HTTPTypes
import Testing
import UnderstudyHTTP

@testable import Understudy
@testable import UnderstudyStaging

@Suite struct JournalTests {
    /// `since=<the time an entry shows>` leaves that entry out and keeps the next millisecond's,
    /// for every millisecond of a second (binary floating point puts many of them a hair low).
    @Test func sinceTimeComparesWholeMilliseconds() throws {
        let base = 1_795_000_000.0
        for millisecond in 0..<1000 {
            let arrival = base + Double(millisecond) / 1000 + 0.0004
            let entry = Journal.Entry(
                id: 1, time: Date(timeIntervalSince1970: arrival), request: ServerRequest(method: .get, path: "/"),
                scenario: "happy", status: 200, durationNanoseconds: 0, completed: true)
            let shown = try #require(entry.json()["time"]?.stringValue)
            let since = try Date(shown, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true))
            #expect(!Journal.Filter(sinceTime: since).matches(entry), "\(shown) is not after itself")
            var later = entry
            later.time = Date(timeIntervalSince1970: arrival + 0.001)
            #expect(Journal.Filter(sinceTime: since).matches(later), "\(shown): an entry one millisecond later")
        }
    }
}

@Suite struct JournalRingTests {
    /// Threads record into rings of their own; `capacity` is the total across them. A read sees
    /// the last `capacity` requests of all threads, in id order, each id once.
    @Test func recordsFromManyThreadsReadAsOneJournal() {
        let journal = Journal(capacity: 50, rings: 3)
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for index in 0..<40 {
                journal.record(
                    request: ServerRequest(method: .get, path: "/t\(thread)/\(index)"), scenario: "happy",
                    status: 200, durationNanoseconds: 0, completed: true)
            }
        }
        let entries = journal.entries(matching: Journal.Filter())
        #expect(entries.map(\.id) == Array(271...320), "the last 50 of 320, oldest first")
        #expect(journal.entries(matching: Journal.Filter(limit: 5)).map(\.id) == Array(316...320))
        #expect(journal.entries(matching: Journal.Filter(sinceID: 310)).count == 10)
        #expect(journal.heldCount <= 50 + journal.slack, "the total across rings, not per ring")
        journal.clear()
        #expect(journal.entries(matching: Journal.Filter()).isEmpty)
    }

    /// A ring that went quiet keeps no more than the total allows: a busy ring's records sweep its old entries.
    @Test func quietRingsDoNotPushTheTotalPastCapacity() {
        let journal = Journal(capacity: 20, rings: 2)
        let quiet = Thread {
            for index in 0..<20 {
                journal.record(
                    request: ServerRequest(method: .get, path: "/quiet/\(index)"), scenario: "happy", status: 200,
                    durationNanoseconds: 0, completed: true)
            }
        }
        quiet.start()
        while !quiet.isFinished { usleep(1000) }
        for index in 0..<100 {
            journal.record(
                request: ServerRequest(method: .get, path: "/busy/\(index)"), scenario: "happy", status: 200,
                durationNanoseconds: 0, completed: true)
        }
        #expect(journal.heldCount <= 20 + journal.slack && journal.slack == 5)
        #expect(journal.entries(matching: Journal.Filter()).map(\.request.path) == (80..<100).map { "/busy/\($0)" })
    }

    /// One thread (one connection) sees exactly the last `capacity` requests, however many rings.
    @Test func oneThreadKeepsTheLastCapacity() {
        let journal = Journal(capacity: 7, rings: 4)
        for index in 0..<30 {
            journal.record(
                request: ServerRequest(method: .get, path: "/\(index)"), scenario: "happy", status: 200,
                durationNanoseconds: 0, completed: true)
        }
        #expect(journal.entries(matching: Journal.Filter()).map(\.request.path) == (23..<30).map { "/\($0)" })
    }

    /// The journal keeps a body's length, never the body.
    @Test func keepsNoRequestBodies() {
        let journal = Journal(capacity: 3, rings: 1)
        journal.record(
            request: ServerRequest(method: .post, path: "/p", body: [UInt8](repeating: 65, count: 1 << 20)), scenario: "happy",
            status: 405, durationNanoseconds: 0, completed: true)
        let entry = journal.entries(matching: Journal.Filter())[0]
        #expect(entry.request.body.isEmpty && entry.bodyBytes == 1 << 20)
        #expect(entry.json()["body_bytes"]?.intValue == 1 << 20)
    }
}
