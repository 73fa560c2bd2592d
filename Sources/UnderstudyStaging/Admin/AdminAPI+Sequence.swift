import HTTPTypes
import UnderstudyDocuments

/// A sequence in a switch's body: `{"sequence": [{"name": …, "count": N}, …, {"name": …}]}`.
extension AdminAPI {
    func sequence(_ body: AdminRequestBody) throws(AdminError) -> Selection {
        let items = try body.array("sequence") ?? []
        let usage = "Each step is {\"name\": SCENARIO, \"count\": N ≥ 1}; the last step has no count and answers all later requests."
        guard items.count >= 2 else { throw AdminError(.badRequest, "invalid sequence", "A sequence needs at least two steps. \(usage)") }
        var steps: [Selection.Step] = []
        for (index, item) in items.enumerated() {
            guard let members = item.members, let name = item["name"]?.stringValue,
                Set(members.map(\.key)).isSubset(of: ["name", "count"])
            else {
                throw AdminError(.badRequest, "invalid sequence", "Step \(index) is not an object with 'name' (and 'count'). \(usage)")
            }
            let isLast = index == items.count - 1
            let count = item["count"].flatMap(Self.wholeNumber)
            if isLast ? item["count"] != nil : (count == nil || count! < 1) {
                throw AdminError(.badRequest, "invalid sequence", "Step \(index) has a wrong count. \(usage)")
            }
            steps.append(.init(scenario: name, count: isLast ? nil : count))
        }
        return makeSelection(steps: steps)
    }

    /// A JSON number that is a whole number however it is spelled (`2`, `2.0`, `2e0`), as
    /// JSONSerialization read counts before the admin API parsed bodies itself.
    private static func wholeNumber(_ value: JSONValue) -> Int? {
        guard case .number(let text) = value else { return nil }
        if let whole = Int(text) { return whole }
        guard let number = Double(text), number.rounded() == number, abs(number) < 1e15 else { return nil }
        return Int(number)
    }
}
