/// Standard output or standard error, written with `write(2)`: unbuffered,
/// so a line is out before the next thing happens (a test waiting for
/// "listening on", a log line before a crash). Replaces full Foundation's
/// `FileHandle`.
public enum StandardStream: Int32, Sendable {
    case output = 1
    case error = 2

    /// Writes every byte of `text`.
    public func write(_ text: String) {
        write(Array(text.utf8))
    }

    /// Writes every byte, retrying after partial writes and interruptions;
    /// gives up silently if the stream is closed.
    public func write(_ bytes: [UInt8]) {
        var rest = bytes
        while !rest.isEmpty {
            let written = Platform.write(rawValue, rest, rest.count)
            if written < 0 {
                if errno == EINTR { continue }
                return
            }
            // Partial writes are rare (a full pipe); copying the rest then is fine.
            rest = Array(rest.dropFirst(written))
        }
    }
}
