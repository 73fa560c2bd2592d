// The app's own networking against a resource Understudy keeps per session (custom-routes' /myapp/todos): what the
// app adds in its test's session, its list shows, and another session's does not.
import Foundation
import MyApp
import Testing
import UnderstudyAdminClient

@Suite struct TodosTests {
    typealias Todo = TodosAPI.Todo

    /// The test seeds its session's list, the app adds an item and lists: the seed and the new item; the server's
    /// copy says the same, and another session still sees the scenario's own seed.
    @Test(.understudySession) @MainActor func anAddedTodoIsListedInItsSessionAlone() async throws {
        let session = try #require(UnderstudySession.current)
        try await session.use("custom-routes")
        try await session.seed([Todo(id: 7, title: "Milk")], at: "/myapp/todos")
        let model = TodoListModel(api: TodosAPI(baseURL: session.url("/myapp"), session: session.urlSession))
        await model.add("Bread")
        let expected = [Todo(id: 7, title: "Milk"), Todo(id: 8, title: "Bread")]
        #expect(model.state == .loaded(expected))
        #expect(try await session.resources(at: "/myapp/todos", as: Todo.self) == expected)

        let other = UnderstudySession(admin: session.admin)
        try await other.use("custom-routes")
        let theirs = try await TodosAPI(baseURL: other.url("/myapp"), session: other.urlSession).list()
        await other.end()
        #expect(theirs.map(\.id) == [1, 2, 3] && !theirs.contains { $0.title == "Bread" })
    }

    /// Without a seed the session starts from the scenario's: the new item comes after its three, with the next id.
    @Test(.understudySession) @MainActor func anAddedTodoFollowsTheScenariosSeed() async throws {
        let session = try #require(UnderstudySession.current)
        try await session.use("custom-routes")
        let model = TodoListModel(api: TodosAPI(baseURL: session.url("/myapp"), session: session.urlSession))
        await model.add("Call the plumber")
        guard case .loaded(let todos) = model.state else {
            Issue.record("the list did not load: \(model.state)")
            return
        }
        #expect(todos.map(\.id) == [1, 2, 3, 4] && todos.last == Todo(id: 4, title: "Call the plumber"))
    }
}
