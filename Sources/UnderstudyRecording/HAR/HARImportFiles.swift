import UnderstudyDocuments

#if canImport(FoundationEssentials)
package import FoundationEssentials
#else
package import Foundation
#endif

/// An import's files written into the scenarios folder (the folder of `--into`), none of them outside it: every
/// path is checked before anything is written, through symlinks (a pull request may commit `data/NAME` as a link
/// to somewhere else), then the body files are written and the scenario file last, each atomically, as
/// ``RecordingFiles`` writes a recording.
package enum HARImportFiles {
    package static func write(_ result: HARImportResult, name: String, into folder: URL) throws(HARImportError) {
        guard let root = ConfinedRead.realPath(folder.path) else {
            throw .unwritable(path: folder.path, reason: "the scenarios folder does not exist")
        }
        for path in result.files.map(\.path) + ["\(name).yaml"] {
            try checkContained(path, in: folder, root: root)
        }
        do throws(RecordingSaveError) {
            try RecordingFiles.write(result.files.map { ($0.path, $0.bytes) }, scenario: result.yaml, named: name, into: folder)
        } catch {
            throw .notSaved(error.description)
        }
    }

    /// `path` (relative, made by the import) and every part of it that exists must resolve inside `root`.
    static func checkContained(_ path: String, in folder: URL, root: String) throws(HARImportError) {
        let parts = path.split(separator: "/").map(String.init)
        guard !path.hasPrefix("/"), !parts.isEmpty, !parts.contains(where: { $0 == ".." || $0 == "." || $0.isEmpty }) else {
            throw .unwritable(path: path, reason: "the path leaves the scenarios folder \(folder.path)")
        }
        var url = folder
        for part in parts {
            url.appendPathComponent(part)
            // What does not exist yet is made inside its checked parent (a link, even a dangling one, exists).
            guard (try? FileManager.default.attributesOfItem(atPath: url.path)) != nil else { return }
            // A link that leads nowhere is refused too: writing through it would make its target, wherever that is.
            guard let resolved = ConfinedRead.realPath(url.path) else {
                throw .unwritable(path: url.path, reason: "it is a link to nothing, and writing through it could land outside the scenarios folder")
            }
            guard resolved == root || resolved.hasPrefix(root + "/") else {
                throw .unwritable(path: url.path, reason: "it resolves to \(resolved), outside the scenarios folder \(root)")
            }
        }
    }
}
