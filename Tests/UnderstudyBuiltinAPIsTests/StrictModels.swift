import Foundation

/// Models as strict as the third-party Swift clients of issue 30 declare them: every field the real API
/// always sends is a non-optional of its real type, so a `null` or a wrong type fails the decode as it
/// fails in those apps. The same models decode the captured real payloads (`RecordDecodingTests`), which
/// shows they ask for no more than the real API gives.
enum Strict {
    static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return decoder
    }()

    struct Thumbnail: Decodable {
        let lqip: String
        let width: Int
        let height: Int
        let altText: String
    }

    /// An artwork detail as a strict gallery app declares every field of it: non-optional wherever the real
    /// records (the data dump's, the captured details) always carry a value, optional where real records have
    /// `null`, lists where they have lists (empty when the museum has none).
    struct Artwork: Decodable {
        let id: Int
        let apiModel, apiLink: String
        let isBoosted: Bool
        let title: String
        let altTitles: [String]?
        let thumbnail: Thumbnail
        let mainReferenceNumber: String
        let hasNotBeenViewedMuch: Bool
        let boostRank: Int?
        let dateStart, dateEnd: Int
        let dateDisplay, dateQualifierTitle: String
        let dateQualifierId: Int?
        let artistDisplay, placeOfOrigin: String
        let description, shortDescription: String?
        let dimensions, mediumDisplay: String
        let inscriptions: String?
        let creditLine: String
        let catalogueDisplay, publicationHistory, exhibitionHistory, provenanceText, edition: String?
        let publishingVerificationLevel: String
        let internalDepartmentId: Int
        let fiscalYear, fiscalYearDeaccession: Int?
        let isPublicDomain, isZoomable: Bool
        let maxZoomWindowSize: Int
        let copyrightNotice: String?
        let hasMultimediaResources, hasEducationalResources, hasAdvancedImaging: Bool
        let colorfulness: Double?
        let color: Color?
        let latitude, longitude: Double?
        let latlon: String?
        let isOnView: Bool
        let onLoanDisplay, galleryTitle: String?
        let galleryId: Int?
        let nomismaId: String?
        let artworkTypeTitle: String
        let artworkTypeId: Int
        let departmentTitle, departmentId: String
        let artistId: Int
        let artistTitle: String
        let altArtistIds, artistIds: [Int]
        let artistTitles, categoryIds, categoryTitles, termTitles: [String]
        let styleId, styleTitle, classificationId, classificationTitle, subjectId, materialId, techniqueId: String?
        let altStyleIds, styleIds, styleTitles, altClassificationIds, classificationIds, classificationTitles: [String]
        let altSubjectIds, subjectIds, subjectTitles, altMaterialIds, materialIds, materialTitles: [String]
        let altTechniqueIds, techniqueIds, techniqueTitles, themeTitles: [String]
        let imageId: String?
        let altImageIds, documentIds, soundIds, videoIds, textIds, sectionTitles: [String]
        let sectionIds, siteIds: [Int]
        let suggestAutocompleteAll: [Suggestion]
        let sourceUpdatedAt, updatedAt, timestamp: String

        struct Color: Decodable {
            let h, l, s, population: Int
            let percentage: Double
        }

        struct Suggestion: Decodable {
            let input: [String]
            let weight: Int?
        }
    }

    /// A search hit with artic's default search fields.
    struct SearchHit: Decodable {
        let score: Double
        let id: Int
        let apiModel: String
        let apiLink: String
        let isBoosted: Bool
        let title: String
        let thumbnail: Thumbnail
        let timestamp: String

        enum CodingKeys: String, CodingKey {
            case score = "_score"
            case id, apiModel, apiLink, isBoosted, title, thumbnail, timestamp
        }
    }

    struct Fact: Decodable {
        let fact: String
        let length: Int
    }

    struct Breed: Decodable {
        let breed: String
        let country: String
        let origin: String
        let coat: String
        let pattern: String
    }

    struct Person: Decodable {
        let name, height, mass, hairColor, skinColor, eyeColor, birthYear, gender, homeworld: String
        let films, species, vehicles, starships: [String]
        let created, edited, url: String
    }

    struct Planet: Decodable {
        let name, rotationPeriod, orbitalPeriod, diameter, climate, gravity, terrain, surfaceWater, population: String
        let residents, films: [String]
        let created, edited, url: String
    }

    struct Film: Decodable {
        let title: String
        let episodeId: Int
        let openingCrawl, director, producer, releaseDate: String
        let characters, planets, starships, vehicles, species: [String]
        let created, edited, url: String
    }

    struct Species: Decodable {
        let name, classification, designation, averageHeight, skinColors, hairColors, eyeColors, averageLifespan: String
        let homeworld: String?  // null on the real service for some species
        let language: String
        let people, films: [String]
        let created, edited, url: String
    }

    struct Starship: Decodable {
        let name, model, manufacturer, costInCredits, length, maxAtmospheringSpeed, crew, passengers, cargoCapacity, consumables: String
        let hyperdriveRating, mGLT, starshipClass: String
        let pilots, films: [String]
        let created, edited, url: String

        enum CodingKeys: String, CodingKey {
            case name, model, manufacturer, costInCredits, length, maxAtmospheringSpeed, crew, passengers, cargoCapacity, consumables
            case hyperdriveRating
            case mGLT = "MGLT"
            case starshipClass, pilots, films, created, edited, url
        }
    }

    struct Vehicle: Decodable {
        let name, model, manufacturer, costInCredits, length, maxAtmospheringSpeed, crew, passengers, cargoCapacity, consumables: String
        let vehicleClass: String
        let pilots, films: [String]
        let created, edited, url: String
    }

    /// Whether `record` decodes as `type`, and the decoding error's description when it does not.
    static func problem(_ type: any Decodable.Type, _ record: Data) -> String? {
        func decode<T: Decodable>(_ type: T.Type) throws { _ = try decoder.decode(type, from: record) }
        do {
            try decode(type)
            return nil
        } catch {
            return "\(error)"
        }
    }
}
