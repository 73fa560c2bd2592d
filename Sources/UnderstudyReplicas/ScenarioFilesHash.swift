#if canImport(FoundationEssentials)
package import FoundationEssentials
#else
package import Foundation
#endif

/// A hash of the scenario files a replica serves (every file under its scenarios folder: relative
/// path and bytes, in path order), so that `/__admin/scenarios` shows replicas that disagree.
/// FNV-1a, 64 bits: it tells sets apart, it is no defence against a forger. Bounded: at most
/// ``maxFiles`` files and ``maxBytes`` bytes are read; past that the hash says so.
package enum ScenarioFilesHash {
    static let maxFiles = 20_000
    static let maxBytes = 256 << 20

    package static func of(_ directory: URL) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ bytes: some Sequence<UInt8>) {
            for byte in bytes {
                hash ^= UInt64(byte)
                hash &*= 0x100_0000_01b3
            }
        }
        let files = paths(under: directory, prefix: "").sorted()
        var read = 0
        for (index, path) in files.enumerated() {
            guard index < maxFiles, read < maxBytes else { return "fnv1a64:\(String(hash, radix: 16))+truncated" }
            let url = directory.appendingPathComponent(path)
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path),
                attributes[.type] as? FileAttributeType == .typeRegular, let size = Self.size(attributes[.size])
            else { continue }
            guard read + size <= maxBytes, let data = FileManager.default.contents(atPath: url.path) else {
                return "fnv1a64:\(String(hash, radix: 16))+truncated"
            }
            mix(path.utf8)
            mix([0])
            mix(data)
            read += data.count
        }
        return "fnv1a64:\(String(hash, radix: 16))"
    }

    /// A file's size as `attributesOfItem` gives it: a `UInt` where only FoundationEssentials is loaded (the
    /// `understudy` binary), an `NSNumber` where Foundation is (the tests). Read as `Int` only, every file was
    /// skipped in the binary and every replica showed the hash of nothing.
    static func size(_ value: Any?) -> Int? {
        if let size = value as? Int { return size }
        if let size = value as? UInt { return Int(exactly: size) }
        if let size = value as? UInt64 { return Int(exactly: size) }
        return nil
    }

    /// Every path under `directory`, relative, directories descended (at most ``maxFiles`` and 8 levels).
    private static func paths(under directory: URL, prefix: String, depth: Int = 0) -> [String] {
        guard depth < 8, let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return [] }
        var found: [String] = []
        for name in names where !name.hasPrefix(".") && found.count < maxFiles {
            let url = directory.appendingPathComponent(name)
            let path = prefix + name
            found.append(path)
            if (try? FileManager.default.attributesOfItem(atPath: url.path))?[.type] as? FileAttributeType == .typeDirectory {
                found += paths(under: url, prefix: path + "/", depth: depth + 1)
            }
        }
        return found
    }
}
