import HTTPTypes
import UnderstudyDocuments
import UnderstudyHTTP

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A GET of a collection: the items its query filters (top-level keys, by equality), one page of them in the
/// resource's style, inside its envelope.
enum ResourceListing {
    struct Answer {
        var body: [UInt8]
        var total: Int
        var next: String?
        var previous: String?
    }

    /// The most a page number or offset may say (past it, a page is surely empty).
    static let maxPosition = 1_000_000_000

    static func list(
        _ copy: ResourceItems, definition: ResourceDefinition, query: [(name: String, value: String)], base: String
    )
        throws(ResourceRefusal) -> Answer
    {
        let paging = definition.paging
        let paged = paging.style != .none
        var filters: [(name: String, value: String)] = []
        var position: String?
        var asked: String?
        for pair in query {
            if paged, pair.name == paging.pageParameter {
                position = pair.value
            } else if paged, pair.name == paging.limitParameter {
                asked = pair.value
            } else if definition.filterKeys?.contains(pair.name) ?? true {
                filters.append(pair)
            }
        }
        var limit = paging.size
        if let asked {
            guard let value = Self.number(asked), (1...paging.maxSize).contains(value) else {
                throw ResourceRefusal(
                    .badRequest, "bad \(paging.limitParameter)", "'\(paging.limitParameter)' is a number from 1 to \(paging.maxSize).")
            }
            limit = value
        }
        let matching = filters.isEmpty ? copy.items : copy.items.filter { Self.matches($0, filters) }
        let total = matching.count
        // The link to another page keeps the request's filters and size, in their order.
        func link(_ value: String) -> String {
            var pairs = filters
            pairs.append((paging.pageParameter, value))
            if let asked { pairs.append((paging.limitParameter, asked)) }
            return base + "?" + pairs.map { percentEncode($0.name) + "=" + percentEncode($0.value) }.joined(separator: "&")
        }
        var values = ResourceEnvelope.Values(items: [], total: total)
        let start: Int
        switch paging.style {
        case .none:
            values.items = matching[...]
            return Answer(body: ResourceEnvelope.render(paging.envelope, values), total: total)
        case .page:
            let page =
                try position.map { (text: String) throws(ResourceRefusal) -> Int in
                    guard let value = Self.number(text), (1...Self.maxPosition).contains(value) else {
                        throw Self.bad(paging.pageParameter, "a page number from 1")
                    }
                    return value
                } ?? 1
            start = (page - 1) * limit
            values.page = page
            if start + limit < total { values.next = link(String(page + 1)) }
            if page > 1 { values.previous = link(String(page - 1)) }
        case .offset:
            start =
                try position.map { (text: String) throws(ResourceRefusal) -> Int in
                    guard let value = Self.number(text), value <= Self.maxPosition else { throw Self.bad(paging.pageParameter, "an offset from 0") }
                    return value
                } ?? 0
            values.offset = start
            if start + limit < total { values.next = link(String(start + limit)) }
            if start > 0 { values.previous = link(String(max(0, start - limit))) }
        case .cursor:
            if let position {
                guard let id = Self.cursorID(position), let found = matching.firstIndex(where: { $0.id == id }) else {
                    throw ResourceRefusal(
                        .badRequest, "bad \(paging.pageParameter)",
                        "'\(paging.pageParameter)' names no item of this list (it was deleted, or the filters changed).")
                }
                start = found + 1
            } else {
                start = 0
            }
            if start + limit < total {
                let cursor = Self.cursor(matching[start + limit - 1].id)
                values.nextCursor = cursor
                values.next = link(cursor)
            }
        }
        values.limit = limit
        if start < total { values.items = matching[start..<min(start + limit, total)] }
        return Answer(body: ResourceEnvelope.render(paging.envelope, values), total: total, next: values.next, previous: values.previous)
    }

    /// Whether an item's top-level values equal the filters' (several values for one key: any of them).
    private static func matches(_ item: ResourceItems.Item, _ filters: [(name: String, value: String)]) -> Bool {
        guard let value = try? JSONParser.parse(item.json, file: "item").value else { return false }
        var names: [String] = []
        for filter in filters where !names.contains(filter.name) { names.append(filter.name) }
        return names.allSatisfy { name in
            guard let text = value[name].flatMap(Self.text) else { return false }
            return filters.contains { $0.name == name && $0.value == text }
        }
    }

    /// A top-level value as a query writes it; nil for an array or object, which no query value equals.
    private static func text(_ value: JSONValue) -> String? {
        switch value {
        case .string(let text), .number(let text), .link(let text): text
        case .bool(let flag): flag ? "true" : "false"
        case .null: "null"
        case .array, .object: nil
        }
    }

    private static func number(_ text: String) -> Int? {
        guard !text.isEmpty, text.utf8.count <= 10, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        return Int(text)
    }

    private static func bad(_ name: String, _ expected: String) -> ResourceRefusal {
        ResourceRefusal(.badRequest, "bad \(name)", "'\(name)' is \(expected), up to \(maxPosition).")
    }

    /// An opaque cursor: the last id of the page before, base64url, as real APIs keep theirs opaque.
    static func cursor(_ id: String) -> String {
        Data(id.utf8).base64EncodedString().replacingAll("+", with: "-").replacingAll("/", with: "_")
            .replacingAll("=", with: "")
    }

    static func cursorID(_ cursor: String) -> String? {
        guard cursor.utf8.count <= 400 else { return nil }
        var text = cursor.replacingAll("-", with: "+").replacingAll("_", with: "/")
        while text.utf8.count % 4 != 0 { text += "=" }
        return Data(base64Encoded: text).flatMap { String(data: $0, encoding: .utf8) }
    }
}
