package import HTTPTypes
package import UnderstudyDocuments

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One copy of a resource's items (the global copy, or one session's), in the order they were created.
///
/// Each item is kept as its compact JSON bytes, not as a tree: a list is then the items joined, with no
/// writing per request, and what the bounds count (bytes) is what is held. A value type, so a session's
/// copy starts as the seed's storage and gets its own on its first write (copy on write).
package struct ResourceItems: Sendable, Equatable {
    package struct Item: Sendable, Equatable {
        /// The id as a path names it: an integer's digits, or the string.
        package var id: String
        package var json: [UInt8]

        var bytes: Int { json.count + id.utf8.count }
    }

    package private(set) var items: [Item] = []
    private var positions: [String: Int] = [:]
    /// What ``ResourceLimits`` counts: the items' JSON and ids.
    package private(set) var bytes = 0
    /// The largest integer id held, for the next one (``ResourceDefinition/IDKind/integer``).
    private var largestInteger = 0
    /// How many more bytes a write may add: set by ``ResourceStore`` from the session's and the server's
    /// bounds, so a write past them is refused before it changes anything.
    var allowance = Int.max
    /// Which state of which copy this is: 0 for a seed, else a number the store gives each write, never twice, so a
    /// kept answer (``ResourceStore/cached(_:session:)``) names exactly what it was made from.
    package internal(set) var version = 0
    static let overAllowance = "over allowance"

    package init() {}

    /// The seed's items, each checked as a POST's body is (an object, an id of the right kind, no id twice).
    package init(seed: [JSONValue], definition: ResourceDefinition, limits: ResourceLimits) throws(ResourceRefusal) {
        for (index, value) in seed.enumerated() {
            do throws(ResourceRefusal) {
                guard let id = try Self.id(of: value, definition: definition, limits: limits) else {
                    throw ResourceRefusal(.badRequest, "no id", "it has no '\(definition.idKey)'")
                }
                guard positions[id] == nil else { throw ResourceRefusal(.conflict, "id taken", "the id \(id) is given twice") }
                guard case .object(var members) = value else { throw Self.notAnObject(value) }
                Self.write(id, in: &members, definition: definition)
                try add(Item(id: id, json: Self.write(.object(members))), limits: limits)
            } catch {
                throw ResourceRefusal(error.status, error.error, "item \(index) of the seed: \(error.detail)")
            }
        }
    }

    package var count: Int { items.count }

    package func item(_ id: String) -> Item? { positions[id].map { items[$0] } }

    /// A POST's item: its id as given (refused when taken), or the next one.
    package mutating func insert(_ value: JSONValue, definition: ResourceDefinition, limits: ResourceLimits) throws(ResourceRefusal) -> Item {
        guard case .object(var members) = value else { throw Self.notAnObject(value) }
        let id: String
        if let given = try Self.id(of: value, definition: definition, limits: limits) {
            Self.write(given, in: &members, definition: definition)
            guard positions[given] == nil else {
                throw ResourceRefusal(
                    .conflict, "id taken", "An item with \(definition.idKey) \(given) exists; PUT \(definition.path)/\(given) replaces it.")
            }
            id = given
        } else {
            // Written first, as most APIs put the id.
            let made: JSONValue
            switch definition.ids {
            case .integer:
                guard largestInteger < Int.max else { throw ResourceRefusal(.conflict, "ids exhausted", "No integer id is left after \(Int.max).") }
                id = String(largestInteger + 1)
                made = .number(id)
            case .uuid:
                id = UUID().uuidString.lowercased()
                made = .string(id)
            }
            members.removeAll { $0.key == definition.idKey }
            members.insert(.init(definition.idKey, made), at: 0)
        }
        let item = Item(id: id, json: Self.write(.object(members)))
        try add(item, limits: limits)
        return item
    }

    /// A PUT: the whole item replaced; its id stays the path's.
    package mutating func replace(
        _ id: String, with value: JSONValue, definition: ResourceDefinition, limits: ResourceLimits
    ) throws(ResourceRefusal)
        -> Item?
    {
        guard let position = positions[id] else { return nil }
        guard case .object(var members) = value else { throw Self.notAnObject(value) }
        try Self.keepID(id, in: &members, definition: definition, limits: limits)
        return try store(Item(id: id, json: Self.write(.object(members))), at: position, limits: limits)
    }

    /// A PATCH: the body merged into the item as RFC 7396 says; the id cannot change.
    package mutating func patch(
        _ id: String, with patch: JSONValue, definition: ResourceDefinition, limits: ResourceLimits
    ) throws(ResourceRefusal)
        -> Item?
    {
        guard let position = positions[id] else { return nil }
        guard case .object = patch else { throw Self.notAnObject(patch) }
        if patch[definition.idKey] == .null {
            throw ResourceRefusal(.badRequest, "id removed", "A merge patch's null removes a key; an item's \(definition.idKey) cannot be removed.")
        }
        let current = (try? JSONParser.parse(items[position].json, file: "item").value) ?? .object([])
        guard case .object(var members) = MergePatch.apply(patch, to: current) else { throw Self.notAnObject(patch) }
        try Self.keepID(id, in: &members, definition: definition, limits: limits)
        return try store(Item(id: id, json: Self.write(.object(members))), at: position, limits: limits)
    }

    /// A DELETE: whether there was such an item.
    package mutating func remove(_ id: String) -> Bool {
        guard let position = positions.removeValue(forKey: id) else { return false }
        bytes -= items[position].bytes
        items.remove(at: position)
        for index in position..<items.count { positions[items[index].id] = index }
        if let number = Int(id), number == largestInteger { largestInteger = items.lazy.compactMap { Int($0.id) }.max() ?? 0 }
        return true
    }

    // MARK: - Bounds and ids

    private mutating func add(_ item: Item, limits: ResourceLimits) throws(ResourceRefusal) {
        try limits.check(item: item)
        try spend(item.bytes)
        guard items.count < limits.maxItems else {
            throw ResourceRefusal(
                .contentTooLarge, "collection full", "The collection holds \(limits.maxItems) items, the most it may; delete some first.")
        }
        positions[item.id] = items.count
        items.append(item)
        bytes += item.bytes
        if let number = Int(item.id) { largestInteger = max(largestInteger, number) }
    }

    private mutating func store(_ item: Item, at position: Int, limits: ResourceLimits) throws(ResourceRefusal) -> Item {
        try limits.check(item: item)
        try spend(item.bytes - items[position].bytes)
        bytes += item.bytes - items[position].bytes
        items[position] = item
        return item
    }

    private mutating func spend(_ growth: Int) throws(ResourceRefusal) {
        guard growth <= allowance else { throw ResourceRefusal(.contentTooLarge, Self.overAllowance, "") }
        if growth > 0 { allowance -= growth }
    }

    /// Every item replaced by `other`'s (the admin API's seed), within the allowance.
    mutating func replaceAll(with other: ResourceItems) throws(ResourceRefusal) {
        try spend(other.bytes - bytes)
        let (kept, version) = (allowance, self.version)
        self = other
        (allowance, self.version) = (kept, version)
    }

    /// The id an item gives itself, checked against the resource's kind; nil when it gives none.
    static func id(of value: JSONValue, definition: ResourceDefinition, limits: ResourceLimits) throws(ResourceRefusal) -> String? {
        guard let given = value[definition.idKey], given != .null else { return nil }
        let id: String
        switch (definition.ids, given) {
        case (.integer, .number(let text)):
            guard let number = Int(text), number >= 0 else {
                throw ResourceRefusal(.badRequest, "bad id", "'\(definition.idKey)' must be a whole number from 0, not \(text).")
            }
            id = String(number)
        case (.uuid, .string(let text)): id = text
        default:
            throw ResourceRefusal(
                .badRequest, "bad id",
                "'\(definition.idKey)' must be \(definition.ids == .integer ? "a whole number" : "a string"), not \(given.kindName).")
        }
        guard !id.isEmpty, id.utf8.count <= limits.maxIDBytes, !id.contains("/") else {
            throw ResourceRefusal(.badRequest, "bad id", "An id is 1 to \(limits.maxIDBytes) bytes, without '/'.")
        }
        return id
    }

    /// A PUT's or PATCH's body keeps the path's id: written back when it leaves it out, refused when it differs.
    private static func keepID(
        _ id: String, in members: inout [JSONValue.Member], definition: ResourceDefinition, limits: ResourceLimits
    )
        throws(ResourceRefusal)
    {
        let given = try Self.id(of: .object(members), definition: definition, limits: limits)
        if let given, given != id {
            throw ResourceRefusal(
                .badRequest, "id changed", "The body's \(definition.idKey) \(given) is not the path's \(id); an item's id cannot change.")
        }
        if given == nil {
            members.removeAll { $0.key == definition.idKey }
            members.insert(.init(definition.idKey, definition.ids == .integer ? .number(id) : .string(id)), at: 0)
        } else {
            write(id, in: &members, definition: definition)
        }
    }

    /// An integer id written as the path names it (`-0` is `0`), so a filter and a path find what they read.
    private static func write(_ id: String, in members: inout [JSONValue.Member], definition: ResourceDefinition) {
        guard definition.ids == .integer, let position = members.firstIndex(where: { $0.key == definition.idKey }) else { return }
        members[position].value = .number(id)
    }

    private static func notAnObject(_ value: JSONValue) -> ResourceRefusal {
        ResourceRefusal(
            .badRequest, "not an object",
            "An item is a JSON object; the body is \(value.kindName == "array" || value.kindName == "object" ? "an" : "a") \(value.kindName).")
    }

    /// Items as a JSON array: a list's page, and a whole copy as the admin API and a shared store hold it.
    static func append(_ items: some Collection<Item>, to out: inout [UInt8]) {
        out.reserveCapacity(out.count + items.reduce(2) { $0 + $1.json.count + 1 })
        out.append(UInt8(ascii: "["))
        for (position, item) in items.enumerated() {
            if position > 0 { out.append(UInt8(ascii: ",")) }
            out += item.json
        }
        out.append(UInt8(ascii: "]"))
    }

    static func write(_ value: JSONValue) -> [UInt8] { JSONWriter().template(value).render(origin: Origin("")) }

    package static func == (lhs: Self, rhs: Self) -> Bool { lhs.items == rhs.items }
}

/// Why a resource request changed nothing: an HTTP status and Understudy's error body.
package struct ResourceRefusal: Error, Sendable {
    package let status: HTTPResponse.Status
    package let error: String
    package let detail: String

    package init(_ status: HTTPResponse.Status, _ error: String, _ detail: String) {
        self.status = status
        self.error = error
        self.detail = detail
    }
}
