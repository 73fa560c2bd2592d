import Foundation

/// Files of the repository a test reads: the datasets and the captured real payloads copied into
/// `scripts/datasets/reference` (so no test reads outside the repository).
enum ReferenceFiles {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func data(_ relativePath: String) throws -> Data {
        try Data(contentsOf: root.appendingPathComponent(relativePath))
    }

    /// A captured payload, e.g. `reference("artic/artic-artwork-detail.json")`.
    static func reference(_ name: String) throws -> Data {
        try data("scripts/datasets/reference/" + name)
    }

    /// The objects of a body's `data` (a list, or one detail), or of a top-level array, each as JSON bytes.
    static func records(_ body: Data) throws -> [Data] {
        let parsed = try JSONSerialization.jsonObject(with: body)
        let list: [Any]
        if let array = parsed as? [Any] {
            list = array
        } else if let object = parsed as? [String: Any], let many = object["data"] as? [Any] {
            list = many
        } else if let object = parsed as? [String: Any], let one = object["data"] as? [String: Any] {
            list = [one]
        } else if let object = parsed as? [String: Any], let results = object["results"] as? [Any] {
            list = results
        } else {
            list = [parsed]
        }
        return try list.map { try JSONSerialization.data(withJSONObject: $0) }
    }

    static func id(_ record: Data) -> Int? {
        ((try? JSONSerialization.jsonObject(with: record)) as? [String: Any])?["id"] as? Int
    }
}
