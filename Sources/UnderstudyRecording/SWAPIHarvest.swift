import UnderstudyAPIService
import UnderstudyBuiltinAPIs
import UnderstudyDocuments
import UnderstudyStaging

/// SWAPI answers gathered into the dataset's six files: list pages' `results[]` and detail pages, each item
/// keyed by the resource and id its `url` names. The dataset stores forward relations as ids and computes the
/// reverse ones (a person's films, a planet's residents), so those are left out; a relation to an item that was
/// not recorded is dropped, since the loader refuses one that points nowhere.
struct SWAPIHarvest {
    private var items: [SWAPIResource: [Int: [String: JSONValue]]] = [:]

    package mutating func add(_ body: JSONValue) {
        for item in body["results"]?.arrayValue ?? [body] {
            guard let url = item["url"]?.stringValue, let reference = Self.reference(url),
                let fields = Self.fields(of: item, reference.0)
            else { continue }
            items[reference.0, default: [:]][reference.1] = fields
        }
    }

    /// `…/<resource>/<id>/` → the resource and id, whichever host (the real one or another Understudy) served it.
    static func reference(_ url: String) -> (SWAPIResource, Int)? {
        let segments = url.split(separator: "?").first?.split(separator: "/") ?? []
        guard segments.count >= 2, let resource = SWAPIResource(rawValue: String(segments[segments.count - 2])),
            let id = Int(segments[segments.count - 1]), id >= 0
        else { return nil }
        return (resource, id)
    }

    /// The item's stored fields (its links as ids); nil when a field the loader needs is missing or malformed.
    private static func fields(of item: JSONValue, _ resource: SWAPIResource) -> [String: JSONValue]? {
        var fields: [String: JSONValue] = [:]
        for field in resource.fields {
            switch field {
            case .value(let name):
                guard let value = item[name] else { return nil }
                fields[name] = value
            case .link(let name, let target):
                let link = item[name]?.stringValue.flatMap(reference)
                fields[name] = link.flatMap { $0.0 == target ? JSONValue.int($0.1) : nil } ?? JSONValue.null
            case .links(let name, let target):
                guard let links = item[name]?.arrayValue else { return nil }
                let ids = links.compactMap { $0.stringValue.flatMap(reference) }.filter { $0.0 == target }.map(\.1)
                fields[name] = .array(Array(Set(ids)).sorted().map { JSONValue.int($0) })
            case .reverse:
                continue
            }
        }
        return fields
    }

    /// All six files (the loader reads each; an empty array is a valid one); nil when no item was recorded.
    package func files() -> (files: [(String, [JSONValue])], summary: String, notes: [String])? {
        guard items.values.contains(where: { !$0.isEmpty }) else { return nil }
        let known = items.mapValues { Set($0.keys) }
        var dropped = 0
        var files: [(String, [JSONValue])] = []
        var counts: [String] = []
        for resource in SWAPIResource.allCases {
            let byID = items[resource] ?? [:]
            var values: [JSONValue] = []
            for id in byID.keys.sorted() {
                var members: [JSONValue.Member] = [.init("id", .int(id))]
                for field in resource.fields {
                    guard var value = byID[id]![field.name] else { continue }
                    switch field {
                    case .link(_, let target):
                        if let link = value.intValue, known[target]?.contains(link) != true {
                            value = .null
                            dropped += 1
                        }
                    case .links(_, let target):
                        let ids = (value.arrayValue ?? []).compactMap(\.intValue)
                        let kept = ids.filter { known[target]?.contains($0) == true }
                        dropped += ids.count - kept.count
                        value = .array(kept.map { JSONValue.int($0) })
                    default: break
                    }
                    members.append(.init(field.name, value))
                }
                values.append(.object(members))
            }
            files.append(("\(resource.rawValue).json", values))
            if !values.isEmpty { counts.append("\(values.count) \(resource.rawValue)") }
        }
        let notes = dropped > 0 ? ["\(dropped) links to items not recorded were left out (the dataset holds only what was seen)"] : []
        return (files, counts.joined(separator: ", "), notes)
    }
}
