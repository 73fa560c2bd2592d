/// A cache of at most `maxEntries` values and `maxKeyBytes` bytes of keys, the oldest entry evicted first.
/// Not locked itself: its owner keeps it in a ``Locked``.
struct BoundedCache<Value> {
    let maxEntries: Int
    let maxKeyBytes: Int
    private var entries: [String: Value] = [:]
    /// Keys in the order they were added, oldest first.
    private var order: [String] = []
    private var keyBytes = 0

    init(maxEntries: Int, maxKeyBytes: Int) {
        self.maxEntries = maxEntries
        self.maxKeyBytes = maxKeyBytes
    }

    var count: Int { entries.count }

    func value(for key: String) -> Value? { entries[key] }

    mutating func insert(_ value: Value, for key: String) {
        let size = key.utf8.count
        guard size <= maxKeyBytes, entries[key] == nil else { return }
        while !order.isEmpty, order.count >= maxEntries || keyBytes + size > maxKeyBytes {
            let oldest = order.removeFirst()
            entries[oldest] = nil
            keyBytes -= oldest.utf8.count
        }
        entries[key] = value
        order.append(key)
        keyBytes += size
    }
}
