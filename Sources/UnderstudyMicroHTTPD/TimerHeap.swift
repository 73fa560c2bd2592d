/// A binary min-heap of (deadline, id): the WebSocket loop's timers, so finding the next one costs
/// log n, not a walk over every open socket. Entries that went stale are left in and skipped when popped.
struct TimerHeap {
    private var entries: [(deadline: UInt64, id: Int)] = []

    var earliest: UInt64? { entries.first?.deadline }

    mutating func push(_ deadline: UInt64, id: Int) {
        entries.append((deadline, id))
        var child = entries.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard entries[child].deadline < entries[parent].deadline else { break }
            entries.swapAt(child, parent)
            child = parent
        }
    }

    /// The earliest entry if it is due by `now`, taken off the heap.
    mutating func popDue(now: UInt64) -> (deadline: UInt64, id: Int)? {
        guard let first = entries.first, first.deadline <= now else { return nil }
        let last = entries.removeLast()
        guard !entries.isEmpty else { return first }
        entries[0] = last
        var parent = 0
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var smallest = parent
            if left < entries.count, entries[left].deadline < entries[smallest].deadline { smallest = left }
            if right < entries.count, entries[right].deadline < entries[smallest].deadline { smallest = right }
            guard smallest != parent else { break }
            entries.swapAt(parent, smallest)
            parent = smallest
        }
        return first
    }
}
