package import UnderstudyOpenAPI

/// What a route of a resource answers: the collection (`GET`, `POST`) or one item (`GET`, `PUT`, `PATCH`,
/// `DELETE`), from the store that holds its copies.
package struct ResourceRoute: Sendable {
    package let store: ResourceStore
    package let index: Int
    /// The item's path (`/myapi/todos/:id`) rather than the collection's.
    package let isItem: Bool
    /// A document's operation, when the route answers for one: its error shapes answer refusals.
    package var operation: OperationReference?
    /// The success status the document gives the operation (a POST's 200, not 201); nil: the resource's own.
    package var successStatus: Int?

    package init(store: ResourceStore, index: Int, isItem: Bool) {
        (self.store, self.index, self.isItem) = (store, index, isItem)
    }

    package var definition: ResourceDefinition { store.definitions[index] }

    /// The methods the route takes, as `Allow` and a preflight say them.
    var methods: String { isItem ? "GET, HEAD, PUT, PATCH, DELETE, OPTIONS" : "GET, HEAD, POST, OPTIONS" }
}
