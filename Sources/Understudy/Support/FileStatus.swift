/// What `stat(2)` says about a path, symlinks followed: the one place that
/// asks ``Platform`` for the field whose name differs between Linux and Darwin.
///
/// FoundationEssentials' `FileManager` has no `ObjCBool` on Linux, while
/// Darwin's Foundation wants one; and the watcher, which polls twice a
/// second, is better off without attribute dictionaries.
struct FileStatus {
    let isDirectory: Bool
    let isRegularFile: Bool
    /// Seconds since 1970 of the last modification.
    let modified: Double
    /// Bytes, for a regular file.
    let size: Int

    /// Nil when the path does not exist or cannot be examined.
    init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        self.init(info)
    }

    /// What `fstat(2)` says about an open file.
    init?(descriptor: Int32) {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return nil }
        self.init(info)
    }

    private init(_ info: stat) {
        isDirectory = info.st_mode & S_IFMT == S_IFDIR
        isRegularFile = info.st_mode & S_IFMT == S_IFREG
        size = Int(info.st_size)
        let time = Platform.modificationTime(info)
        modified = Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
