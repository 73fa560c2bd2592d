#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HTTPTypes
import UnderstudyHTTP

/// A SWAPI request, reduced to what decides the response.
enum SWAPIRoute: Hashable, Sendable {
    case root
    case list(SWAPIResource, page: String?, search: String?)
    case detail(SWAPIResource, id: Int)
    case schema(SWAPIResource)
    case notFound
    /// Django's `APPEND_SLASH`: a 301 to this path and query (a route that exists once `/` is added).
    case redirect(String)
    /// `?format=wookiee`: the same answer, translated.
    indirect case wookiee(SWAPIRoute)
}

/// The six SWAPI resources, in the order the root lists them.
enum SWAPIResource: String, CaseIterable, Sendable {
    case people, planets, films, species, vehicles, starships

    /// How a served item is built from a dataset item, in the serializer's key order.
    var fields: [SWAPIField] { Self.fieldsByResource[self]! }

    /// Built once: loading, linking and rendering ask for a resource's fields for every item.
    private static let fieldsByResource = Dictionary(uniqueKeysWithValues: allCases.map { ($0, $0.makeFields()) })

    private func makeFields() -> [SWAPIField] {
        switch self {
        case .people:
            Self.values("name", "height", "mass", "hair_color", "skin_color", "eye_color", "birth_year", "gender")
                + [.link("homeworld", to: .planets),
                   .reverse("films", from: .films, via: "characters"),
                   .reverse("species", from: .species, via: "people"),
                   .reverse("vehicles", from: .vehicles, via: "pilots"),
                   .reverse("starships", from: .starships, via: "pilots")]
                + Self.values("created", "edited")
        case .planets:
            Self.values("name", "rotation_period", "orbital_period", "diameter", "climate", "gravity", "terrain", "surface_water", "population")
                + [.reverse("residents", from: .people, via: "homeworld"), .reverse("films", from: .films, via: "planets")]
                + Self.values("created", "edited")
        case .films:
            Self.values("title", "episode_id", "opening_crawl", "director", "producer", "release_date")
                + [.links("characters", to: .people), .links("planets", to: .planets), .links("starships", to: .starships),
                   .links("vehicles", to: .vehicles), .links("species", to: .species)]
                + Self.values("created", "edited")
        case .species:
            Self.values("name", "classification", "designation", "average_height", "skin_colors", "hair_colors", "eye_colors", "average_lifespan")
                + [.link("homeworld", to: .planets), .value("language"), .links("people", to: .people), .reverse("films", from: .films, via: "species")]
                + Self.values("created", "edited")
        case .starships:
            Self.values("name", "model", "manufacturer", "cost_in_credits", "length", "max_atmosphering_speed", "crew", "passengers",
                        "cargo_capacity", "consumables", "hyperdrive_rating", "MGLT", "starship_class")
                + [.links("pilots", to: .people), .reverse("films", from: .films, via: "starships")]
                + Self.values("created", "edited")
        case .vehicles:
            Self.values("name", "model", "manufacturer", "cost_in_credits", "length", "max_atmosphering_speed", "crew", "passengers",
                        "cargo_capacity", "consumables", "vehicle_class")
                + [.links("pilots", to: .people), .reverse("films", from: .films, via: "vehicles")]
                + Self.values("created", "edited")
        }
    }

    /// Fields `?search=` looks in.
    var searchFields: [String] {
        switch self {
        case .films: ["title"]
        case .starships, .vehicles: ["name", "model"]
        default: ["name"]
        }
    }

    var path: String { "/swapi/api/\(rawValue)/" }

    private static func values(_ names: String...) -> [SWAPIField] { names.map { .value($0) } }
}

enum SWAPIField {
    /// Copied from the dataset as is.
    case value(String)
    /// A foreign key (id or null) served as a URL.
    case link(String, to: SWAPIResource)
    /// Ids served as URLs.
    case links(String, to: SWAPIResource)
    /// Computed: the ids of `from` items whose `via` field points at this item.
    case reverse(String, from: SWAPIResource, via: String)

    var name: String {
        switch self {
        case .value(let name), .link(let name, _), .links(let name, _), .reverse(let name, _, _): name
        }
    }
}

/// SWAPI over a dataset. Items are rendered when a response that shows them
/// is first rendered (the scenario's response cache keeps the result), not at
/// load: rendering all of them was a fifth of the start-up time.
final class SWAPIService: APIService {
    struct Collection {
        var ids: [Int] = []
        var items: [Int: SWAPIDataset.Item] = [:]
        var searchText: [Int: [String]] = [:]
    }

    static let pageSize = 10
    private let dataset: SWAPIDataset
    private let collections: [SWAPIResource: Collection]
    private let writer = API.swapi.writer

    init(dataset: SWAPIDataset) {
        self.dataset = dataset
        var collections: [SWAPIResource: Collection] = [:]
        for resource in SWAPIResource.allCases {
            var collection = Collection()
            for item in dataset.items[resource] ?? [] {
                collection.ids.append(item.id)
                collection.items[item.id] = item
                collection.searchText[item.id] = resource.searchFields.compactMap { item.fields[$0]?.stringValue?.lowercased() }
            }
            collections[resource] = collection
        }
        self.collections = collections
    }

    private func template(_ resource: SWAPIResource, _ item: SWAPIDataset.Item) -> BodyTemplate {
        writer.template(dataset.served(resource, item))
    }

    func route(_ request: ServerRequest, subpath: Substring) -> RouteKey {
        let route = swapiRoute(request, subpath: subpath)
        // Django redirects before any view runs; the target keeps the query as sent.
        if !subpath.hasSuffix("/"), route != .notFound, !(subpath.pathSegments.last == "schema") {
            let query = request.encodedQuery
            return .swapi(.redirect(request.path + "/" + (query.isEmpty ? "" : "?" + query)))
        }
        if request.queryValue("format") == "wookiee" { return .swapi(.wookiee(route)) }
        return .swapi(route)
    }

    private func swapiRoute(_ request: ServerRequest, subpath: Substring) -> SWAPIRoute {
        let segments = subpath.pathSegments
        guard let first = segments.first else { return .root }
        guard let resource = SWAPIResource(rawValue: String(first)) else { return .notFound }
        switch segments.count {
        case 1:
            let search = request.queryValue("search").map { $0.lowercased() }
            return .list(resource, page: request.queryValue("page"), search: search?.isEmpty == true ? nil : search)
        case 2 where segments[1] == "schema":
            // `/api/people/schema` has no trailing slash on the real service; with one it is no route.
            return subpath.hasSuffix("/") ? .notFound : .schema(resource)
        case 2:
            guard let id = RequestNumber.id(segments[1]) else { return .notFound }
            return .detail(resource, id: id)
        default:
            return .notFound
        }
    }

    func render(_ route: RouteKey) -> APIResponse {
        guard case .swapi(let route) = route else { return Self.notFound }
        return render(route)
    }

    private func render(_ route: SWAPIRoute) -> APIResponse {
        switch route {
        case .wookiee(let inner):
            var response = render(inner)
            response.body = Wookiee.translate(response.body)
            return response
        case .redirect(let target):
            return APIResponse(status: .movedPermanently, body: BodyTemplate(), contentType: "text/html; charset=utf-8", location: target)
        case .schema(let resource):
            return APIResponse(status: .ok, body: BodyTemplate(SWAPISchemas.byResource[resource]!))
        case .root:
            let members = SWAPIResource.allCases.map { JSONValue.Member($0.rawValue, .link($0.path)) }
            return APIResponse(status: .ok, body: writer.template(.object(members)))
        case .detail(let resource, let id):
            guard let item = collections[resource]?.items[id] else { return Self.notFound }
            return APIResponse(status: .ok, body: template(resource, item))
        case .list(let resource, let page, let search):
            return list(resource, page: page, search: search)
        case .notFound:
            return Self.notFound
        }
    }

    static let notFound = APIResponse(status: .notFound, body: BodyTemplate(#"{"detail":"Not found"}"#))
    static let invalidPage = APIResponse(status: .notFound, body: BodyTemplate(#"{"detail":"Invalid page."}"#))

    private func list(_ resource: SWAPIResource, page pageText: String?, search: String?) -> APIResponse {
        let collection = collections[resource] ?? Collection()
        let ids = search.map { term in
            collection.ids.filter { id in collection.searchText[id, default: []].contains { $0.contains(term) } }
        } ?? collection.ids
        let lastPage = max(1, (ids.count + Self.pageSize - 1) / Self.pageSize)
        // Django REST framework: `int(page)` as Python reads it, or `last`; anything else, or a page
        // outside 1...lastPage (however large), is its 404.
        let page = pageText.map { $0 == "last" ? lastPage : RequestNumber.python($0) } ?? 1
        guard let page, page >= 1, page <= lastPage else { return Self.invalidPage }

        let searchSuffix = search.map { "&search=\(percentEncode($0))" } ?? ""
        func pageLink(_ number: Int) -> JSONValue { .link("\(resource.path)?page=\(number)\(searchSuffix)") }

        var body = BodyTemplate(#"{"count":\#(ids.count),"next":"#)
        writer.write(page < lastPage ? pageLink(page + 1) : .null, into: &body)
        body.append(#","previous":"#)
        writer.write(page > 1 ? pageLink(page - 1) : .null, into: &body)
        body.append(#","results":["#)
        for (index, id) in ids.dropFirst((page - 1) * Self.pageSize).prefix(Self.pageSize).enumerated() {
            if index > 0 { body.append(",") }
            body.append(template(resource, collection.items[id]!))
        }
        body.append("]}")
        return APIResponse(status: .ok, body: body)
    }
}

/// The SWAPI dataset: six JSON files of items with ids and forward relations.
struct SWAPIDataset: Sendable {
    struct Item: Sendable {
        var id: Int
        var fields: [String: JSONValue]
    }

    var items: [SWAPIResource: [Item]] = [:]
    /// Reverse relations, computed at load: resource → item id → field → ids.
    private var reverse: [SWAPIResource: [Int: [String: [Int]]]] = [:]

    static let empty = SWAPIDataset()

    /// Loads `folder/<resource>.json` for every resource, validating fields and relations.
    static func load(folder: URL, displayName: String) throws(FileProblems) -> SWAPIDataset {
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
            guard let members = value.members else { problem(nil, "expected an object, found \(value.kindName)"); continue }
            let fields = Dictionary(members.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
            guard let id = fields["id"]?.intValue else { problem("id", "missing or not an integer"); continue }
            if !seen.insert(id).inserted { problem("id", "duplicate id \(id)") }
            for field in resourceFields {
                switch field {
                case .value(let name):
                    if fields[name] == nil { problem(name, "missing key") }
                case .link(let name, _):
                    if let link = fields[name], link != .null, link.intValue == nil { problem(name, "expected an id or null, found \(link.kindName)") }
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
                            problems.append(FileProblem(file: "\(displayName)/\(resource.rawValue).json", keyPath: "id \(item.id).\(name)",
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

/// Several problems found in one pass, so `validate` can list them all.
public struct FileProblems: Error, Sendable, CustomStringConvertible {
    public var problems: [FileProblem]
    public init(_ problems: [FileProblem]) { self.problems = problems }
    public var description: String { problems.map(\.description).joined(separator: "\n") }
}
