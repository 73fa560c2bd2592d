import Foundation
public import Observation
public import UnderstudyClients

/// The artworks screen: loads the first page and shows items, a spinner or an error.
@available(iOS 17, tvOS 17, watchOS 10, *)
@MainActor @Observable
public final class ArtworksViewModel {
    public private(set) var artworks: [Artwork] = []
    public private(set) var isLoading = false
    public private(set) var errorMessage: String?
    public private(set) var apiError: APIError?

    private let client: ArticClient

    public init(client: ArticClient) {
        self.client = client
    }

    public func loadArtworks() async {
        isLoading = true
        errorMessage = nil
        apiError = nil
        defer { isLoading = false }
        do {
            artworks = try await client.fetchArtworks(nil, nil, nil).data
        } catch {
            let failure = error as? APIError ?? .transport(.unknown)
            apiError = failure
            errorMessage = failure.userMessage
            artworks = []
        }
    }
}
