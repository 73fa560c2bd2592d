// Everything in UnderstudyHTTP that differs between Linux and Darwin, in one place: the core
// needs only pthreads (``Locked``, ``ThreadOrdinal``), which both systems have under the same
// names. Other systems stop at #error. Both need addresses the system keeps (a mutex that must
// not move, a thread key's pointer-sized value), so this is also the core's one file with pointers,
// ``OnceReference``'s reference retained by hand included.
import Atomics

#if os(Linux)
@_exported import Glibc
#elseif canImport(Darwin)
@_exported import Darwin
#else
#error("UnderstudyHTTP builds on Linux (Glibc) and on Darwin (macOS); add this system's branch to Platform.swift")
#endif

// MARK: - Locked

/// A value guarded by a pthread mutex.
///
/// Used instead of `Synchronization.Mutex` because ThreadSanitizer cannot see
/// the futex-based `Mutex` on Linux and reports false races inside it.
///
/// `@usableFromInline` as well as `package`: Swift 6.3 does not inline or specialize an
/// `@inlinable` member of a plain `package` class in another module (a generic call per lock);
/// the attribute makes the class's body visible there, and it stays out of the public API.
@usableFromInline
package final class Locked<Value>: @unchecked Sendable {
    // Inlinable so that callers in other modules get a specialized, inlined lock
    // instead of a generic call per request.
    @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>
    // Behind a pointer, not a `var`: the mutex already makes access exclusive, and a stored
    // property would add the runtime's dynamic exclusivity check to every lock.
    @usableFromInline let value: UnsafeMutablePointer<Value>

    package init(_ value: Value) {
        self.value = .allocate(capacity: 1)
        self.value.initialize(to: value)
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
        value.deinitialize(count: 1)
        value.deallocate()
    }

    /// Runs `body` with exclusive access to the value.
    @inlinable
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value.pointee)
    }

    /// A copy of the current value.
    @inlinable
    package var current: Value { withLock { $0 } }
}

// MARK: - ThreadOrdinal

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

// MARK: - OnceReference

/// An object set once, by whichever thread gets there first, and read by every thread after (a response's wire form).
///
/// Not swift-atomics' `ManagedAtomicLazyReference`: its load and store are compiled in swift-atomics, which
/// `make check`'s ThreadSanitizer run leaves uninstrumented (only this package's targets are), so the object they
/// published read as a race there. `ManagedAtomic`'s operations are inlined here and instrumented with this module.
/// The reference is retained by hand (`Unmanaged`), which is why it lives in the core's one file with pointers.
package final class OnceReference<Object: AnyObject & Sendable>: Sendable {
    private let stored = ManagedAtomic<Unmanaged<Object>?>(nil)

    package init() {}

    /// The object kept, if any.
    package var object: Object? { stored.load(ordering: .acquiring)?.takeUnretainedValue() }

    /// Keeps `object` unless one was kept first; returns the one kept.
    package func keep(_ object: Object) -> Object {
        let candidate = Unmanaged.passRetained(object)
        let (kept, current) = stored.compareExchange(expected: nil, desired: candidate, ordering: .acquiringAndReleasing)
        guard kept else {
            candidate.release()
            return current!.takeUnretainedValue()
        }
        return object
    }

    deinit { stored.load(ordering: .acquiring)?.release() }
}
