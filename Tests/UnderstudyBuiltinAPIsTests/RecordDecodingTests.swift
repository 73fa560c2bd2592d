import Foundation
import Testing
import UnderstudyTestSupport

/// Issue 30: every record of every dataset decodes through the strict models (`Strict`), as served; and
/// the captured real payloads decode through the same models, so the models are the real API's.
@Suite struct RecordDecodingTests {
    /// The complete real artwork records: the data dump's ten, the captured details of 209980 and (2023) 129884.
    /// The dataset holds each of them whole (`wholeRecordsAreTheRealOnes`).
    static let articReferences =
        [4, 9, 11, 16, 19, 20, 22, 23, 24, 25].map { "artic/artic-api-data-dump-artwork-\($0).json" }
        + ["artic/artic-artwork-129884-2023.json", "artic/artic-artwork-detail.json"]

    func served(_ path: String) async throws -> [Data] {
        let fetched = try await fetch(path)
        #expect(fetched.status == 200, "\(path)")
        return try ReferenceFiles.records(fetched.data)
    }

    @Test func everyArtworkDecodesWhereTheRealOneDoes() async throws {
        // Real artworks with `dimensions: null` exist (Blood Sign, a video; 8578 in the captured list): a
        // strict client fails on them against the real API too. Those are the only failures allowed.
        var realFailures: [Int: String] = [:]
        for name in Self.articReferences {
            for record in try ReferenceFiles.records(try ReferenceFiles.reference(name)) {
                if let problem = Strict.problem(Strict.Artwork.self, record), let id = ReferenceFiles.id(record) { realFailures[id] = problem }
            }
        }
        #expect(Set(realFailures.keys) == [209980], "the real captures fail only where dimensions is null: \(realFailures)")
        #expect(realFailures.values.allSatisfy { $0.contains("dimensions") })

        let artworks = try await served("/artic/api/v1/artworks?limit=100")
        #expect(artworks.count == 20)
        for artwork in artworks {
            let id = try #require(ReferenceFiles.id(artwork))
            let problem = Strict.problem(Strict.Artwork.self, artwork)
            #expect(problem == nil || realFailures[id] != nil, "artwork \(id): \(problem ?? "")")
            // Each detail as an app fetches it, too.
            let detail = try await served("/artic/api/v1/artworks/\(id)")
            #expect(detail.count == 1 && (Strict.problem(Strict.Artwork.self, detail[0]) == nil || realFailures[id] != nil))
        }
    }

    @Test func artworksCarryRealIdentifiersAndTheRealFieldSet() throws {
        let dataset = try ReferenceFiles.records(try ReferenceFiles.data("scenarios/data/artic/artworks.json"))
        let detail = try ReferenceFiles.records(try ReferenceFiles.reference("artic/artic-artwork-detail.json"))[0]
        let realKeys = try #require((try JSONSerialization.jsonObject(with: detail) as? [String: Any])?.keys).sorted()
        for record in dataset {
            let object = try #require(try JSONSerialization.jsonObject(with: record) as? [String: Any])
            let id = object["id"] as? Int ?? -1
            #expect(object.keys.sorted() == realKeys, "artwork \(id)")
            // No placeholder ids (the invented records had 900001… and artist ids 990001…).
            #expect(id < 900_000, "artwork \(id)")
            let artists = (object["artist_ids"] as? [Int]) ?? []
            #expect(!artists.isEmpty && artists.allSatisfy { $0 < 990_000 }, "artwork \(id): \(artists)")
            #expect(object["artist_id"] as? Int == artists.first)
            #expect(!((object["main_reference_number"] as? String) ?? "understudy").hasPrefix("understudy"))
        }
    }

    @Test func factsTheRealPayloadsShowAreTheDatasets() throws {
        let dataset = Dictionary(
            try ReferenceFiles.records(try ReferenceFiles.data("scenarios/data/artic/artworks.json")).compactMap { record in
                (try? JSONSerialization.jsonObject(with: record) as? [String: Any]).flatMap { object in (object["id"] as? Int).map { ($0, object) } }
            }, uniquingKeysWith: { first, _ in first })
        var checked = 0
        for name in ["artic/artic-artworks-list-page2-fields.json", "artic/artic-search-q-monet.json", "artic/artic-artwork-detail.json"] {
            for record in try ReferenceFiles.records(try ReferenceFiles.reference(name)) {
                guard let real = try JSONSerialization.jsonObject(with: record) as? [String: Any], let id = real["id"] as? Int,
                    let ours = dataset[id]
                else { continue }
                for field in ["title", "image_id", "dimensions", "medium_display", "place_of_origin", "date_display", "artist_title"]
                where real[field] != nil {
                    #expect("\(real[field] ?? "")" == "\(ours[field] ?? "")", "artwork \(id) \(field)")
                }
                let realThumbnail = real["thumbnail"] as? [String: Any]
                let ourThumbnail = ours["thumbnail"] as? [String: Any]
                #expect(realThumbnail?["width"] as? Int == ourThumbnail?["width"] as? Int, "artwork \(id) thumbnail")
                checked += 1
            }
        }
        #expect(checked == 4, "the three Monets of the captured search and Blood Sign's detail")
    }

    /// Issue 30: the twelve whole real records are served as captured, field for field. Only `description`,
    /// the one CC-BY field, is Understudy's own prose (null where the real one is null); 129884's 2023
    /// capture predates `short_description` and still had `suggest_autocomplete_boosted`.
    @Test func wholeRecordsAreTheRealOnes() throws {
        let dataset = try ReferenceFiles.records(try ReferenceFiles.data("scenarios/data/artic/artworks.json"))
            .compactMap { try JSONSerialization.jsonObject(with: $0) as? [String: Any] }
        #expect(dataset.count == 20)
        for name in Self.articReferences {
            let real = try #require(
                try JSONSerialization.jsonObject(with: try ReferenceFiles.records(try ReferenceFiles.reference(name))[0]) as? [String: Any])
            let id = try #require(real["id"] as? Int)
            let ours = try #require(dataset.first { $0["id"] as? Int == id }, "artwork \(id) is in the dataset")
            for (key, value) in real where !["description", "suggest_autocomplete_boosted"].contains(key) {
                #expect(NSDictionary(dictionary: [key: value]) == NSDictionary(dictionary: [key: ours[key] ?? NSNull()]), "artwork \(id) \(key)")
            }
            #expect((real["description"] is NSNull) == (ours["description"] is NSNull), "artwork \(id) description")
            #expect(ours["description"] as? String != real["description"] as? String || real["description"] is NSNull)
            #expect(Set(ours.keys).subtracting(real.keys).isSubset(of: ["short_description"]), "artwork \(id)")
        }
    }

    /// Issue 30: a kept partial work carries no related-resource id no source confirms: those lists are empty
    /// and the ids null, except its department (the one category) and the pairings real oil paintings show.
    @Test func partialRecordsCarryNoUnconfirmedIdentifiers() throws {
        let whole: Set<Int> = [4, 9, 11, 16, 19, 20, 22, 23, 24, 25, 129884, 209980]
        let dataset = try ReferenceFiles.records(try ReferenceFiles.data("scenarios/data/artic/artworks.json"))
            .compactMap { try JSONSerialization.jsonObject(with: $0) as? [String: Any] }
        let partial = dataset.filter { !whole.contains($0["id"] as? Int ?? 0) }
        #expect(partial.map { $0["id"] as? Int ?? 0 }.sorted() == [14598, 16568, 16571, 20684, 28560, 64818, 80607, 111628])
        for artwork in partial {
            let id = artwork["id"] as? Int ?? 0
            #expect(artwork["category_ids"] as? [String] == [artwork["department_id"] as? String ?? ""], "artwork \(id)")
            #expect(artwork["classification_ids"] as? [String] == ["TM-9"] && artwork["material_ids"] as? [String] == ["TM-2451"])
            #expect(artwork["term_titles"] as? [String] == ["painting", "oil paint (paint)"], "artwork \(id)")
            for key in ["style_ids", "subject_ids", "technique_ids", "alt_image_ids", "document_ids", "sound_ids", "video_ids", "text_ids"] {
                #expect((artwork[key] as? [Any])?.isEmpty == true, "artwork \(id) \(key)")
            }
            for key in ["style_id", "subject_id", "technique_id", "gallery_id", "date_qualifier_id"] {
                #expect(artwork[key] is NSNull, "artwork \(id) \(key)")
            }
        }
    }

    @Test func searchHitsDecode() async throws {
        for q in ["monet", "water", "arts%20of%20the%20americas"] {
            for hit in try await served("/artic/api/v1/artworks/search?q=\(q)&limit=100") {
                #expect(Strict.problem(Strict.SearchHit.self, hit) == nil, "q=\(q)")
            }
        }
        for hit in try ReferenceFiles.records(try ReferenceFiles.reference("artic/artic-search-q-monet.json")) {
            #expect(Strict.problem(Strict.SearchHit.self, hit) == nil, "the real capture")
        }
    }

    @Test func everyCatfactRecordDecodes() async throws {
        let facts = try await served("/catfact/facts?limit=1000")
        #expect(facts.count == 332)
        for fact in facts { #expect(Strict.problem(Strict.Fact.self, fact) == nil) }
        let breeds = try await served("/catfact/breeds?limit=1000")
        #expect(breeds.count == 98)
        for breed in breeds { #expect(Strict.problem(Strict.Breed.self, breed) == nil) }
        for name in ["catfact/catfact-facts.json", "catfact/catfact-breeds.json"] {
            for record in try ReferenceFiles.records(try ReferenceFiles.reference(name)) {
                #expect(Strict.problem(name.contains("breeds") ? Strict.Breed.self as any Decodable.Type : Strict.Fact.self, record) == nil)
            }
        }
        // The breeds are the real service's: its first page, as captured, is ours.
        let realPage = try ReferenceFiles.records(try ReferenceFiles.reference("catfact/catfact-breeds.json"))
        let ourPage = try await served("/catfact/breeds")
        #expect(realPage.count == 10 && ourPage.count == 10)
        for (real, ours) in zip(realPage, ourPage) {
            #expect(try JSONSerialization.jsonObject(with: real) as? NSDictionary == JSONSerialization.jsonObject(with: ours) as? NSDictionary)
        }
    }

    @Test func everySWAPIRecordDecodes() async throws {
        func all<T: Decodable>(_ resource: String, _ type: T.Type, count: Int) async throws {
            var records: [Data] = []
            var page = 1
            while records.count < count, page <= 20 {
                records += try await served("/swapi/api/\(resource)/?page=\(page)")
                page += 1
            }
            #expect(records.count == count, "\(resource)")
            for record in records { #expect(Strict.problem(type, record) == nil, "\(resource): \(Strict.problem(type, record) ?? "")") }
        }
        try await all("people", Strict.Person.self, count: 82)
        try await all("planets", Strict.Planet.self, count: 60)
        try await all("films", Strict.Film.self, count: 6)
        try await all("species", Strict.Species.self, count: 37)
        try await all("starships", Strict.Starship.self, count: 36)
        try await all("vehicles", Strict.Vehicle.self, count: 39)
        for (name, type) in [
            ("swapi/swapidev-film-1.json", Strict.Film.self as any Decodable.Type), ("swapi/swapico-person-1.json", Strict.Person.self),
            ("swapi/swapico-planet-2.json", Strict.Planet.self), ("swapi/swapico-species-5.json", Strict.Species.self),
            ("swapi/swapico-starship-15.json", Strict.Starship.self), ("swapi/swapico-vehicle-4.json", Strict.Vehicle.self),
        ] {
            #expect(Strict.problem(type, try ReferenceFiles.reference(name)) == nil, "\(name)")
        }
    }
}
