import UnderstudyStaging

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// How a recording reaches the disk: its data files first (unchanged files left alone), then the
/// scenario file, each written atomically, so a save that fails part way leaves the previous
/// scenario file as it was.
enum RecordingFiles {
    package static func write(_ files: [(String, [UInt8])], scenario yaml: String, named name: String, into folder: URL) throws(RecordingSaveError) {
        for (path, bytes) in files {
            let url = folder.appendingPathComponent(path)
            do {
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                if (try? Data(contentsOf: url)) == Data(bytes) { continue }
                try Data(bytes).write(to: url, options: .atomic)
            } catch {
                throw .cannotWrite(url.path, "\(error)")
            }
        }
        let target = folder.appendingPathComponent("\(name).yaml")
        do {
            try Data(yaml.utf8).write(to: target, options: .atomic)
        } catch {
            throw .cannotWrite(target.path, "\(error)")
        }
    }
}
