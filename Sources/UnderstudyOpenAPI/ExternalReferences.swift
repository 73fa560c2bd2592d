import UnderstudyDocuments

/// Brings the files a document's `$ref`s name into the document itself, so that everything after
/// loading (OpenAPIKit's decoding, the reference checks, synthesis) sees one tree with only
/// `#/...` references.
///
/// Each referenced node (`schemas/pet.yaml#/Pet`, `common.json`) is copied once under the root's
/// `x-understudy-external` extension and every reference to it is rewritten to point there. A
/// copy, not an inlining: a schema that refers to itself across files stays a reference cycle that
/// synthesis bounds, instead of a tree that never ends. References inside a referenced file are
/// relative to that file, and are rewritten the same way.
///
/// Only files inside the main document's folder are read, through `ConfinedRead` (a symlink out,
/// a FIFO, `/dev/zero` are refused); a reference with a scheme (`http:`, `file:`) or an absolute
/// path is a problem, never a fetch. The files, their bytes and the copies are bounded.
struct ExternalReferences {
    static let hoistKey = "x-understudy-external"

    /// Where a copied node came from, for problems found in it later.
    struct Origin: Sendable {
        var file: String
        var pointer: JSONPointer
    }

    let folder: String
    let mainFile: String
    let mainDisplayName: String
    let limits: OpenAPILimits
    private(set) var problems: [FileProblem] = []
    private(set) var origins: [String: Origin] = [:]
    private var files: [String: YAMLNode?] = [:]
    private var bytes: Int
    private var keys: [String: String] = [:]
    private var pending: [(key: String, file: String, pointer: JSONPointer, node: YAMLNode)] = []
    private var copies: [(key: String, node: YAMLNode)] = []
    /// Nodes walked: the main file's and every copy's, which is what every later step walks.
    private var nodes = 0

    init(folder: String, mainFile: String, mainDisplayName: String, mainBytes: Int, limits: OpenAPILimits) {
        self.folder = folder
        self.mainFile = mainFile
        self.mainDisplayName = mainDisplayName
        self.bytes = mainBytes
        self.limits = limits
    }

    /// The document with every external reference copied in; problems are collected in ``problems``.
    mutating func bundle(_ root: YAMLNode) -> YAMLNode {
        let scope = LoadScope(root: folder, cancellation: nil)
        return LoadScope.$current.withValue(scope) {
            var result = rewrite(root, file: mainFile, pointer: JSONPointer(), nameMap: nil) ?? root
            while let next = pending.popLast() {
                let copied = rewrite(next.node, file: next.file, pointer: next.pointer, nameMap: nil) ?? next.node
                copies.append((next.key, copied))
            }
            guard !copies.isEmpty, case .mapping(var mapping) = result else { return result }
            let mark = mapping.mark
            let sorted = copies.sorted { $0.key < $1.key }
            let block = YAMLNode.mapping(.init(sorted.map { (YAMLNode.scalar(.init($0.key, mark: mark)), $0.node) }, mark: mark))
            mapping.pairs.append((YAMLNode.scalar(.init(Self.hoistKey, mark: mark)), block))
            result = .mapping(mapping)
            return result
        }
    }

    /// `node` with its external references rewritten, or nil when nothing in it changed (most
    /// subtrees: the copy is made only along the paths to a rewritten reference). `nameMap` is the
    /// keyword whose names `node`'s keys are (`properties`), nil when they are keywords.
    private mutating func rewrite(_ node: YAMLNode, file: String, pointer: JSONPointer, nameMap: String?) -> YAMLNode? {
        nodes += 1
        guard nodes <= limits.nodes else {
            if nodes == limits.nodes + 1 {
                problems.append(
                    located(
                        file: file, pointer: pointer, mark: node.mark,
                        message: "the document, its files copied in, has more than \(limits.nodes) nodes (the bound on one document's nodes)"))
            }
            return nil
        }
        switch node {
        case .scalar:
            return nil
        case .sequence(var sequence):
            var changed = false
            for index in sequence.items.indices {
                if let new = rewrite(sequence.items[index], file: file, pointer: pointer.appending(index), nameMap: nil) {
                    sequence.items[index] = new
                    changed = true
                }
            }
            return changed ? .sequence(sequence) : nil
        case .mapping(var mapping):
            var changed = false
            for index in mapping.pairs.indices {
                let key = mapping.pairs[index].key.string ?? ""
                if key == "$ref", DocumentKeys.isReference(in: nameMap), case .scalar(var scalar) = mapping.pairs[index].value {
                    if let new = reference(scalar.string, file: file, pointer: pointer.appending(key), mark: scalar.mark), new != scalar.string {
                        scalar.string = new
                        scalar.style = .doubleQuoted
                        mapping.pairs[index].value = .scalar(scalar)
                        changed = true
                    }
                    continue
                }
                // Examples, defaults and extensions are data, not OpenAPI: a `$ref` key in them is not a reference.
                if nameMap == nil, DocumentKeys.isData(key, value: mapping.pairs[index].value) { continue }
                let child = DocumentKeys.childIsNameMap(key, inNameMap: nameMap != nil) ? key : nil
                if let new = rewrite(mapping.pairs[index].value, file: file, pointer: pointer.appending(key), nameMap: child) {
                    mapping.pairs[index].value = new
                    changed = true
                }
            }
            return changed ? .mapping(mapping) : nil
        }
    }

    /// The rewritten text of a `$ref` written in `file`, or nil after recording a problem.
    private mutating func reference(_ text: String, file: String, pointer: JSONPointer, mark: YAMLNode.Mark) -> String? {
        let hash = text.firstIndex(of: "#") ?? text.endIndex
        let location = text[..<hash]
        let fragmentText = hash < text.endIndex ? text[text.index(after: hash)...] : ""
        if location.isEmpty && file == mainFile { return text }
        func problem(_ message: String) -> String? {
            problems.append(located(file: file, pointer: pointer, mark: mark, message: message))
            return nil
        }
        guard let fragment = JSONPointer(parsing: fragmentText) else {
            return problem("'\(text.prefix(200))' has a fragment that is not a JSON pointer (it must start with '/')")
        }
        let target: String
        if location.isEmpty {
            target = file
        } else {
            if Self.hasScheme(location) {
                return problem("'\(text.prefix(200))' is a URL: only files beside the document are read, nothing is fetched from the network")
            }
            if location.hasPrefix("/") || location.hasPrefix("\\") {
                return problem("'\(text.prefix(200))' is an absolute path: a reference must be relative to the document's folder")
            }
            guard let resolved = Self.join(file, String(JSONPointer.percentDecoded(location))) else {
                return problem("'\(text.prefix(200))' leaves the document's folder")
            }
            target = resolved
        }
        if target == mainFile { return "#" + fragment.description.dropFirst(fragment.tokens.isEmpty ? 1 : 0) }
        let identity = target + "#" + fragment.description
        if let key = keys[identity] { return "#/\(Self.hoistKey)/\(key)" }
        guard let tree = load(target, referredFrom: file, pointer: pointer, mark: mark) else { return nil }
        guard let node = tree.node(at: fragment) else {
            return problem("'\(text.prefix(200))': \(target) has nothing at \(fragment)")
        }
        guard keys.count < limits.files * 64 else { return problem("the document refers to more than \(limits.files * 64) external nodes") }
        let key = "\(keys.count + 1)-" + Self.readable(target, fragment)
        keys[identity] = key
        origins[key] = Origin(file: target, pointer: fragment)
        pending.append((key, target, fragment, node))
        return "#/\(Self.hoistKey)/\(JSONPointer([key]).description.dropFirst())"
    }

    /// The parsed file at `relative` (to the folder), read once; nil after recording a problem.
    private mutating func load(_ relative: String, referredFrom file: String, pointer: JSONPointer, mark: YAMLNode.Mark) -> YAMLNode? {
        if let cached = files[relative] { return cached }
        func fail(_ problem: FileProblem) -> YAMLNode? {
            problems.append(problem)
            files[relative] = .some(nil)
            return nil
        }
        guard files.count + 1 < limits.files else {
            return fail(located(file: file, pointer: pointer, mark: mark, message: "the document refers to more than \(limits.files) files"))
        }
        do {
            let (node, count) = try DocumentFile.parse(atPath: folder + "/" + relative, displayName: relative, limit: limits.fileBytes)
            bytes += count
            guard bytes <= limits.totalBytes else {
                return fail(
                    located(
                        file: file, pointer: pointer, mark: mark, message: "the document's files add up to more than \(limits.totalBytes >> 20) MiB"))
            }
            files[relative] = node
            return node
        } catch {
            // Where the reference is written, then what is wrong with the file it names.
            var problem = error
            if problem.line == nil {
                let at = located(file: file, pointer: pointer, mark: mark, message: "\(relative): \(error.message)")
                problem = at
            }
            return fail(problem)
        }
    }

    private func located(file: String, pointer: JSONPointer, mark: YAMLNode.Mark, message: String) -> FileProblem {
        FileProblem(
            file: file == mainFile ? mainDisplayName : file, line: mark.line, column: mark.column, keyPath: pointer.description, message: message)
    }

    /// `http:`, `file:`, `c:`: anything before a `:` that RFC 3986 would call a scheme.
    static func hasScheme(_ text: Substring) -> Bool {
        guard let colon = text.firstIndex(of: ":"), colon > text.startIndex else { return false }
        let scheme = text[..<colon]
        return scheme.first?.isASCII == true && scheme.first?.isLetter == true
            && scheme.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == ".") }
    }

    /// `location` relative to the folder of `file` (both relative to the document's folder), with
    /// `.` and `..` resolved; nil when it climbs out of the folder.
    static func join(_ file: String, _ location: String) -> String? {
        var parts = file.split(separator: "/").map(String.init).dropLast()
        for part in location.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..":
                guard !parts.isEmpty else { return nil }
                parts.removeLast()
            default: parts.append(String(part))
            }
        }
        return parts.isEmpty ? nil : parts.joined(separator: "/")
    }

    /// `pet.yaml-Pet`: enough of the origin to recognise a copy in a problem or a dump.
    private static func readable(_ file: String, _ fragment: JSONPointer) -> String {
        let name = (file.split(separator: "/").last.map(String.init) ?? file) + (fragment.tokens.last.map { "-" + $0 } ?? "")
        return String(name.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "-" || $0 == "_") ? $0 : "_" }.prefix(60))
    }
}
