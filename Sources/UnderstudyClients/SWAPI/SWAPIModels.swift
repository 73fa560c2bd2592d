public import Foundation

/// `GET /` : where each resource lives.
public struct SWAPIRoot: Codable, Sendable, Equatable {
    public var people: URL
    public var planets: URL
    public var films: URL
    public var species: URL
    public var vehicles: URL
    public var starships: URL
}

/// One page of a SWAPI list: 10 items, with links to the neighbouring pages.
public struct SWAPIPage<Item: Codable & Sendable & Equatable>: Codable, Sendable, Equatable {
    public var count: Int
    public var next: URL?
    public var previous: URL?
    public var results: [Item]

    /// A page.
    ///
    /// - Parameters:
    ///   - count: Items in the whole list (all pages).
    ///   - next: The next page; nil on the last.
    ///   - previous: The previous page; nil on the first.
    ///   - results: This page's items.
    public init(count: Int, next: URL? = nil, previous: URL? = nil, results: [Item]) {
        self.count = count
        self.next = next
        self.previous = previous
        self.results = results
    }
}

/// The id at the end of a SWAPI URL (`…/people/1/` → 1).
func swapiID(_ url: URL) -> Int? { Int(url.lastPathComponent) }

public struct Film: Codable, Sendable, Equatable, Identifiable {
    public var title: String
    public var episodeID: Int
    public var openingCrawl: String
    public var director: String
    public var producer: String
    public var releaseDate: Date
    public var characters: [URL]
    public var planets: [URL]
    public var starships: [URL]
    public var vehicles: [URL]
    public var species: [URL]
    public var created: Date
    public var edited: Date
    public var url: URL

    public var id: Int { swapiID(url) ?? episodeID }

    enum CodingKeys: String, CodingKey {
        case title, director, producer, characters, planets, starships, vehicles, species, created, edited, url
        case episodeID = "episode_id"
        case openingCrawl = "opening_crawl"
        case releaseDate = "release_date"
    }
}

public struct Person: Codable, Sendable, Equatable, Identifiable {
    public var name: String
    public var height: String
    public var mass: String
    public var hairColor: String
    public var skinColor: String
    public var eyeColor: String
    public var birthYear: String
    public var gender: String
    public var homeworld: URL
    public var films: [URL]
    public var species: [URL]
    public var vehicles: [URL]
    public var starships: [URL]
    public var created: Date
    public var edited: Date
    public var url: URL

    public var id: Int { swapiID(url) ?? 0 }

    enum CodingKeys: String, CodingKey {
        case name, height, mass, gender, homeworld, films, species, vehicles, starships, created, edited, url
        case hairColor = "hair_color"
        case skinColor = "skin_color"
        case eyeColor = "eye_color"
        case birthYear = "birth_year"
    }
}

public struct Planet: Codable, Sendable, Equatable, Identifiable {
    public var name: String
    public var rotationPeriod: String
    public var orbitalPeriod: String
    public var diameter: String
    public var climate: String
    public var gravity: String
    public var terrain: String
    public var surfaceWater: String
    public var population: String
    public var residents: [URL]
    public var films: [URL]
    public var created: Date
    public var edited: Date
    public var url: URL

    public var id: Int { swapiID(url) ?? 0 }

    enum CodingKeys: String, CodingKey {
        case name, diameter, climate, gravity, terrain, population, residents, films, created, edited, url
        case rotationPeriod = "rotation_period"
        case orbitalPeriod = "orbital_period"
        case surfaceWater = "surface_water"
    }
}

public struct Species: Codable, Sendable, Equatable, Identifiable {
    public var name: String
    public var classification: String
    public var designation: String
    public var averageHeight: String
    public var skinColors: String
    public var hairColors: String
    public var eyeColors: String
    public var averageLifespan: String
    /// Null for species without a home planet (droids).
    public var homeworld: URL?
    public var language: String
    public var people: [URL]
    public var films: [URL]
    public var created: Date
    public var edited: Date
    public var url: URL

    public var id: Int { swapiID(url) ?? 0 }

    enum CodingKeys: String, CodingKey {
        case name, classification, designation, homeworld, language, people, films, created, edited, url
        case averageHeight = "average_height"
        case skinColors = "skin_colors"
        case hairColors = "hair_colors"
        case eyeColors = "eye_colors"
        case averageLifespan = "average_lifespan"
    }
}

public struct Starship: Codable, Sendable, Equatable, Identifiable {
    public var name: String
    public var model: String
    public var manufacturer: String
    public var costInCredits: String
    public var length: String
    public var maxAtmospheringSpeed: String
    public var crew: String
    public var passengers: String
    public var cargoCapacity: String
    public var consumables: String
    public var hyperdriveRating: String
    public var megalights: String
    public var starshipClass: String
    public var pilots: [URL]
    public var films: [URL]
    public var created: Date
    public var edited: Date
    public var url: URL

    public var id: Int { swapiID(url) ?? 0 }

    enum CodingKeys: String, CodingKey {
        case name, model, manufacturer, length, crew, passengers, consumables, pilots, films, created, edited, url
        case costInCredits = "cost_in_credits"
        case maxAtmospheringSpeed = "max_atmosphering_speed"
        case cargoCapacity = "cargo_capacity"
        case hyperdriveRating = "hyperdrive_rating"
        case megalights = "MGLT"
        case starshipClass = "starship_class"
    }
}

public struct Vehicle: Codable, Sendable, Equatable, Identifiable {
    public var name: String
    public var model: String
    public var manufacturer: String
    public var costInCredits: String
    public var length: String
    public var maxAtmospheringSpeed: String
    public var crew: String
    public var passengers: String
    public var cargoCapacity: String
    public var consumables: String
    public var vehicleClass: String
    public var pilots: [URL]
    public var films: [URL]
    public var created: Date
    public var edited: Date
    public var url: URL

    public var id: Int { swapiID(url) ?? 0 }

    enum CodingKeys: String, CodingKey {
        case name, model, manufacturer, length, crew, passengers, consumables, pilots, films, created, edited, url
        case costInCredits = "cost_in_credits"
        case maxAtmospheringSpeed = "max_atmosphering_speed"
        case cargoCapacity = "cargo_capacity"
        case vehicleClass = "vehicle_class"
    }
}
