import Foundation
import Testing
import Understudy
import UnderstudyStaging
import UnderstudyTestSupport
import UnderstudyTesting

/// Pagination, search and query parameters, as the real APIs apply them.
@Suite struct ParameterTests {
    let base = shared.baseURL.absoluteString

    @Test func swapiPagesAndSearch() async throws {
        let page2 = try await fetch("/swapi/api/people/?page=2").json()
        #expect(page2["previous"]?.stringValue == "\(base)/swapi/api/people/?page=1")
        #expect(page2["next"]?.stringValue == "\(base)/swapi/api/people/?page=3")
        #expect(page2["results"]?.arrayValue?.first?["name"]?.stringValue == "Anakin Skywalker")

        let page9 = try await fetch("/swapi/api/people/?page=9").json()
        #expect(page9["next"] == .null)
        #expect(page9["results"]?.arrayValue?.count == 2)

        let beyond = try await fetch("/swapi/api/people/?page=10")
        #expect(beyond.status == 404)
        #expect(try beyond.json() == .object([.init("detail", .string("Invalid page."))]))

        let sky = try await fetch("/swapi/api/people/?search=sky").json()
        #expect(sky["count"]?.intValue == 3)
        let names = sky["results"]?.arrayValue?.compactMap { $0["name"]?.stringValue }
        #expect(names == ["Luke Skywalker", "Anakin Skywalker", "Shmi Skywalker"])

        let wing = try await fetch("/swapi/api/starships/?search=wing").json()
        #expect((wing["count"]?.intValue ?? 0) >= 3, "starships search name and model")

        let many = try await fetch("/swapi/api/people/?search=a").json()
        #expect(many["next"]?.stringValue == "\(base)/swapi/api/people/?page=2&search=a")
    }

    @Test func articLimitPageAndFields() async throws {
        let page3 = try await fetch("/artic/api/v1/artworks?limit=5&page=3").json()
        let pagination = try #require(page3["pagination"])
        #expect(pagination["limit"]?.intValue == 5)
        #expect(pagination["offset"]?.intValue == 10)
        #expect(pagination["current_page"]?.intValue == 3)
        #expect(pagination["prev_url"]?.stringValue == "\(base)/artic/api/v1/artworks?page=2&limit=5")
        #expect(pagination["next_url"]?.stringValue == "\(base)/artic/api/v1/artworks?page=4&limit=5")
        #expect(page3["data"]?.arrayValue?.count == 5)

        let fields = try await fetch("/artic/api/v1/artworks?fields=title,id").json()
        for item in fields["data"]?.arrayValue ?? [] {
            #expect(item.members?.map(\.key) == ["id", "title"], "fields come in the API's own order")
        }
        #expect(fields["pagination"]?["next_url"]?.stringValue == "\(base)/artic/api/v1/artworks?page=2&fields=title%2Cid")

        let tooMany = try await fetch("/artic/api/v1/artworks?limit=101")
        #expect(tooMany.status == 403)
        #expect(try tooMany.json()["error"]?.stringValue == "Invalid limit")

        let last = try await fetch("/artic/api/v1/artworks?limit=100&page=4").json()
        #expect(last["pagination"]?["next_url"] == nil, "next_url is absent, not null, on the last page")

        let search = try await fetch("/artic/api/v1/artworks/search?q=monet&limit=2").json()
        #expect(search["pagination"]?["limit"]?.intValue == 2)
        #expect((search["pagination"]?["total"]?.intValue ?? 0) >= 3)
        #expect(search["data"]?.arrayValue?.first?.members?.first?.key == "_score")
    }

    @Test func catfactMaxLengthAndPages() async throws {
        for _ in 0..<20 {
            let fact = try await fetch("/catfact/fact?max_length=40").json()
            #expect((fact["length"]?.intValue ?? 99) <= 40)
        }
        let filtered = try await fetch("/catfact/facts?max_length=40&limit=100").json()
        #expect(filtered["data"]?.arrayValue?.allSatisfy { ($0["length"]?.intValue ?? 99) <= 40 } == true)

        let page = try await fetch("/catfact/facts?limit=4&page=2").json()
        #expect(page["current_page"]?.intValue == 2)
        #expect(page["per_page"]?.intValue == 4)
        #expect(page["from"]?.intValue == 5)
        #expect(page["to"]?.intValue == 8)
        #expect(page["prev_page_url"]?.stringValue == "\(base)/catfact/facts?page=1")
        #expect(page["next_page_url"]?.stringValue == "\(base)/catfact/facts?page=3")
        #expect(page["path"]?.stringValue == "\(base)/catfact/facts")
        let labels = page["links"]?.arrayValue?.compactMap { $0["label"]?.stringValue } ?? []
        #expect(labels.first == "Previous" && labels.last == "Next")
        #expect(labels.contains("..."), "more than 13 pages: Laravel's window with gaps")
        let active = page["links"]?.arrayValue?.filter { $0["active"] == .bool(true) }.compactMap { $0["label"]?.stringValue }
        #expect(active == ["2"])

        let none = try await fetch("/catfact/fact?max_length=3")
        #expect(none.status == 404)
    }

    @Test func laravelLinkWindowMatchesTheRealPaginator() async throws {
        // The real API's page 14 of 34 (332 facts, 10 a page): 1 2 … 11–17 … 33 34.
        let page = try await fetch("/catfact/facts?page=14").json()
        let labels = page["links"]?.arrayValue?.compactMap { $0["label"]?.stringValue } ?? []
        #expect(labels == ["Previous", "1", "2", "...", "11", "12", "13", "14", "15", "16", "17", "...", "33", "34", "Next"])
    }
}
