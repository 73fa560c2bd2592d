import Foundation
import Testing
import UnderstudyReplicas

/// The scenario files' hash tells two folders apart by any path or byte, and is the same for the same files.
@Suite struct ScenarioFilesHashTests {
    private func folder(_ files: [String: String]) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("understudy-hash-\(UUID().uuidString)")
        for (path, text) in files {
            let file = url.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: file)
        }
        return url
    }

    @Test func samePathsAndBytesSameHash() throws {
        let one = try folder(["a.yaml": "name: a", "data/b.json": "{}"])
        let two = try folder(["data/b.json": "{}", "a.yaml": "name: a"])
        defer { for url in [one, two] { try? FileManager.default.removeItem(at: url) } }
        #expect(ScenarioFilesHash.of(one) == ScenarioFilesHash.of(two))
        #expect(ScenarioFilesHash.of(one).hasPrefix("fnv1a64:"))
    }

    @Test func anyDifferenceShows() throws {
        let base = try folder(["a.yaml": "name: a", "data/b.json": "{}"])
        let byte = try folder(["a.yaml": "name: b", "data/b.json": "{}"])
        let path = try folder(["c.yaml": "name: a", "data/b.json": "{}"])
        let extra = try folder(["a.yaml": "name: a", "data/b.json": "{}", "data/c.json": ""])
        defer { for url in [base, byte, path, extra] { try? FileManager.default.removeItem(at: url) } }
        let hashes = Set([base, byte, path, extra].map(ScenarioFilesHash.of))
        #expect(hashes.count == 4)
    }
}
