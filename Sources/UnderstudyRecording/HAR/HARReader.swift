import UnderstudyDocuments

/// A HAR file read into entries: bounded in size before a byte is parsed, parsed by the project's one JSON parser
/// (nesting bounded at ``JSONParser/maxDepth``, every value located), and checked entry by entry, so that a file
/// from a pull request is either read whole or refused with where and why.
enum HARReader {
    /// The file's entries in file order; `display` names the file in problems.
    static func read(path: String, display: String) throws(HARImportError) -> [HAREntry] {
        let bytes = try readBounded(path: path, display: display)
        return try entries(bytes, display: display)
    }

    static func entries(_ bytes: [UInt8], display: String) throws(HARImportError) -> [HAREntry] {
        let root: YAMLNode
        do {
            root = try JSONParser.parseNode(bytes, file: display)
        } catch {
            throw .located(file: display, line: error.line ?? 1, column: error.column ?? 1, keyPath: "", message: "not a HAR file: \(error.message)")
        }
        let top = HARField(node: root, path: "", file: display)
        let log = try top.required("log")
        let list = try log.required("entries")
        guard case .sequence(let sequence) = list.node else { throw list.problem("expected an array of entries") }
        guard sequence.count <= HARLimits.maxEntries else {
            throw list.problem("\(sequence.count) entries; an import reads at most \(HARLimits.maxEntries) (export a shorter session)")
        }
        var entries: [HAREntry] = []
        entries.reserveCapacity(sequence.count)
        for (index, item) in try list.items().enumerated() {
            entries.append(try HAREntry(item, index: index))
        }
        return entries
    }

    /// The file's bytes, refused past ``HARLimits/maxFileBytes`` (checked on the size first, then on what is read,
    /// in case the file grows meanwhile) and when it is not a regular file (a FIFO would block the import).
    private static func readBounded(path: String, display: String) throws(HARImportError) -> [UInt8] {
        do {
            return try ConfinedRead.bytes(atPath: path, displayName: display, limit: HARLimits.maxFileBytes, kind: "a HAR file an import reads")
        } catch {
            throw .unreadable(file: display, reason: error.message)
        }
    }
}
