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

    /// An artwork detail as a gallery app reads it.
    struct Artwork: Decodable {
        let id: Int
        let apiModel: String
        let apiLink: String
        let title: String
        let thumbnail: Thumbnail
        let mainReferenceNumber: String
        let dateStart: Int
        let dateEnd: Int
        let dateDisplay: String
        let artistDisplay: String
        let placeOfOrigin: String
        let dimensions: String
        let mediumDisplay: String
        let creditLine: String
        let isPublicDomain: Bool
        let artworkTypeTitle: String
        let departmentTitle: String
        let departmentId: String
        let artistId: Int
        let artistTitle: String
        let artistIds: [Int]
        let artistTitles: [String]
        let categoryTitles: [String]
        let termTitles: [String]
        let imageId: String
        let updatedAt: String
        let timestamp: String
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
