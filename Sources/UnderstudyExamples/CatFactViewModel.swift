import Foundation
public import Observation
public import UnderstudyClients

/// The cat fact card: `.initial → .loading → .loaded(fact) | .error(message)`.
@available(iOS 17, tvOS 17, watchOS 10, *)
@MainActor @Observable
public final class CatFactViewModel {
    public enum ViewState: Equatable, Sendable {
        case initial
        case loading
        case loaded(CatFact)
        case error(String)
    }

    public private(set) var state = ViewState.initial {
        didSet { history.append(state) }
    }
    /// Every state the card went through, for tests of the loading sequence.
    public private(set) var history: [ViewState] = [.initial]

    private let client: CatFactClient

    public init(client: CatFactClient) {
        self.client = client
    }

    public func loadFact(maxLength: Int? = nil) async {
        state = .loading
        do {
            state = .loaded(try await client.fetchFact(maxLength))
        } catch {
            state = .error((error as? APIError ?? .transport(.unknown)).userMessage)
        }
    }
}
