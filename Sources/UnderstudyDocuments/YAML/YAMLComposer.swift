import CYAML

/// Builds a ``YAMLNode`` tree from libyaml's event stream.
///
/// libyaml (C) replaced the Yams package, which imported full Foundation and
/// with it ICU: about 9 MB of the server's idle memory and 7 ms of its
/// start-up (see docs/PERFORMANCE.md). This file and ``YAMLEventReader``
/// are the only ones that touch libyaml or its pointers; everything else
/// sees ``YAMLNode`` and ``FileProblem``.
///
/// What it does, as `Yams.compose` did before it:
/// - one document per file: a second one is an error naming where it starts;
///   a file with no document (empty, or only comments) is "the file is empty";
/// - aliases (`*a`) stand for a copy of the node anchored `&a` earlier;
///   the copies a file's aliases add up to are bounded (``aliasBudget``), and
///   an alias counts as deep as what it copies (see ``Composer``);
/// - a key repeated in a mapping is an error (by its text: both readers of
///   the tree, the scenario reader and the JSON conversion, look keys up by text);
/// - merge keys (`<<`) are not expanded: `<<` is an ordinary key;
/// - explicit tags are kept on the node but change nothing else.
///
/// Lines and columns are 1-based, columns in characters.
package enum YAMLComposer {
    /// Most nodes that aliases may add to a file, counting every node of every copy.
    ///
    /// The tree shares an aliased node's storage, but everything that reads it
    /// (the JSON conversion, the writer, the response cache) walks each copy:
    /// ten anchors that each alias the previous one ten times ("billion
    /// laughs", 644 bytes) stand for 10^10 nodes. A hand-written scenario
    /// uses a few aliases of small blocks, far below this.
    static let aliasBudget = 100_000

    /// Parses UTF-8 `bytes` (a leading byte-order mark is allowed); the root
    /// node, or a problem located in `file`.
    package static func compose(_ bytes: [UInt8], file: String) throws(FileProblem) -> YAMLNode {
        // With the encoding set, libyaml reads a byte-order mark as a character of
        // line 1 and then misjudges that line's indentation; drop it here.
        let bytes = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        // libyaml wants a non-null input pointer, which an empty array need not have.
        guard !bytes.isEmpty else { throw FileProblem(file: file, line: 1, message: "the file is empty") }
        // Allocated, not a local: libyaml keeps a pointer to the parser inside the parser.
        let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
        defer { parser.deallocate() }
        guard yaml_parser_initialize(parser) == 1 else {
            throw FileProblem(file: file, message: "cannot parse: libyaml is out of memory")
        }
        defer { yaml_parser_delete(parser) }
        return try bytes.withUnsafeBufferPointer { (input) throws(FileProblem) -> YAMLNode in
            yaml_parser_set_encoding(parser, YAML_UTF8_ENCODING)
            yaml_parser_set_input_string(parser, input.baseAddress, input.count)
            var composer = Composer(events: YAMLEventReader(parser: parser, input: input, file: file), file: file)
            return try composer.document()
        }
    }

    /// The line and column of byte `offset`, counting line breaks (LF, CR LF,
    /// CR) and characters the way libyaml's marks do.
    package static func mark(atByte offset: Int, in bytes: some RandomAccessCollection<UInt8>) -> YAMLNode.Mark {
        var line = 1
        var column = 1
        var previous: UInt8 = 0
        for byte in bytes.prefix(offset) {
            if byte == 0x0A {
                // LF ends a line, unless it completes a CR LF that already did.
                if previous != 0x0D { line += 1 }
                column = 1
            } else if byte == 0x0D {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                // A character starts here (not a UTF-8 continuation byte).
                column += 1
            }
            previous = byte
        }
        return YAMLNode.Mark(line: line, column: column)
    }
}

// MARK: - Composing

/// Turns the event stream of one document into a tree.
///
/// Every node is composed with its ``Extent``, so that an alias is checked
/// against what it copies: its nodes count against ``YAMLComposer/aliasBudget``,
/// and its height is added to the depth it is used at. Without the latter, an
/// anchor nested 500 deep aliased inside another such anchor, and so on, made
/// a tree whose depth no check saw, and the recursive readers downstream
/// overflowed the stack.
private struct Composer {
    /// The size of a composed node as its readers see it, aliases expanded.
    struct Extent {
        /// Nodes, counting each alias as the nodes it copies.
        package var nodes: Int
        /// Levels of mappings and sequences: 0 for a scalar, 1 for `[a, b]`.
        package var height: Int

        package static let scalar = Extent(nodes: 1, height: 0)

        /// Counts a child: its nodes, and one level above its height.
        package mutating func add(_ child: Extent) {
            nodes += child.nodes
            height = max(height, child.height + 1)
        }
    }

    package let events: YAMLEventReader
    package let file: String
    /// Anchored nodes by name; a later anchor of the same name replaces an earlier one.
    var anchors: [String: (node: YAMLNode, extent: Extent)] = [:]
    /// Nodes added by aliases so far.
    var copied = 0
    /// Nodes composed so far, to look at the cancel flag every few thousand.
    var composed = 0
    package let cancellation = LoadScope.current?.cancellation

    package init(events: YAMLEventReader, file: String) {
        self.events = events
        self.file = file
    }

    package mutating func document() throws(FileProblem) -> YAMLNode {
        _ = try events.next()  // stream start
        guard case .documentStart = try events.next() else {
            throw FileProblem(file: file, line: 1, message: "the file is empty")
        }
        let root = try node(try events.next(), depth: 1).node
        _ = try events.next()  // document end
        if case .documentStart(let mark) = try events.next() {
            throw FileProblem(
                file: file, line: mark.line, column: mark.column,
                message: "malformed YAML/JSON: expected a single document in the stream but found another document")
        }
        return root
    }

    /// The node that starts with `event`, at `depth` (the root is at 1).
    private mutating func node(_ event: YAMLEvent, depth: Int) throws(FileProblem) -> (node: YAMLNode, extent: Extent) {
        composed += 1
        if composed & 4095 == 0, cancellation?.isCancelled == true { throw ConfinedRead.cancelled(file) }
        switch event {
        case .scalar(let scalar, let anchor):
            return remember(.scalar(scalar), .scalar, as: anchor)
        case .alias(let anchor, let mark):
            guard let (node, extent) = anchors[anchor] else {
                throw FileProblem(file: file, line: mark.line, column: mark.column, message: "malformed YAML/JSON: found undefined alias")
            }
            // The copy's innermost mapping or sequence sits `height - 1` levels below this one.
            if extent.height > 0 { try checkDepth(depth + extent.height - 1, mark, alias: anchor) }
            copied += extent.nodes
            guard copied <= YAMLComposer.aliasBudget else {
                throw FileProblem(
                    file: file, line: mark.line, column: mark.column,
                    message: "aliases expand to more than \(YAMLComposer.aliasBudget) nodes (at *\(anchor)); write the data out or use fewer aliases")
            }
            return (node, extent)
        case .sequenceStart(let tag, let anchor, let mark):
            try checkDepth(depth, mark)
            var items: [YAMLNode] = []
            var extent = Extent(nodes: 1, height: 1)
            while true {
                let next = try events.next()
                if case .sequenceEnd = next { break }
                let item = try node(next, depth: depth + 1)
                items.append(item.node)
                extent.add(item.extent)
            }
            return remember(.sequence(.init(items, tag: tag, mark: mark)), extent, as: anchor)
        case .mappingStart(let tag, let anchor, let mark):
            try checkDepth(depth, mark)
            var pairs: [YAMLNode.Mapping.Element] = []
            var extent = Extent(nodes: 1, height: 1)
            while true {
                let next = try events.next()
                if case .mappingEnd = next { break }
                let key = try node(next, depth: depth + 1)
                let value = try node(try events.next(), depth: depth + 1)
                pairs.append((key.node, value.node))
                extent.add(key.extent)
                extent.add(value.extent)
            }
            try checkDuplicates(pairs)
            return remember(.mapping(.init(pairs, tag: tag, mark: mark)), extent, as: anchor)
        default:
            // libyaml only hands out node events inside a document.
            throw FileProblem(file: file, message: "malformed YAML/JSON: unexpected event \(event)")
        }
    }

    private mutating func remember(_ node: YAMLNode, _ extent: Extent, as anchor: String?) -> (node: YAMLNode, extent: Extent) {
        if let anchor { anchors[anchor] = (node, extent) }
        return (node, extent)
    }

    /// Recursion here, in the JSON conversion and in the writer is bounded
    /// like JSONParser's, so a hostile file cannot overflow a thread's stack.
    /// `depth` is that of the deepest mapping or sequence, aliases expanded.
    private func checkDepth(_ depth: Int, _ mark: YAMLNode.Mark, alias: String? = nil) throws(FileProblem) {
        guard depth <= JSONParser.maxDepth else {
            throw FileProblem(
                file: file, line: mark.line, column: mark.column,
                message: "malformed YAML/JSON: nesting deeper than \(JSONParser.maxDepth) levels" + (alias.map { " (through *\($0))" } ?? ""))
        }
    }

    /// A repeated key is reported where it repeats, with every repeated key's name.
    private func checkDuplicates(_ pairs: [YAMLNode.Mapping.Element]) throws(FileProblem) {
        var seen: Set<String> = []
        var repeated: Set<String> = []
        var first: YAMLNode.Mark?
        for (key, _) in pairs {
            guard let name = key.string else { continue }
            if !seen.insert(name).inserted {
                repeated.insert(name)
                if first == nil { first = key.mark }
            }
        }
        guard let first else { return }
        throw FileProblem(
            file: file, line: first.line, column: first.column,
            message: "duplicate keys: \(repeated.sorted().joined(separator: ", "))")
    }
}
