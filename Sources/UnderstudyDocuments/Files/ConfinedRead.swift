import Atomics
import SystemPackage

/// The flag that cancels a load of the scenarios folder: set by a graceful
/// stop, read by the loader between files and by the parsers every few
/// thousand items, so a large or hostile set never holds a stopping process.
package final class LoadCancellation: Sendable {
    private let flag = ManagedAtomic<Bool>(false)

    package init() {}

    package func cancel() { flag.store(true, ordering: .relaxed) }

    package var isCancelled: Bool { flag.load(ordering: .relaxed) }
}

/// One load of a scenarios folder: where every file it opens must resolve,
/// how much it may read, and its cancel flag.
///
/// Set as a task-local for the duration of ``ScenarioLoader/load(directory:cancellation:)``:
/// the dataset readers of each API open their own files (`people.json`,
/// `facts.json`, …) through ``DocumentParser``, and all of them must obey the
/// same rules without each API passing them along.
package final class LoadScope: Sendable {
    /// A scenario file (YAML or JSON) holds settings and small bodies.
    static let scenarioFileLimit = 1 << 20
    /// A dataset or body file (the bundled SWAPI people.json is 60 KB).
    static let dataFileLimit = 16 << 20
    /// Everything one load reads, every file counted each time it is read.
    static let setLimit = 128 << 20

    @TaskLocal package static var current: LoadScope?

    /// The real path (symlinks resolved) of the scenarios folder.
    package let root: String
    package let cancellation: LoadCancellation?
    private let bytesRead = ManagedAtomic<Int>(0)

    package init(root: String, cancellation: LoadCancellation?) {
        self.root = root
        self.cancellation = cancellation
    }

    package var isCancelled: Bool { cancellation?.isCancelled == true }

    /// Counts `count` more bytes; false once the load has read more than ``setLimit``.
    func admit(_ count: Int) -> Bool {
        bytesRead.wrappingIncrementThenLoad(by: count, ordering: .relaxed) <= Self.setLimit
    }
}

package enum ConfinedRead {
    /// The bytes of the file at `path`, at most `limit` of them.
    ///
    /// Within a ``LoadScope``, the file must resolve (symlinks followed) inside
    /// the scenarios folder: a dataset folder whose `facts.json` links to
    /// `/etc/passwd` would otherwise serve it. Only regular files are read (a
    /// FIFO would block the load forever), and the size is checked before
    /// anything is read, then again while reading (the file may grow).
    package static func bytes(atPath path: String, displayName: String, limit: Int, kind: String) throws(FileProblem) -> [UInt8] {
        let scope = LoadScope.current
        if scope?.isCancelled == true { throw cancelled(displayName) }
        var opened = path
        if let scope {
            guard let resolved = realPath(path) else {
                throw FileProblem(file: displayName, message: "cannot read the file: \(Errno(rawValue: errno))")
            }
            guard resolved.hasPrefix(scope.root + "/") else {
                throw FileProblem(
                    file: displayName, message: "the file resolves to \(resolved), outside the scenarios folder (symlinks may not leave it)")
            }
            opened = resolved
        }
        // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer. O_NOFOLLOW: the
        // path was just resolved, so a symlink here was put in since.
        let fd: FileDescriptor
        do {
            fd = try FileDescriptor.open(
                FilePath(opened), .readOnly, options: scope == nil ? [.closeOnExec, .nonBlocking] : [.closeOnExec, .nonBlocking, .noFollow])
        } catch {
            throw FileProblem(file: displayName, message: "cannot read the file: \(error)")
        }
        defer { try? fd.close() }
        guard let status = try? Stat(fd), status.type == .regular else {
            throw FileProblem(file: displayName, message: "not a regular file")
        }
        let size = Int(status.size)
        guard size <= limit else { throw tooLarge(displayName, size: size, limit: limit, kind: kind) }
        if let scope, !scope.admit(size) {
            throw FileProblem(
                file: displayName,
                message: "the scenarios folder holds more than \(mebibytes(LoadScope.setLimit)) of files; this one is over the limit")
        }
        var bytes = [UInt8](repeating: 0, count: size + 1)
        var count = 0
        while count < bytes.count {
            let got: Int
            do {
                // Retried after an interruption by swift-system itself.
                got = try Platform.read(fd, into: &bytes, at: count)
            } catch {
                throw FileProblem(file: displayName, message: "cannot read the file: \(error)")
            }
            if got == 0 { break }
            count += got
            if count == bytes.count, count <= limit { bytes += [UInt8](repeating: 0, count: min(bytes.count, limit + 1 - bytes.count)) }
        }
        guard count <= limit else { throw tooLarge(displayName, size: nil, limit: limit, kind: kind) }
        bytes.removeLast(bytes.count - count)
        return bytes
    }

    package static func cancelled(_ file: String) -> FileProblem {
        FileProblem(file: file, message: "the load was cancelled")
    }

    /// `size` is nil when the file grew past the limit while being read.
    private static func tooLarge(_ file: String, size: Int?, limit: Int, kind: String) -> FileProblem {
        let actual = size.map { "\($0) bytes" } ?? "over \(limit) bytes"
        return FileProblem(file: file, message: "the file is \(actual); \(kind) may be at most \(mebibytes(limit))")
    }

    /// `1.5 MiB`, `16 MiB`.
    static func mebibytes(_ bytes: Int) -> String {
        let tenths = bytes * 10 / (1 << 20)
        return tenths % 10 == 0 ? "\(tenths / 10) MiB" : "\(tenths / 10).\(tenths % 10) MiB"
    }

    /// `realpath(3)`: the absolute path with every symlink, `.` and `..` resolved; nil when it does not exist.
    package static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
