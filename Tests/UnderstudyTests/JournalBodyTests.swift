import Foundation
import HTTPTypes
import Testing
import UnderstudyTesting

@testable import Understudy
@testable import UnderstudyHTTP
@testable import UnderstudyStaging

/// The journal keeps what an app sent, within bounds: each body's first 64 KiB, all bodies together
/// within a byte budget, credentials never shown.
@Suite struct JournalBodyTests {
    func post(_ journal: Journal, _ body: [UInt8], headers: HTTPFields = [:]) {
        journal.record(
            request: ServerRequest(method: .post, path: "/myapi/orders", headerFields: headers, body: body), scenario: "happy", status: 201,
            durationNanoseconds: 0, completed: true)
    }

    @Test func aBodyIsKeptAsTextOrBase64AndCredentialsAreRedacted() throws {
        let journal = Journal(capacity: 10)
        post(
            journal, Array(#"{"item":"book","quantity":2}"#.utf8),
            headers: [.authorization: "Bearer secret", .cookie: "s=1", HTTPField.Name("X-Trace")!: "t"])
        post(journal, [0xFF, 0x00, 0x41])
        let entries = journal.entries(matching: Journal.Filter())
        let text = entries[0].wire
        #expect(text.body == #"{"item":"book","quantity":2}"# && text.bodyBytes == 28 && text.bodyBase64 == nil)
        #expect(text.headers["Authorization"] == "[redacted]" && text.headers["Cookie"] == "[redacted]" && text.headers["X-Trace"] == "t")
        let binary = entries[1].wire
        #expect(binary.body == nil && binary.bodyBase64 == "/wBB" && binary.bodyBytes == 3)
        #expect(journal.heldBodyBytes == 31)
    }

    @Test func aLargeBodyKeepsItsFirst64KiBAndItsLength() {
        let journal = Journal(capacity: 10)
        post(journal, Array(repeating: UInt8(ascii: "a"), count: 200_000))
        let entry = journal.entries(matching: Journal.Filter())[0].wire
        #expect(entry.bodyBytes == 200_000 && entry.body?.utf8.count == Journal.maxBodyBytes)
    }

    /// 1,000 bodies of 64 KiB would be 64 MiB: the budget keeps 16 MiB of them, and bodies that leave the
    /// journal (overwritten, swept, cleared) give their bytes back.
    @Test func allBodiesTogetherStayWithinTheBudget() {
        let journal = Journal(capacity: 1000, rings: 4)
        let body = Array(repeating: UInt8(ascii: "b"), count: Journal.maxBodyBytes)
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            for _ in 0..<500 { post(journal, body) }
        }
        #expect(journal.heldBodyBytes <= Journal.bodyBudget)
        #expect(journal.heldBodyBytes >= Journal.bodyBudget - 4 * Journal.maxBodyBytes, "the budget is used, not wasted")
        let kept = journal.entries(matching: Journal.Filter()).filter { !$0.body.isEmpty }
        #expect(kept.count * Journal.maxBodyBytes == journal.heldBodyBytes || kept.count <= journal.heldBodyBytes / Journal.maxBodyBytes)
        journal.clear()
        #expect(journal.heldBodyBytes == 0)
        post(journal, body)
        #expect(journal.heldBodyBytes == Journal.maxBodyBytes, "room again once the old bodies left")
    }

    @Test func theAdminAPIShowsASessionsBodies() async throws {
        let router = try UnderstudyRouter()
        _ = await router.execute(
            "/__admin/sessions/j/routes", method: .post, headers: [.contentType: "application/json"],
            body: Array(#"{"routes": [{"method": "POST", "path": "/myapi/orders", "status": 201}]}"#.utf8))
        _ = await router.execute(
            "/myapi/orders", method: .post, headers: [UnderstudyRouter.sessionHeader: "j", .authorization: "Bearer s"],
            body: Array(#"{"item":"book"}"#.utf8))
        let journal = await router.execute("/__admin/requests?session=j")
        #expect(journal.text.contains(#""body":"{\"item\":\"book\"}""#), "\(journal.text)")
        #expect(journal.text.contains(#""Authorization":"[redacted]""#) && !journal.text.contains("Bearer s"))
    }
}
