import HTTPTypes
import UnderstudyAPIService
package import UnderstudyDocuments
import UnderstudyHTTP

#if canImport(FoundationEssentials)
package import FoundationEssentials
#else
package import Foundation
#endif

/// The SWAPI dataset: six JSON files of items with ids and forward relations.
package struct SWAPIDataset: Sendable {
    struct Item: Sendable {
        package var id: Int
        package var fields: [String: JSONValue]
    }

    var items: [SWAPIResource: [Item]] = [:]
    /// Reverse relations, computed at load: resource → item id → field → ids.
    private var reverse: [SWAPIResource: [Int: [String: [Int]]]] = [:]

    package static let empty = SWAPIDataset()

    /// Loads `folder/<resource>.json` for every resource, validating fields and relations.
    package static func load(folder: URL, displayName: String) throws(FileProblems) -> SWAPIDataset {
        var dataset = SWAPIDataset()
        var problems: [FileProblem] = []
        for resource in SWAPIResource.allCases {
            let file = "\(displayName)/\(resource.rawValue).json"
            do {
                dataset.items[resource] = try loadItems(resource, url: folder.appendingPathComponent("\(resource.rawValue).json"), file: file)
            } catch {
                problems += error.problems
            }
        }
        guard problems.isEmpty else { throw FileProblems(problems) }
        problems += dataset.linkRelations(displayName: displayName)
        guard problems.isEmpty else { throw FileProblems(problems) }
        return dataset
    }

    private static func loadItems(_ resource: SWAPIResource, url: URL, file: String) throws(FileProblems) -> [Item] {
        let elements: [(line: Int, value: JSONValue)]
        do { elements = try DocumentParser.parseJSONArray(at: url, displayName: file, of: resource.rawValue) } catch { throw FileProblems([error]) }
        var items: [Item] = []
        var problems: [FileProblem] = []
        var seen = Set<Int>()
        let resourceFields = resource.fields
        for (index, (line, value)) in elements.enumerated() {
            func problem(_ key: String?, _ message: String) {
                problems.append(FileProblem(file: file, line: line, keyPath: "[\(index)]" + (key.map { ".\($0)" } ?? ""), message: message))
            }
            guard let members = value.members else {
                problem(nil, "expected an object, found \(value.kindName)")
                continue
            }
            let fields = Dictionary(members.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
            guard let id = fields["id"]?.intValue else {
                problem("id", "missing or not an integer")
                continue
            }
            if !seen.insert(id).inserted { problem("id", "duplicate id \(id)") }
            for field in resourceFields {
                switch field {
                case .value(let name):
                    if fields[name] == nil { problem(name, "missing key") }
                case .link(let name, _):
                    if let link = fields[name], link != .null, link.intValue == nil {
                        problem(name, "expected an id or null, found \(link.kindName)")
                    }
                case .links(let name, _):
                    if let links = fields[name], links.arrayValue?.allSatisfy({ $0.intValue != nil }) != true {
                        problem(name, "expected an array of ids")
                    }
                case .reverse:
                    break
                }
            }
            for member in members where member.key != "id" && !resourceFields.contains(where: { $0.name == member.key }) {
                problem(member.key, "unknown key for \(resource.rawValue) (known: id, \(resourceFields.map(\.name).joined(separator: ", ")))")
            }
            items.append(Item(id: id, fields: fields))
        }
        guard problems.isEmpty else { throw FileProblems(problems) }
        return items.sorted { $0.id < $1.id }
    }

    /// Checks that every relation points at an existing item and computes the reverse relations.
    private mutating func linkRelations(displayName: String) -> [FileProblem] {
        var problems: [FileProblem] = []
        let known = items.mapValues { Set($0.map(\.id)) }
        for resource in SWAPIResource.allCases {
            for item in items[resource] ?? [] {
                for field in resource.fields {
                    let (name, target, ids): (String, SWAPIResource, [Int])
                    switch field {
                    case .link(let n, let t): (name, target, ids) = (n, t, item.fields[n]?.intValue.map { [$0] } ?? [])
                    case .links(let n, let t): (name, target, ids) = (n, t, item.fields[n]?.arrayValue?.compactMap(\.intValue) ?? [])
                    default: continue
                    }
                    for id in ids {
                        if known[target]?.contains(id) != true {
                            problems.append(
                                FileProblem(
                                    file: "\(displayName)/\(resource.rawValue).json", keyPath: "id \(item.id).\(name)",
                                    message: "refers to \(target.rawValue) \(id), which is not in the dataset"))
                        }
                        reverse[target, default: [:]][id, default: [:]][name + "<" + resource.rawValue, default: []].append(item.id)
                    }
                }
            }
        }
        return problems
    }

    /// The item as the real API serves it, links relative to the origin.
    func served(_ resource: SWAPIResource, _ item: Item) -> JSONValue {
        var members: [JSONValue.Member] = []
        for field in resource.fields {
            switch field {
            case .value(let name):
                members.append(.init(name, item.fields[name] ?? .null))
            case .link(let name, let target):
                members.append(.init(name, item.fields[name]?.intValue.map { .link("\(target.path)\($0)/") } ?? .null))
            case .links(let name, let target):
                let ids = (item.fields[name]?.arrayValue ?? []).compactMap(\.intValue).sorted()
                members.append(.init(name, .array(ids.map { .link("\(target.path)\($0)/") })))
            case .reverse(let name, let source, let via):
                let ids = (reverse[resource]?[item.id]?[via + "<" + source.rawValue] ?? []).sorted()
                members.append(.init(name, .array(ids.map { .link("\(source.path)\($0)/") })))
            }
        }
        members.append(.init("url", .link("\(resource.path)\(item.id)/")))
        return .object(members)
    }
}
