public import Foundation

/// A fact about cats, from `/fact` or `/facts`.
public struct CatFact: Codable, Sendable, Equatable {
    public var fact: String
    /// Characters in `fact`.
    public var length: Int

    /// A fact.
    ///
    /// - Parameters:
    ///   - fact: The fact.
    ///   - length: Characters in `fact`; counted from it when nil.
    public init(fact: String, length: Int? = nil) {
        self.fact = fact
        self.length = length ?? fact.count
    }
}

/// A cat breed, from `/breeds`.
public struct Breed: Codable, Sendable, Equatable {
    public var breed: String
    public var country: String
    public var origin: String
    public var coat: String
    public var pattern: String

    /// A breed.
    ///
    /// - Parameters:
    ///   - breed: The breed's name.
    ///   - country: Its country.
    ///   - origin: How it came about (`Natural`, `Crossbreed`, `Mutation`, …).
    ///   - coat: Its coat length.
    ///   - pattern: Its coat pattern.
    public init(breed: String, country: String, origin: String, coat: String, pattern: String) {
        self.breed = breed
        self.country = country
        self.origin = origin
        self.coat = coat
        self.pattern = pattern
    }
}

/// Laravel's length-aware paginator, as catfact.ninja serves `/facts` and `/breeds`.
public struct CatFactPage<Item: Codable & Sendable & Equatable>: Codable, Sendable, Equatable {
    public struct Link: Codable, Sendable, Equatable {
        public var url: URL?
        public var label: String
        public var active: Bool
    }

    public var currentPage: Int
    public var data: [Item]
    public var firstPageURL: URL
    public var from: Int?
    public var lastPage: Int
    public var lastPageURL: URL
    public var links: [Link]
    public var nextPageURL: URL?
    public var path: URL
    public var perPage: Int
    public var prevPageURL: URL?
    public var to: Int?
    public var total: Int

    enum CodingKeys: String, CodingKey {
        case data, from, links, path, to, total
        case currentPage = "current_page"
        case firstPageURL = "first_page_url"
        case lastPage = "last_page"
        case lastPageURL = "last_page_url"
        case nextPageURL = "next_page_url"
        case perPage = "per_page"
        case prevPageURL = "prev_page_url"
    }
}
