import Foundation
import UnderstudyClients

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The app's to-do list on its own backend, which Understudy stages under /myapp (the `custom-routes` scenario's
/// resource /myapp/todos): what the app adds, its next list shows. The base URL and the steering headers come from
/// the environment, the real API's when nothing is set.
public struct TodosAPI: Sendable {
    public struct Todo: Codable, Equatable, Sendable {
        public var id: Int
        public var title: String
        public var done: Bool
        public init(id: Int, title: String, done: Bool = false) {
            self.id = id
            self.title = title
            self.done = done
        }
    }

    /// What the app sends: the backend gives the id.
    struct NewTodo: Encodable {
        var title: String
        var done = false
    }

    public typealias Failure = BackendFailure

    let backend: Backend
    var baseURL: URL { backend.baseURL }

    /// `baseURL` nil: Understudy's under /myapp when the environment names it, else the real API's.
    public init(baseURL: URL? = nil, session: URLSession? = nil) {
        backend = Backend(prefix: "/myapp", real: "https://app.example.com", baseURL: baseURL, session: session)
    }

    /// The list, in the order the items were added (the backend's first page of 100).
    public func list() async throws -> [Todo] {
        var components = URLComponents(url: baseURL.appendingPathComponent("todos"), resolvingAgainstBaseURL: false)!
        components.queryItems = [URLQueryItem(name: "per_page", value: "100")]
        return try await backend.send(URLRequest(url: components.url!), as: [Todo].self)
    }

    /// Adds an item; the backend answers it with its id.
    public func add(_ title: String) async throws -> Todo {
        var request = URLRequest(url: baseURL.appendingPathComponent("todos"))
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = try JSONEncoder().encode(NewTodo(title: title))
        return try await backend.send(request, as: Todo.self)
    }
}

/// The to-do screen's view model: adding an item sends it, then shows the list as the backend has it now.
@MainActor
public final class TodoListModel {
    public enum State: Equatable {
        case idle, loading
        case loaded([TodosAPI.Todo])
        case failed(String)
    }

    public private(set) var state = State.idle
    let api: TodosAPI

    public init(api: TodosAPI = TodosAPI()) { self.api = api }

    public func load() async {
        state = .loading
        do {
            state = .loaded(try await api.list())
        } catch {
            state = .failed("\(error)")
        }
    }

    public func add(_ title: String) async {
        state = .loading
        do {
            _ = try await api.add(title)
            state = .loaded(try await api.list())
        } catch {
            state = .failed("\(error)")
        }
    }
}
