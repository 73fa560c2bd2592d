import Foundation
import UnderstudyClients

/// A view model on Understudy's own client: `.live()` reads UNDERSTUDY_BASE_URL and UNDERSTUDY_SESSION from the
/// environment, so the app launched by a UI test lands in the test's session with no code for tests.
@MainActor
public final class FactModel {
    public enum State: Equatable {
        case idle, loading
        case loaded(String)
        case failed(String)
    }

    public private(set) var state = State.idle
    let client: CatFactClient

    public init(client: CatFactClient = .live()) { self.client = client }

    public func load() async {
        state = .loading
        do {
            state = .loaded(try await client.fetchFact(nil).fact)
        } catch let error as APIError {
            state = .failed(error.description)
        } catch {
            state = .failed("\(error)")
        }
    }
}
