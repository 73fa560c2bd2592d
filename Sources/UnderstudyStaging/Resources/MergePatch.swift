package import UnderstudyDocuments

/// JSON Merge Patch (RFC 7396): what a PATCH to a resource's item does.
package enum MergePatch {
    /// `patch` applied to `target`: an object's members merged key by key (`null` removes one, a nested object
    /// merges again); anything else replaces the target whole.
    package static func apply(_ patch: JSONValue, to target: JSONValue) -> JSONValue {
        guard case .object(let changes) = patch else { return patch }
        var members: [JSONValue.Member]
        if case .object(let existing) = target { members = existing } else { members = [] }
        for change in changes {
            let position = members.firstIndex { $0.key == change.key }
            if change.value == .null {
                if let position { members.remove(at: position) }
            } else if let position {
                members[position].value = apply(change.value, to: members[position].value)
            } else {
                members.append(.init(change.key, apply(change.value, to: .null)))
            }
        }
        return .object(members)
    }
}
