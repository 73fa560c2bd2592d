import UnderstudyDocuments

extension JSONValue {
    /// The document without the values of its prose keywords (``DocumentKeys/prose``: descriptions,
    /// summaries), where they are keywords: a property or a parameter named `description` is a name and
    /// stays, and data (examples, defaults, enums, extensions) is kept as written. Only members of
    /// mappings go, so every pointer into the rest of the document still leads where it did.
    func withoutProse(inNameMap: Bool = false) -> JSONValue {
        switch self {
        case .array(let items):
            return .array(items.map { $0.withoutProse() })
        case .object(let members):
            var kept: [Member] = []
            kept.reserveCapacity(members.count)
            for member in members {
                if inNameMap {
                    kept.append(Member(member.key, member.value.withoutProse(inNameMap: false)))
                } else if DocumentKeys.prose.contains(member.key) {
                    continue
                } else if DocumentKeys.isData(member.key, isArray: member.value.arrayValue != nil) {
                    kept.append(member)
                } else {
                    kept.append(Member(member.key, member.value.withoutProse(inNameMap: DocumentKeys.childIsNameMap(member.key, inNameMap: false))))
                }
            }
            return .object(kept)
        default:
            return self
        }
    }
}
