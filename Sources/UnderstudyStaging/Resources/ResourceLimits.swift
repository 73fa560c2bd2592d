import HTTPTypes

/// How much resource state the server keeps: a write past a bound is refused (413) and changes nothing, so a
/// million POSTs, or one enormous item, cost a bounded amount of memory. Documented in docs/scenarios.md's table.
package struct ResourceLimits: Sendable {
    /// Items in one copy of one collection.
    package var maxItems = 10_000
    /// One item's compact JSON.
    package var maxItemBytes = 64 * 1024
    /// An id's bytes.
    package var maxIDBytes = 200
    /// Every copy one session holds (the requests without a session count as one session).
    package var maxSessionBytes = 8 * 1024 * 1024
    /// Every copy of every session.
    package var maxTotalBytes = 128 * 1024 * 1024

    package static let `default` = ResourceLimits()

    package init() {}

    func check(item: ResourceItems.Item) throws(ResourceRefusal) {
        guard item.json.count <= maxItemBytes else {
            throw ResourceRefusal(
                .contentTooLarge, "item too large", "An item is at most \(maxItemBytes) bytes of compact JSON; this one is \(item.json.count).")
        }
    }
}
