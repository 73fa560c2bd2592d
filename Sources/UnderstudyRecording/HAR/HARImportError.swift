/// Why `understudy import har` wrote nothing: a HAR file it refuses, located where it can be (`app.har:12:5:
/// log.entries[3].response.content.text: expected a string`), or a file it may not write. Nothing is written
/// when any of these is thrown, so a refused import never leaves half a scenario behind.
package enum HARImportError: Error, CustomStringConvertible, Equatable {
    /// The file cannot be read at all (missing, not a regular file, over the size bound, not JSON).
    case unreadable(file: String, reason: String)
    /// A value of the file is not what HAR 1.2 says it is: `file:line:column: keyPath: message`.
    case located(file: String, line: Int, column: Int, keyPath: String, message: String)
    /// A written path would leave the scenarios folder, or cannot be written.
    case unwritable(path: String, reason: String)
    /// Writing the checked files failed part way (the disk is full, a folder is read-only): the previous scenario
    /// file, if any, is unchanged, since it is written last.
    case notSaved(String)

    package var description: String {
        switch self {
        case .unreadable(let file, let reason): "\(file): \(reason)"
        case .located(let file, let line, let column, let keyPath, let message):
            "\(file):\(line):\(column): \(keyPath.isEmpty ? "" : keyPath + ": ")\(message)"
        case .unwritable(let path, let reason): "cannot write \(path): \(reason); nothing was written"
        case .notSaved(let reason): reason
        }
    }
}
