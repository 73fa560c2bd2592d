import Dependencies
import Foundation
import Testing
import UnderstudyClients
import UnderstudyDependencies

/// The client library without a network: decoding the APIs' formats, mocks, paging, dependencies.
@Suite struct UnderstudyClientsTests {
    @Test func datesInEveryFormatTheAPIsUse() throws {
        let utc = { (text: String) in APIDecoder.parseDate(text)?.timeIntervalSince1970 }
        #expect(utc("1977-05-25") == 233_366_400)
        #expect(utc("2014-12-10T14:23:31.880000Z") == 1_418_221_411.88)
        #expect(utc("2024-10-23T08:21:20-05:00") == 1_729_689_680)
        #expect(utc("2024-10-23T13:21:20+00:00") == 1_729_689_680)
        #expect(utc("yesterday") == nil)
    }

    @Test func decodesASWAPIPersonAsServed() throws {
        let json = #"""
            {"name":"Leia Organa","height":"150","mass":"49","hair_color":"brown","skin_color":"light","eye_color":"brown",
             "birth_year":"19BBY","gender":"female","homeworld":"http://localhost:8080/swapi/api/planets/2/",
             "films":["http://localhost:8080/swapi/api/films/1/"],"species":[],"vehicles":["http://localhost:8080/swapi/api/vehicles/30/"],
             "starships":[],"created":"2014-12-10T15:20:09.791000Z","edited":"2014-12-20T21:17:50.315000Z",
             "url":"http://localhost:8080/swapi/api/people/5/"}
            """#
        let person = try APIDecoder.decoder.decode(Person.self, from: Data(json.utf8))
        #expect(person.id == 5)
        #expect(person.hairColor == "brown")
        #expect(person.homeworld.absoluteString.hasSuffix("/planets/2/"))
    }

    @Test func decodesArtworksWithNullsAndMissingFields() throws {
        let json = #"""
            {"pagination":{"total":2,"limit":2,"offset":0,"total_pages":1,"current_page":1},
             "data":[{"id":1,"title":"Study","thumbnail":null,"artist_display":null,"is_on_view":false,"updated_at":"2024-10-23T08:21:20-05:00"},
                     {"id":2}],
             "info":{"license_text":"x","license_links":[],"version":"1.13"},
             "config":{"iiif_url":"https://www.artic.edu/iiif/2","website_url":"http://www.artic.edu"}}
            """#
        let page = try APIDecoder.decoder.decode(ArtworkPage.self, from: Data(json.utf8))
        #expect(page.data.map(\.id) == [1, 2])
        #expect(page.data[0].thumbnail == nil && page.data[0].isOnView == false && page.data[0].updatedAt != nil)
        #expect(page.pagination.nextURL == nil)
    }

    @Test func decodesALaravelPage() throws {
        let json = #"""
            {"current_page":1,"data":[{"fact":"Cats nap.","length":9}],"first_page_url":"http:\/\/x\/catfact\/facts?page=1","from":1,
             "last_page":3,"last_page_url":"http:\/\/x\/catfact\/facts?page=3","links":[{"url":null,"label":"Previous","active":false}],
             "next_page_url":"http:\/\/x\/catfact\/facts?page=2","path":"http:\/\/x\/catfact\/facts","per_page":1,"prev_page_url":null,"to":1,"total":3}
            """#
        let page = try APIDecoder.decoder.decode(CatFactPage<CatFact>.self, from: Data(json.utf8))
        #expect(page.data == [CatFact(fact: "Cats nap.")])
        #expect(page.nextPageURL?.absoluteString == "http://x/catfact/facts?page=2")
    }

    @Test func mocksBehaveAsTheirNamesSay() async throws {
        #expect(try await CatFactClient.happy.fetchFacts(nil, nil).data.count == 3)
        #expect(try await CatFactClient.empty.fetchFacts(nil, nil).data.isEmpty)
        await #expect(throws: APIError.timedOut) { try await CatFactClient.failing(.timedOut).fetchFact(nil) }
        await #expect(throws: APIError.requestFailed(status: 404, body: #"{"detail":"Not found"}"#)) { try await SWAPIClient.empty.fetchFilm(1) }
        let clock = ContinuousClock()
        let start = clock.now
        _ = try await ArticClient.delayed(.milliseconds(200)).fetchArtworks(nil, nil, nil)
        #expect(clock.now - start >= .milliseconds(200))
        #expect(Film.mocks.map(\.episodeID).sorted() == [1, 2, 3, 4, 5, 6])
        #expect(Film.mock(episodeID: 5).episodeID == 5)
    }

    @Test func nextPageFollowsTheNextLinkWithItsSearch() async throws {
        let seen = LockIsolated<[(Int?, String?)]>([])
        var client = SWAPIClient.happy
        client.fetchPeople = { page, search in
            seen.withValue { $0.append((page, search)) }
            let next = (page ?? 1) < 3 ? URL(string: "https://swapi.dev/api/people/?page=\((page ?? 1) + 1)&search=a") : nil
            return SWAPIPage(count: 3, next: next, results: [.mock(id: page ?? 1)])
        }
        let everyone = try await client.all(Person.self, search: "a")
        #expect(everyone.map(\.id) == [1, 2, 3])
        #expect(seen.value.map(\.0) == [nil, 2, 3])
        #expect(seen.value.allSatisfy { $0.1 == "a" })
    }

    @Test func dependenciesCanBeOverridden() async throws {
        await withDependencies {
            $0.catFactClient = .failing(.requestFailed(status: 503, body: ""))
        } operation: {
            @Dependency(\.catFactClient) var client
            await #expect(throws: APIError.requestFailed(status: 503, body: "")) { try await client.fetchFact(nil) }
        }
        let preview = withDependencies {
            $0.context = .preview
        } operation: {
            DependencyValues._current.catFactClient
        }
        #expect(try await preview.fetchFacts(nil, nil).data.count == 3)
    }

    @Test func liveClientsPointAtTheRealAPIsByDefault() {
        #expect(
            SWAPIClient.defaultBaseURL.absoluteString
                == (ProcessInfo.processInfo.environment["UNDERSTUDY_BASE_URL"].map { $0 + "/swapi/api" } ?? "https://swapi.dev/api"))
        #expect(
            CatFactClient.defaultBaseURL.host
                == (ProcessInfo.processInfo.environment["UNDERSTUDY_BASE_URL"] == nil ? "catfact.ninja" : CatFactClient.defaultBaseURL.host))
    }
}
