import Foundation
import Testing
import UnderstudyAdminClient

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A session's request timeout survives swift-corelibs-foundation, which arms its timer for
/// whole seconds only: 0.5 s there was 0, and every request failed before it was sent.
/// RemoteTests' abandoned exchange proves it on the wire (the request reaches the journal).
@Suite struct SessionTimeoutTests {
    @Test func aSubSecondTimeoutIsNotTruncatedToZero() throws {
        let admin = UnderstudyAdmin(baseURL: try #require(URL(string: "http://127.0.0.1:9")))
        let timeout = UnderstudySession(admin: admin, requestTimeout: 0.5).urlSession.configuration.timeoutIntervalForRequest
        #if canImport(FoundationNetworking)
        #expect(timeout == 1)
        #else
        #expect(timeout == 0.5)
        #endif
        #expect(UnderstudySession(admin: admin, requestTimeout: 3).urlSession.configuration.timeoutIntervalForRequest == 3)
    }
}
