/// The TLS folder's files: read bounded, written whole (a temporary file renamed over the old
/// one, so a crash never leaves half a key), private keys readable by their owner only.
enum PEMFile {
    /// PEM files are a few kilobytes; anything larger is not one.
    static let sizeLimit = 1 << 20

    static func load(_ path: String) throws(TLSError) -> String {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw .file(path: path, reason: "cannot read it: \(lastError)") }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = read(fd, &chunk, chunk.count)
            if count < 0 { throw .file(path: path, reason: "cannot read it: \(lastError)") }
            if count == 0 { break }
            bytes += chunk[..<count]
            if bytes.count > sizeLimit { throw .file(path: path, reason: "larger than \(sizeLimit) bytes: not a PEM file") }
        }
        guard !bytes.contains(0) else { throw .file(path: path, reason: "binary, not PEM text") }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Writes `text` to `path` with `mode` (0o600 for a private key).
    static func store(_ text: String, to path: String, mode: mode_t) throws(TLSError) {
        let temporary = "\(path).\(getpid()).tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode)
        guard fd >= 0 else { throw .file(path: temporary, reason: "cannot write it: \(lastError)") }
        // The mode open() gives is masked by the umask; a key must be 0600 whatever it is.
        _ = fchmod(fd, mode)
        let bytes = Array(text.utf8)
        var written = 0
        while written < bytes.count {
            let count = write(fd, Array(bytes[written...]), bytes.count - written)
            if count <= 0 {
                close(fd)
                unlink(temporary)
                throw .file(path: path, reason: "cannot write it: \(lastError)")
            }
            written += count
        }
        close(fd)
        guard rename(temporary, path) == 0 else {
            unlink(temporary)
            throw .file(path: path, reason: "cannot write it: \(lastError)")
        }
    }

    /// Creates `path` and its parents (owner-only for the new ones) when missing.
    static func makeFolder(_ path: String) throws(TLSError) {
        var prefix = path.hasPrefix("/") ? "" : "."
        for part in path.split(separator: "/") {
            prefix += "/" + part
            if mkdir(prefix, 0o700) != 0, errno != EEXIST {
                throw .file(path: prefix, reason: "cannot create the folder: \(lastError)")
            }
        }
    }

    static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }

    private static var lastError: String { String(cString: strerror(errno)) }
}
