import Foundation
public import Observation
public import UnderstudyClients

/// The films list: episodes 1–6 loaded at once, shown in episode order.
@available(iOS 17, tvOS 17, watchOS 10, *)
@MainActor @Observable
public final class FilmsViewModel {
    public private(set) var films: [Film] = []
    public private(set) var isLoading = false
    public private(set) var apiError: APIError?

    private let client: SWAPIClient

    public init(client: SWAPIClient) {
        self.client = client
    }

    /// Loads the six saga films concurrently (SWAPI ids 1–6) and sorts them by `episode_id`.
    public func loadEpisodes() async {
        isLoading = true
        apiError = nil
        defer { isLoading = false }
        let client = self.client
        do {
            films = try await withThrowingTaskGroup(of: Film.self) { group in
                for id in 1...6 { group.addTask { try await client.fetchFilm(id) } }
                var loaded: [Film] = []
                for try await film in group { loaded.append(film) }
                return loaded.sorted { $0.episodeID < $1.episodeID }
            }
        } catch {
            films = []
            apiError = error as? APIError ?? .transport(.unknown)
        }
    }
}
