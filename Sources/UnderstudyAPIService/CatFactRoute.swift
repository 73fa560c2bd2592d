/// A catfact request, reduced to what decides the response. `/fact` picks its
/// random fact while routing, so each fact's response is rendered once.
package enum CatFactRoute: Hashable, Sendable {
    case fact(index: Int)
    case noFact(maxLength: Int?)
    case facts(page: Int, limit: Int, maxLength: Int?)
    case breeds(page: Int, limit: Int)
    case notFound
}
