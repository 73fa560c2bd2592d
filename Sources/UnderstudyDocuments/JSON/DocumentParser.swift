#if canImport(FoundationEssentials)
package import FoundationEssentials
#else
package import Foundation
#endif

/// Reads the files Understudy loads: YAML documents through libyaml (``YAMLComposer``), and
/// everything JSON through the one JSON reader (``JSONParser``); both give trees whose nodes
/// know their line, so every problem is reported as file:line: key.
package enum DocumentParser {
    /// Parses YAML `text`; the root node, or a problem naming the line.
    package static func parse(_ text: String, file: String) throws(FileProblem) -> YAMLNode {
        try YAMLComposer.compose(Array(text.utf8), file: file)
    }

    /// Reads and parses a scenario file: a `.json` one as JSON, any other as YAML. The bytes go to
    /// the parser as they are, so text that is not UTF-8 is reported with its line and column.
    package static func parseFile(at url: URL, displayName: String) throws(FileProblem) -> YAMLNode {
        let bytes = try ConfinedRead.bytes(atPath: url.path, displayName: displayName, limit: LoadScope.scenarioFileLimit, kind: "scenario files")
        if url.pathExtension.lowercased() == "json" { return try JSONParser.parseNode(bytes, file: displayName) }
        return try YAMLComposer.compose(bytes, file: displayName)
    }

    /// Reads a dataset file that must hold a JSON array: each element with the line it starts on.
    package static func parseJSONArray(at url: URL, displayName: String, of what: String) throws(FileProblem) -> [(line: Int, value: JSONValue)] {
        let bytes = try ConfinedRead.bytes(atPath: url.path, displayName: displayName, limit: LoadScope.dataFileLimit, kind: "dataset files")
        let document = try JSONParser.parse(bytes, file: displayName)
        guard case .array(let elements) = document.value else {
            throw FileProblem(file: displayName, line: 1, message: "expected a JSON array of \(what), found \(document.value.kindName)")
        }
        return Array(zip(document.elementLines, elements)).map { (line: $0.0, value: $0.1) }
    }

    /// Reads a body file as UTF-8 text; nil when it is not UTF-8.
    package static func readText(at url: URL, displayName: String) throws(FileProblem) -> String? {
        let bytes = try ConfinedRead.bytes(atPath: url.path, displayName: displayName, limit: LoadScope.dataFileLimit, kind: "body files")
        return String(validating: bytes, as: UTF8.self)
    }
}

extension JSONValue {
    /// Converts a parsed node. Quoted scalars are strings; plain scalars are
    /// null, booleans or numbers when they read as such, else strings.
    package init(node: YAMLNode) {
        switch node {
        case .scalar(let scalar):
            self = JSONValue(scalar: scalar)
        case .mapping(let mapping):
            self = .object(mapping.map { Member($0.key.string ?? "", JSONValue(node: $0.value)) })
        case .sequence(let sequence):
            self = .array(sequence.map(JSONValue.init(node:)))
        }
    }

    private init(scalar: YAMLNode.Scalar) {
        let text = scalar.string
        guard scalar.style == .plain else {
            self = .string(text)
            return
        }
        switch text {
        case "null", "~", "", "Null", "NULL": self = .null
        case "true", "True", "TRUE": self = .bool(true)
        case "false", "False", "FALSE": self = .bool(false)
        default: self = JSONValue.looksLikeNumber(text) ? .number(text) : .string(text)
        }
    }

    /// Whether `text` is a JSON number: `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`.
    /// Hand-written: a regex literal here was most of the startup time.
    package static func looksLikeNumber(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        var index = 0
        func digits() -> Int {
            let start = index
            while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") { index += 1 }
            return index - start
        }
        func eat(_ byte: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }
        _ = eat(UInt8(ascii: "-"))
        if eat(UInt8(ascii: "0")) {
            // A leading zero stands alone.
        } else if digits() == 0 {
            return false
        }
        if eat(UInt8(ascii: ".")), digits() == 0 { return false }
        if eat(UInt8(ascii: "e")) || eat(UInt8(ascii: "E")) {
            if !eat(UInt8(ascii: "+")) { _ = eat(UInt8(ascii: "-")) }
            if digits() == 0 { return false }
        }
        return index == bytes.count
    }
}
