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
    package static func null(_ mark: YAMLNode.Mark) -> JSONValue { .null }
    package static func bool(_ value: Bool, _ mark: YAMLNode.Mark) -> JSONValue { .bool(value) }
    package static func number(_ text: String, _ mark: YAMLNode.Mark) -> JSONValue { .number(text) }
    package static func string(_ text: String, _ mark: YAMLNode.Mark) -> JSONValue { .string(text) }
    package static func array(_ items: [JSONValue], _ mark: YAMLNode.Mark) -> JSONValue { .array(items) }
    package static func object(_ members: [Member], _ mark: YAMLNode.Mark) -> JSONValue { .object(members) }
    package static func member(_ key: String, _ keyMark: YAMLNode.Mark, _ value: JSONValue) -> Member { Member(key, value) }
    package static func key(of member: Member) -> String { member.key }
}

extension YAMLNode: JSONTree {
    package typealias Member = Mapping.Element

    /// `null`, `true`, `false` and numbers are plain scalars, as YAML reads them unquoted: ``JSONValue/init(node:)`` and
    /// the scenario reader then take them as the value they spell.
    package static func null(_ mark: Mark) -> YAMLNode { .scalar(Scalar("null", mark: mark)) }
    package static func bool(_ value: Bool, _ mark: Mark) -> YAMLNode { .scalar(Scalar(value ? "true" : "false", mark: mark)) }
    package static func number(_ text: String, _ mark: Mark) -> YAMLNode { .scalar(Scalar(text, mark: mark)) }
    package static func string(_ text: String, _ mark: Mark) -> YAMLNode { .scalar(Scalar(text, style: .doubleQuoted, mark: mark)) }
    package static func array(_ items: [YAMLNode], _ mark: Mark) -> YAMLNode { .sequence(Sequence(items, mark: mark)) }
    package static func object(_ members: [Member], _ mark: Mark) -> YAMLNode { .mapping(Mapping(members, mark: mark)) }
    package static func member(_ key: String, _ keyMark: Mark, _ value: YAMLNode) -> Member { (key: string(key, keyMark), value: value) }
    package static func key(of member: Member) -> String { member.key.string ?? "" }
}
