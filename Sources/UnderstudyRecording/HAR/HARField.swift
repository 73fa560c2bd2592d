import UnderstudyDocuments

/// One value of a HAR file with its key path (`log.entries[3].response`), read by type: a value of the wrong type
/// is a located ``HARImportError`` naming the file, line, column and key path, never a crash or a silent default.
/// A key that is missing or `null` reads as absent (exporters write `"_error": null`, `"text": null`), and the
/// caller decides whether absent is allowed.
struct HARField {
    let node: YAMLNode
    let path: String
    let file: String

    /// `message` at this value.
    func problem(_ message: String) -> HARImportError {
        .located(file: file, line: node.mark.line, column: node.mark.column, keyPath: path, message: message)
    }

    /// The member `key` of this object, nil when missing or null; throws when this is not an object.
    func member(_ key: String) throws(HARImportError) -> HARField? {
        guard case .mapping(let mapping) = node else { throw problem("expected an object, found \(kind)") }
        guard let value = mapping[key], !value.isNull else { return nil }
        return HARField(node: value, path: path.isEmpty ? key : "\(path).\(key)", file: file)
    }

    /// The member `key`, which must be there.
    func required(_ key: String) throws(HARImportError) -> HARField {
        guard let field = try member(key) else { throw problem("'\(key)' is missing (HAR 1.2 requires it)") }
        return field
    }

    /// The items of this array.
    func items() throws(HARImportError) -> [HARField] {
        guard case .sequence(let sequence) = node else { throw problem("expected an array, found \(kind)") }
        return sequence.items.enumerated().map { HARField(node: $0.element, path: "\(path)[\($0.offset)]", file: file) }
    }

    func string() throws(HARImportError) -> String {
        guard case .scalar(let scalar) = node, scalar.style == .doubleQuoted else { throw problem("expected a string, found \(kind)") }
        return scalar.string
    }

    /// A JSON number, as a Double; HAR sizes and times are numbers (Chrome writes fractions of milliseconds).
    func number() throws(HARImportError) -> Double {
        guard case .scalar(let scalar) = node, scalar.style == .plain, !node.isNull, let value = Double(scalar.string), value.isFinite
        else { throw problem("expected a number, found \(kind)") }
        return value
    }

    /// A whole number within `range` (a status, a count).
    func integer(in range: ClosedRange<Int>) throws(HARImportError) -> Int {
        let value = try number()
        guard value.rounded() == value, value >= Double(range.lowerBound), value <= Double(range.upperBound) else {
            throw problem("expected a whole number from \(range.lowerBound) to \(range.upperBound), found \(value)")
        }
        return Int(value)
    }

    func optionalString(_ key: String) throws(HARImportError) -> String? { try member(key)?.string() }
    func optionalNumber(_ key: String) throws(HARImportError) -> Double? { try member(key)?.number() }

    /// A HAR name/value list (headers, queryString, params): each item an object with a string `name` and `value`.
    func pairs(_ key: String) throws(HARImportError) -> [(String, String)] {
        guard let list = try member(key) else { return [] }
        return try list.items().map { (item) throws(HARImportError) -> (String, String) in
            (try item.required("name").string(), try item.member("value")?.string() ?? "")
        }
    }

    private var kind: String {
        switch node {
        case .mapping: return "an object"
        case .sequence: return "an array"
        case .scalar(let scalar):
            if scalar.style == .doubleQuoted { return "a string" }
            switch scalar.string {
            case "null": return "null"
            case "true", "false": return "a boolean"
            default: return "a number"
            }
        }
    }
}

extension YAMLNode {
    /// JSON's `null`, as ``JSONParser`` writes it into a node tree (a plain scalar).
    fileprivate var isNull: Bool {
        if case .scalar(let scalar) = self { return scalar.style == .plain && scalar.string == "null" }
        return false
    }
}
