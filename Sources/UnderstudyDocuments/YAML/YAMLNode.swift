/// A node of a parsed scenario file: what ``YAMLComposer`` builds from libyaml's
/// events for a YAML file, and ``JSONParser`` for a `.json` one, so the scenario
/// reader reads both alike. Aliases are already resolved to the node they name,
/// so a tree holds only scalars, mappings and sequences, each with the place
/// it starts in the file for error messages.
package enum YAMLNode: Sendable {
    case scalar(Scalar)
    case mapping(Mapping)
    case sequence(Sequence)

    /// A 1-based line and column (columns count characters, not bytes).
    package struct Mark: Hashable, Sendable, CustomStringConvertible {
        package var line: Int
        package var column: Int

        package init(line: Int, column: Int) {
            self.line = line
            self.column = column
        }

        package var description: String { "\(line):\(column)" }
    }

    /// A piece of text, with how it was written: the style decides whether
    /// `1` is a number or the text "1" (see `JSONValue.init(node:)`).
    package struct Scalar: Sendable {
        package enum Style: Sendable {
            case plain
            case singleQuoted
            case doubleQuoted
            /// `|` blocks.
            case literal
            /// `>` blocks.
            case folded
        }

        package var string: String
        package var style: Style
        /// An explicit tag such as `tag:yaml.org,2002:str` (written `!!str`), else nil.
        package var tag: String?
        package var mark: Mark

        package init(_ string: String, style: Style = .plain, tag: String? = nil, mark: Mark) {
            self.string = string
            self.style = style
            self.tag = tag
            self.mark = mark
        }
    }

    /// Key/value pairs in the order written. Keys are unique by their text:
    /// the composer rejects a repeated key.
    package struct Mapping: RandomAccessCollection, Sendable {
        package typealias Element = (key: YAMLNode, value: YAMLNode)

        package var pairs: [Element]
        package var tag: String?
        package var mark: Mark

        package init(_ pairs: [Element], tag: String? = nil, mark: Mark) {
            self.pairs = pairs
            self.tag = tag
            self.mark = mark
        }

        package var startIndex: Int { pairs.startIndex }
        package var endIndex: Int { pairs.endIndex }
        package subscript(position: Int) -> Element { pairs[position] }

        package var keys: [YAMLNode] { pairs.map(\.key) }

        /// The value of the scalar key written as `key` (plain or quoted).
        package subscript(key: String) -> YAMLNode? {
            pairs.first { $0.key.string == key }?.value
        }
    }

    /// Items in the order written.
    package struct Sequence: RandomAccessCollection, Sendable {
        package var items: [YAMLNode]
        package var tag: String?
        package var mark: Mark

        package init(_ items: [YAMLNode], tag: String? = nil, mark: Mark) {
            self.items = items
            self.tag = tag
            self.mark = mark
        }

        package var startIndex: Int { items.startIndex }
        package var endIndex: Int { items.endIndex }
        package subscript(position: Int) -> YAMLNode { items[position] }
    }

    /// Where the node starts in the file.
    package var mark: Mark {
        switch self {
        case .scalar(let scalar): scalar.mark
        case .mapping(let mapping): mapping.mark
        case .sequence(let sequence): sequence.mark
        }
    }

    /// The text of a scalar; nil for a mapping or sequence.
    package var string: String? {
        if case .scalar(let scalar) = self { return scalar.string }
        return nil
    }
}
