import UnderstudyDocuments
import UnderstudyStaging

/// artic answers gathered into `artworks.json`: list and search pages' `data[]`, a detail's `data`.
struct ArticHarvest {
    private var artworks: [Int: [JSONValue.Member]] = [:]

    package mutating func add(_ body: JSONValue) {
        guard let data = body["data"] else { return }
        for item in data.arrayValue ?? [data] {
            guard let id = item["id"]?.intValue, var members = item.members else { continue }
            // A search's relevance belongs to that query, not to the artwork.
            members.removeAll { $0.key == "_score" }
            var seen = Set<String>()
            members = members.filter { seen.insert($0.key).inserted }
            // A page asked with `fields=` holds only some of them: keep the fullest answer seen.
            if (artworks[id]?.count ?? -1) < members.count { artworks[id] = members }
        }
    }

    package func files() -> (files: [(String, [JSONValue])], summary: String, notes: [String])? {
        guard !artworks.isEmpty else { return nil }
        let items = artworks.keys.sorted().map { JSONValue.object(artworks[$0]!) }
        return ([("artworks.json", items)], "\(items.count) artworks", [])
    }
}
