import UnderstudyBuiltinAPIs
import UnderstudyDocuments
import UnderstudyStaging

/// catfact answers gathered into the dataset's facts and breeds. A page's items are ordered by Laravel's
/// `from` (their place in the real list), so pages recorded in any order give the service's own order.
struct CatFactHarvest {
    private var facts: [(order: Int, text: String)] = []
    private var breeds: [(order: Int, value: JSONValue)] = []
    /// Items without a place (`/fact`, or a page without `from`) come after the placed ones, as first seen.
    private var unplaced = 1 << 40

    package mutating func add(_ body: JSONValue) {
        if let fact = body["fact"]?.stringValue, !fact.isEmpty {
            let order = nextUnplaced()
            facts.append((order, fact))
            return
        }
        guard let items = body["data"]?.arrayValue else { return }
        let from = body["from"]?.intValue.flatMap { $0 >= 1 && $0 < 1 << 32 ? $0 : nil }
        for (index, item) in items.enumerated() {
            var order = 0
            if let from { order = from + index } else { order = nextUnplaced() }
            if let fact = item["fact"]?.stringValue, !fact.isEmpty {
                facts.append((order, fact))
            } else if let breed = Self.breed(item) {
                breeds.append((order, breed))
            }
        }
    }

    private mutating func nextUnplaced() -> Int {
        unplaced += 1
        return unplaced
    }

    /// The breed with exactly the loader's keys, in its order; nil unless each is a string.
    private static func breed(_ item: JSONValue) -> JSONValue? {
        var members: [JSONValue.Member] = []
        for key in CatFactDataset.breedKeys {
            guard let text = item[key]?.stringValue else { return nil }
            members.append(.init(key, .string(text)))
        }
        return .object(members)
    }

    /// `facts.json` and `breeds.json` (the loader reads both; an empty array is a valid one); nil when neither has an item.
    package func files() -> (files: [(String, [JSONValue])], summary: String, notes: [String])? {
        guard !facts.isEmpty || !breeds.isEmpty else { return nil }
        var seenFacts = Set<String>()
        let factValues = facts.sorted { $0.order < $1.order }.filter { seenFacts.insert($0.text).inserted }.map { JSONValue.string($0.text) }
        var seenBreeds = Set<String>()
        let breedValues = breeds.sorted { $0.order < $1.order }.filter { seenBreeds.insert($0.value["breed"]?.stringValue ?? "").inserted }
            .map(\.value)
        return (
            [("facts.json", factValues), ("breeds.json", breedValues)], "\(factValues.count) facts, \(breedValues.count) breeds", []
        )
    }
}
