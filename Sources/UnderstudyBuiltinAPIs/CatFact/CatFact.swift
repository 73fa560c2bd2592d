import Dispatch
import HTTPTypes
package import UnderstudyAPIService
import UnderstudyAdminWire
package import UnderstudyDocuments
package import UnderstudyHTTP

#if canImport(FoundationEssentials)
package import FoundationEssentials
#else
package import Foundation
#endif

/// catfact.ninja over a dataset of facts and breeds, with Laravel's paginator.
package final class CatFactService: APIService {
    private let facts: [String]
    private let lengths: [Int]
    /// Fact indices sorted by length, for `max_length` picks.
    private let byLength: [Int]
    private let breeds: [JSONValue]
    private let writer = UnderstudyAPI.catfact.writer

    package init(dataset: CatFactDataset) {
        facts = dataset.facts
        // Counting characters walks the text: count each fact once, not in every comparison.
        let lengths = dataset.facts.map(\.count)
        self.lengths = lengths
        byLength = lengths.indices.sorted { (lengths[$0], $0) < (lengths[$1], $1) }
        breeds = dataset.breeds
    }

    package func route(_ request: ServerRequest, subpath: Substring) -> BuiltinRoute {
        let segments = subpath.pathSegments
        guard segments.count == 1 else { return .catfact(.notFound) }
        // Laravel's reading of each: an invalid or out-of-range number is as if absent.
        let maxLength = RequestNumber.php(request.queryValue("max_length"))
        let page = RequestNumber.php(request.queryValue("page")).flatMap { $0 >= 1 ? $0 : nil } ?? 1
        let limit = max(1, RequestNumber.php(request.queryValue("limit")) ?? 10)
        switch segments[0] {
        case "fact":
            let fitting = maxLength.map { limit in byLength.prefix { lengths[$0] <= limit }.count } ?? byLength.count
            guard fitting > 0 else { return .catfact(.noFact(maxLength: maxLength)) }
            // The clock's low bits are random enough here and cost no syscall.
            let pick = Int((DispatchTime.now().uptimeNanoseconds >> 4) % UInt64(fitting))
            return .catfact(.fact(index: byLength[pick]))
        case "facts": return .catfact(.facts(page: page, limit: limit, maxLength: maxLength))
        case "breeds": return .catfact(.breeds(page: page, limit: limit))
        default: return .catfact(.notFound)
        }
    }

    package func render(_ route: BuiltinRoute) -> APIResponse {
        guard case .catfact(let route) = route else { return Self.notFound }
        switch route {
        case .fact(let index):
            return APIResponse(status: .ok, body: writer.template(factValue(index)))
        case .noFact(let maxLength):
            let detail = maxLength.map { "No fact is \($0) characters or shorter." } ?? "There are no facts."
            return APIResponse(status: .notFound, body: writer.template(.object([.init("message", .string(detail))])))
        case .facts(let page, let limit, let maxLength):
            let indices = facts.indices.filter { maxLength == nil || lengths[$0] <= maxLength! }
            return APIResponse(status: .ok, body: paginate(indices.map(factValue), path: "/catfact/facts", page: page, perPage: limit))
        case .breeds(let page, let limit):
            return APIResponse(status: .ok, body: paginate(breeds, path: "/catfact/breeds", page: page, perPage: limit))
        case .notFound:
            return Self.notFound
        }
    }

    package static let notFound = APIResponse(status: .notFound, body: BodyTemplate(#"{"message":"Not Found"}"#))

    private func factValue(_ index: Int) -> JSONValue {
        .object([.init("fact", .string(facts[index])), .init("length", .int(lengths[index]))])
    }

    /// Laravel's `LengthAwarePaginator` JSON, links window included.
    private func paginate(_ items: [JSONValue], path: String, page: Int, perPage: Int) -> BodyTemplate {
        let total = items.count
        let lastPage = max(1, PageWindow.pageCount(total, perPage: perPage))
        // Page and limit are the client's numbers (up to Int.max): no arithmetic on them may overflow.
        let window = PageWindow(page: page, perPage: perPage).range(in: total)
        let slice = Array(items[window])
        func url(_ number: Int) -> JSONValue { .link("\(path)?page=\(number)") }
        func link(_ url: JSONValue, _ label: String, active: Bool = false) -> JSONValue {
            .object([.init("url", url), .init("label", .string(label)), .init("active", .bool(active))])
        }
        var links = [link(page > 1 ? url(page - 1) : .null, "Previous")]
        for element in Self.linkWindow(page: page, lastPage: lastPage) {
            if let number = element {
                links.append(link(url(number), String(number), active: number == page))
            } else {
                links.append(link(.null, "..."))
            }
        }
        links.append(link(page < lastPage ? url(page + 1) : .null, "Next"))
        return writer.template(
            .object([
                .init("current_page", .int(page)),
                .init("data", .array(slice)),
                .init("first_page_url", url(1)),
                .init("from", slice.isEmpty ? .null : .int(window.lowerBound + 1)),
                .init("last_page", .int(lastPage)),
                .init("last_page_url", url(lastPage)),
                .init("links", .array(links)),
                .init("next_page_url", page < lastPage ? url(page + 1) : .null),
                .init("path", .link(path)),
                .init("per_page", .int(perPage)),
                .init("prev_page_url", page > 1 ? url(page - 1) : .null),
                .init("to", slice.isEmpty ? .null : .int(window.upperBound)),
                .init("total", .int(total)),
            ]))
    }

    /// Laravel's `UrlWindow` with three pages on each side: page numbers,
    /// nil for a "..." gap.
    static func linkWindow(page: Int, lastPage: Int) -> [Int?] {
        let onEachSide = 3
        let window = onEachSide + 4
        if lastPage < onEachSide * 2 + 8 { return Array(1...lastPage) }
        let start: [Int?] = [1, 2]
        let finish: [Int?] = [lastPage - 1, lastPage]
        if page <= window {
            return Array(1...(window + onEachSide)) + [nil] + finish
        }
        if page > lastPage - window {
            return start + [nil] + Array((lastPage - (window + onEachSide - 1))...lastPage)
        }
        return start + [nil] + Array((page - onEachSide)...(page + onEachSide)) + [nil] + finish
    }
}

/// catfact's dataset: `facts.json` (an array of strings) and `breeds.json`
/// (an array of objects with breed, country, origin, coat and pattern).
package struct CatFactDataset: Sendable {
    package var facts: [String] = []
    package var breeds: [JSONValue] = []

    package static let empty = CatFactDataset()
    package static let breedKeys = ["breed", "country", "origin", "coat", "pattern"]

    package static func load(folder: URL, displayName: String) throws(FileProblems) -> CatFactDataset {
        var problems: [FileProblem] = []
        var dataset = CatFactDataset()
        func items(_ name: String, of what: String) -> [(line: Int, value: JSONValue)] {
            do {
                return try DocumentParser.parseJSONArray(at: folder.appendingPathComponent(name), displayName: "\(displayName)/\(name)", of: what)
            } catch {
                problems.append(error)
                return []
            }
        }
        for (index, (line, value)) in items("facts.json", of: "facts").enumerated() {
            guard let fact = value.stringValue, !fact.isEmpty else {
                problems.append(
                    FileProblem(file: "\(displayName)/facts.json", line: line, keyPath: "[\(index)]", message: "expected a non-empty string"))
                continue
            }
            dataset.facts.append(fact)
        }
        for (index, (line, value)) in items("breeds.json", of: "breeds").enumerated() {
            let keys = value.members?.map(\.key)
            guard keys == breedKeys, value.members!.allSatisfy({ $0.value.stringValue != nil }) else {
                problems.append(
                    FileProblem(
                        file: "\(displayName)/breeds.json", line: line, keyPath: "[\(index)]",
                        message: "expected an object with string keys \(breedKeys.joined(separator: ", ")) in that order"))
                continue
            }
            dataset.breeds.append(value)
        }
        guard problems.isEmpty else { throw FileProblems(problems) }
        return dataset
    }
}
