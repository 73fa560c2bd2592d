public import Foundation

/// An artwork with the fields an app shows. Only `id` is always present:
/// the API sends null for many fields, and `fields=` leaves others out.
public struct Artwork: Codable, Sendable, Equatable, Identifiable {
    public struct Thumbnail: Codable, Sendable, Equatable {
        public var lqip: String?
        public var width: Int?
        public var height: Int?
        public var altText: String?

        enum CodingKeys: String, CodingKey {
            case lqip, width, height
            case altText = "alt_text"
        }

        /// A thumbnail; every field may be absent.
        ///
        /// - Parameters:
        ///   - lqip: A low-quality image placeholder (a base64 GIF).
        ///   - width: The full image's width in pixels.
        ///   - height: Its height in pixels.
        ///   - altText: A description for assistive technologies.
        public init(lqip: String? = nil, width: Int? = nil, height: Int? = nil, altText: String? = nil) {
            self.lqip = lqip
            self.width = width
            self.height = height
            self.altText = altText
        }
    }

    public var id: Int
    public var title: String?
    public var apiLink: URL?
    public var thumbnail: Thumbnail?
    public var dateDisplay: String?
    public var artistDisplay: String?
    public var artistTitle: String?
    public var placeOfOrigin: String?
    public var description: String?
    public var shortDescription: String?
    public var dimensions: String?
    public var mediumDisplay: String?
    public var creditLine: String?
    public var isPublicDomain: Bool?
    public var isOnView: Bool?
    public var galleryTitle: String?
    public var departmentTitle: String?
    public var categoryTitles: [String]?
    public var imageID: String?
    public var updatedAt: Date?

    enum CodingKeys: String, CodingKey {
        case id, title, thumbnail, description, dimensions
        case apiLink = "api_link"
        case dateDisplay = "date_display"
        case artistDisplay = "artist_display"
        case artistTitle = "artist_title"
        case placeOfOrigin = "place_of_origin"
        case shortDescription = "short_description"
        case mediumDisplay = "medium_display"
        case creditLine = "credit_line"
        case isPublicDomain = "is_public_domain"
        case isOnView = "is_on_view"
        case galleryTitle = "gallery_title"
        case departmentTitle = "department_title"
        case categoryTitles = "category_titles"
        case imageID = "image_id"
        case updatedAt = "updated_at"
    }

    /// An artwork; fields the API sends null for, or that `fields=` left out, are nil.
    ///
    /// - Parameters:
    ///   - id: The artwork's id, the one field always present.
    ///   - title: The API's `title`.
    ///   - apiLink: The API's `api_link`.
    ///   - thumbnail: The API's `thumbnail`.
    ///   - dateDisplay: The API's `date_display`.
    ///   - artistDisplay: The API's `artist_display`.
    ///   - artistTitle: The API's `artist_title`.
    ///   - placeOfOrigin: The API's `place_of_origin`.
    ///   - description: The API's `description`.
    ///   - shortDescription: The API's `short_description`.
    ///   - dimensions: The API's `dimensions`.
    ///   - mediumDisplay: The API's `medium_display`.
    ///   - creditLine: The API's `credit_line`.
    ///   - isPublicDomain: The API's `is_public_domain`.
    ///   - isOnView: The API's `is_on_view`.
    ///   - galleryTitle: The API's `gallery_title`.
    ///   - departmentTitle: The API's `department_title`.
    ///   - categoryTitles: The API's `category_titles`.
    ///   - imageID: The API's `image_id`.
    ///   - updatedAt: The API's `updated_at`.
    public init(
        id: Int, title: String? = nil, apiLink: URL? = nil, thumbnail: Thumbnail? = nil, dateDisplay: String? = nil,
        artistDisplay: String? = nil, artistTitle: String? = nil, placeOfOrigin: String? = nil, description: String? = nil,
        shortDescription: String? = nil, dimensions: String? = nil, mediumDisplay: String? = nil, creditLine: String? = nil,
        isPublicDomain: Bool? = nil, isOnView: Bool? = nil, galleryTitle: String? = nil, departmentTitle: String? = nil,
        categoryTitles: [String]? = nil, imageID: String? = nil, updatedAt: Date? = nil
    ) {
        self.id = id
        self.title = title
        self.apiLink = apiLink
        self.thumbnail = thumbnail
        self.dateDisplay = dateDisplay
        self.artistDisplay = artistDisplay
        self.artistTitle = artistTitle
        self.placeOfOrigin = placeOfOrigin
        self.description = description
        self.shortDescription = shortDescription
        self.dimensions = dimensions
        self.mediumDisplay = mediumDisplay
        self.creditLine = creditLine
        self.isPublicDomain = isPublicDomain
        self.isOnView = isOnView
        self.galleryTitle = galleryTitle
        self.departmentTitle = departmentTitle
        self.categoryTitles = categoryTitles
        self.imageID = imageID
        self.updatedAt = updatedAt
    }

    /// The IIIF image URL for `imageID` at `width` pixels, as the API's docs build it.
    ///
    /// - Parameters:
    ///   - iiif: The IIIF server (the API's `config.iiif_url`).
    ///   - width: The image's width in pixels; the height follows the aspect ratio.
    /// - Returns: The image's URL, or nil when the artwork has no image.
    public func imageURL(iiif: URL = URL(string: "https://www.artic.edu/iiif/2")!, width: Int = 843) -> URL? {
        imageID.map { iiif.appendingPathComponent("\($0)/full/\(width),/0/default.jpg") }
    }
}

/// The API's `config` block.
public struct ArticConfig: Codable, Sendable, Equatable {
    public var iiifURL: URL
    public var websiteURL: URL

    enum CodingKeys: String, CodingKey {
        case iiifURL = "iiif_url"
        case websiteURL = "website_url"
    }

    public static let real = ArticConfig(iiifURL: URL(string: "https://www.artic.edu/iiif/2")!, websiteURL: URL(string: "http://www.artic.edu")!)
}

/// `pagination` of a list or a search; lists also carry page links.
public struct ArticPagination: Codable, Sendable, Equatable {
    public var total: Int
    public var limit: Int
    public var offset: Int
    public var totalPages: Int
    public var currentPage: Int
    public var prevURL: URL?
    public var nextURL: URL?

    enum CodingKeys: String, CodingKey {
        case total, limit, offset
        case totalPages = "total_pages"
        case currentPage = "current_page"
        case prevURL = "prev_url"
        case nextURL = "next_url"
    }

    /// A `pagination` block.
    ///
    /// - Parameters:
    ///   - total: Items in the whole list or search.
    ///   - limit: Items per page.
    ///   - offset: Items before this page.
    ///   - totalPages: Pages in all.
    ///   - currentPage: This page, from 1.
    ///   - prevURL: The previous page (lists only).
    ///   - nextURL: The next page (lists only).
    public init(total: Int, limit: Int, offset: Int = 0, totalPages: Int, currentPage: Int = 1, prevURL: URL? = nil, nextURL: URL? = nil) {
        self.total = total
        self.limit = limit
        self.offset = offset
        self.totalPages = totalPages
        self.currentPage = currentPage
        self.prevURL = prevURL
        self.nextURL = nextURL
    }
}

/// `GET /artworks`: one page of artworks.
public struct ArtworkPage: Codable, Sendable, Equatable {
    public var pagination: ArticPagination
    public var data: [Artwork]
    public var config: ArticConfig
}

/// `GET /artworks/{id}`.
public struct ArtworkResponse: Codable, Sendable, Equatable {
    public var data: Artwork
    public var config: ArticConfig
}

/// One hit of `GET /artworks/search`.
public struct ArtworkSearchHit: Codable, Sendable, Equatable, Identifiable {
    /// Null when the search was sorted on a field (Elasticsearch then computes no score).
    public var score: Double?
    public var id: Int
    public var title: String?
    public var apiLink: URL?
    public var thumbnail: Artwork.Thumbnail?

    enum CodingKeys: String, CodingKey {
        case score = "_score"
        case id, title, thumbnail
        case apiLink = "api_link"
    }
}

/// `GET /artworks/search`.
public struct ArtworkSearchResults: Codable, Sendable, Equatable {
    public var pagination: ArticPagination
    public var data: [ArtworkSearchHit]
    public var config: ArticConfig
}
