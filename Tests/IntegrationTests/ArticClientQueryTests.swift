import Foundation
import Testing
import UnderstudyClients
import UnderstudyTesting

/// `searchArtworks` with a query and `fetchArtworks(ids:)` through the live client and a real server.
@Suite(.understudySession)
struct ArticClientQueryTests {
    var session: UnderstudyTestSession { UnderstudyTestSession.current! }

    @Test func galleryByArtistSortedByDate() async throws {
        let results = try await session.artic.searchArtworks(
            .init(
                query: .term("artist_id", 35809), sort: [.init("date_start", descending: true)],
                limit: 50, fields: ["id", "title", "artist_title", "date_display"]))
        #expect(results.pagination.total == 4, "the dataset's four Monets (issue 30: real records only)")
        #expect(results.data.count == results.pagination.total)
        #expect(results.data.allSatisfy { $0.score == nil }, "sorted on a field: no score")
        let request = try await session.admin.waitForRequest(session: session.id) { $0.path == "/artic/api/v1/artworks/search" }
        #expect(request.method == "POST")
    }

    @Test func publicDomainDepartmentAndTextTogether() async throws {
        let query = ArtworkQuery.bool(
            must: [.match("term_titles", "oil paint")],
            filter: [
                .term("is_public_domain", true),
                .range("date_start", gte: 1500, lte: 1900),
            ])
        let results = try await session.artic.searchArtworks(.init(q: nil, query: query, limit: 100))
        #expect(results.pagination.total >= 3)
        #expect(results.data.allSatisfy { ($0.score ?? 0) > 0 })
        let unfiltered = try await session.artic.searchArtworks(.init(q: "oil paint", limit: 100))
        #expect(unfiltered.pagination.total >= results.pagination.total)
    }

    @Test func favouritesByIDsKeepTheirOrder() async throws {
        let artworks = try await session.artic.fetchArtworks(ids: [111628, 999_999_999, 28560], fields: ["id", "title"])
        #expect(artworks.map(\.id) == [111628, 28560])
        #expect(artworks.first?.title == "Nighthawks")
    }

    @Test func emptyScenarioAndFaultsReachTheNewCalls() async throws {
        try await session.use("empty")
        #expect(try await session.artic.fetchArtworks(ids: [28560]).isEmpty)
        #expect(try await session.artic.searchArtworks(.init(query: .term("artist_id", 35809))).data.isEmpty)
        try await session.use("server-error")
        await #expect(throws: APIError.self) { try await session.artic.searchArtworks(.init(q: "monet")) }
    }
}
