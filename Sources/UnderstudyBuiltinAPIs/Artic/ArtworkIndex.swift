import HTTPTypes
import UnderstudyAPIService
import UnderstudyDocuments
import UnderstudyHTTP

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// An artic dataset with its lookups.
struct ArtworkIndex: Sendable {
    package let artworks: [JSONValue]
    package let byID: [Int: Int]
    /// What `q` searches: the inverted index of the search fields, built here once.
    let text: TextIndex

    package init(artworks: [JSONValue]) {
        self.artworks = artworks.map { artwork in
            guard let id = artwork["id"]?.intValue, var members = artwork.members else { return artwork }
            for index in members.indices where members[index].key == "api_link" {
                members[index].value = .link("/artic/api/v1/artworks/\(id)")
            }
            return .object(members)
        }
        byID = Dictionary(
            artworks.enumerated().compactMap { index, artwork in artwork["id"]?.intValue.map { ($0, index) } },
            uniquingKeysWith: { first, _ in first })
        text = TextIndex(artworks: artworks)
    }
}
