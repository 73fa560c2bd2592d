/// A small number for the calling thread: 0, 1, 2, … in the order threads first
/// ask. Lets data written on every request (the journal) keep one part per
/// worker thread, so the workers do not share one lock and one cache line.
package enum ThreadOrdinal {
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    private static let next = Locked(0)

    /// The calling thread's number.
    package static var current: Int {
        if let stored = pthread_getspecific(key) { return Int(bitPattern: stored) - 1 }
        let ordinal = next.withLock { next in
            defer { next += 1 }
            return next
        }
        pthread_setspecific(key, UnsafeRawPointer(bitPattern: ordinal + 1))
        return ordinal
    }
}
