/// A tree ``JSONParser`` builds: the parsing is written once, and each tree keeps what its
/// readers need (a ``JSONValue`` drops the marks; a ``YAMLNode`` keeps them, and keeps a string
/// quoted so that `"1"` stays text).
protocol JSONTree {
    associatedtype Member
    static func null(_ mark: YAMLNode.Mark) -> Self
    static func bool(_ value: Bool, _ mark: YAMLNode.Mark) -> Self
    static func number(_ text: String, _ mark: YAMLNode.Mark) -> Self
    static func string(_ text: String, _ mark: YAMLNode.Mark) -> Self
    static func array(_ items: [Self], _ mark: YAMLNode.Mark) -> Self
    static func object(_ members: [Member], _ mark: YAMLNode.Mark) -> Self
    static func member(_ key: String, _ keyMark: YAMLNode.Mark, _ value: Self) -> Member
    static func key(of member: Member) -> String
}

extension JSONValue: JSONTree {
    static func null(_ mark: YAMLNode.Mark) -> JSONValue { .null }
    static func bool(_ value: Bool, _ mark: YAMLNode.Mark) -> JSONValue { .bool(value) }
    static func number(_ text: String, _ mark: YAMLNode.Mark) -> JSONValue { .number(text) }
    static func string(_ text: String, _ mark: YAMLNode.Mark) -> JSONValue { .string(text) }
    static func array(_ items: [JSONValue], _ mark: YAMLNode.Mark) -> JSONValue { .array(items) }
    static func object(_ members: [Member], _ mark: YAMLNode.Mark) -> JSONValue { .object(members) }
    static func member(_ key: String, _ keyMark: YAMLNode.Mark, _ value: JSONValue) -> Member { Member(key, value) }
    static func key(of member: Member) -> String { member.key }
}

extension YAMLNode: JSONTree {
    typealias Member = Mapping.Element

    /// `null`, `true`, `false` and numbers are plain scalars, as YAML reads them unquoted: ``JSONValue/init(node:)`` and
    /// the scenario reader then take them as the value they spell.
    static func null(_ mark: Mark) -> YAMLNode { .scalar(Scalar("null", mark: mark)) }
    static func bool(_ value: Bool, _ mark: Mark) -> YAMLNode { .scalar(Scalar(value ? "true" : "false", mark: mark)) }
    static func number(_ text: String, _ mark: Mark) -> YAMLNode { .scalar(Scalar(text, mark: mark)) }
    static func string(_ text: String, _ mark: Mark) -> YAMLNode { .scalar(Scalar(text, style: .doubleQuoted, mark: mark)) }
    static func array(_ items: [YAMLNode], _ mark: Mark) -> YAMLNode { .sequence(Sequence(items, mark: mark)) }
    static func object(_ members: [Member], _ mark: Mark) -> YAMLNode { .mapping(Mapping(members, mark: mark)) }
    static func member(_ key: String, _ keyMark: Mark, _ value: YAMLNode) -> Member { (key: string(key, keyMark), value: value) }
    static func key(of member: Member) -> String { member.key.string ?? "" }
}
