import CYAML

/// One libyaml event, copied out of C memory.
enum YAMLEvent {
    case streamStart
    case streamEnd
    case documentStart(YAMLNode.Mark)
    case documentEnd
    case alias(anchor: String, mark: YAMLNode.Mark)
    case scalar(YAMLNode.Scalar, anchor: String?)
    case sequenceStart(tag: String?, anchor: String?, mark: YAMLNode.Mark)
    case sequenceEnd
    case mappingStart(tag: String?, anchor: String?, mark: YAMLNode.Mark)
    case mappingEnd
}

/// Pulls events from a libyaml parser and turns its failures into ``FileProblem``s.
struct YAMLEventReader {
    let parser: UnsafeMutablePointer<yaml_parser_t>
    /// The parser's input, to turn a reader error's byte offset into a line and column.
    let input: UnsafeBufferPointer<UInt8>
    let file: String

    func next() throws(FileProblem) -> YAMLEvent {
        var event = yaml_event_t()
        guard yaml_parser_parse(parser, &event) == 1 else { throw problem() }
        defer { yaml_event_delete(&event) }
        let mark = YAMLNode.Mark(line: event.start_mark.line + 1, column: event.start_mark.column + 1)
        switch event.type {
        case YAML_STREAM_START_EVENT:
            return .streamStart
        case YAML_DOCUMENT_START_EVENT:
            return .documentStart(mark)
        case YAML_DOCUMENT_END_EVENT:
            return .documentEnd
        case YAML_ALIAS_EVENT:
            return .alias(anchor: Self.text(event.data.alias.anchor) ?? "", mark: mark)
        case YAML_SCALAR_EVENT:
            let data = event.data.scalar
            // The value may hold NUL characters (written "\0"), so it is read by length.
            let value = String(decoding: UnsafeBufferPointer(start: data.value, count: data.length), as: UTF8.self)
            let scalar = YAMLNode.Scalar(value, style: Self.style(data.style), tag: Self.text(data.tag), mark: mark)
            return .scalar(scalar, anchor: Self.text(data.anchor))
        case YAML_SEQUENCE_START_EVENT:
            let data = event.data.sequence_start
            return .sequenceStart(tag: Self.text(data.tag), anchor: Self.text(data.anchor), mark: mark)
        case YAML_SEQUENCE_END_EVENT:
            return .sequenceEnd
        case YAML_MAPPING_START_EVENT:
            let data = event.data.mapping_start
            return .mappingStart(tag: Self.text(data.tag), anchor: Self.text(data.anchor), mark: mark)
        case YAML_MAPPING_END_EVENT:
            return .mappingEnd
        default:
            // YAML_STREAM_END_EVENT; YAML_NO_EVENT is never returned by a successful parse.
            return .streamEnd
        }
    }

    private static func text(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        pointer.map { String(cString: $0) }
    }

    private static func style(_ style: yaml_scalar_style_t) -> YAMLNode.Scalar.Style {
        switch style {
        case YAML_SINGLE_QUOTED_SCALAR_STYLE: .singleQuoted
        case YAML_DOUBLE_QUOTED_SCALAR_STYLE: .doubleQuoted
        case YAML_LITERAL_SCALAR_STYLE: .literal
        case YAML_FOLDED_SCALAR_STYLE: .folded
        default: .plain
        }
    }

    /// The parser's error, located. libyaml's lines and columns are 0-based.
    private func problem() -> FileProblem {
        let state = parser.pointee
        let problem = state.problem.map { String(cString: $0) } ?? "unknown error"
        switch state.error {
        case YAML_READER_ERROR:
            // Bad bytes (invalid UTF-8, control characters): libyaml gives a byte offset only.
            let mark = YAMLComposer.mark(atByte: state.problem_offset, in: input)
            return FileProblem(file: file, line: mark.line, column: mark.column, message: "unreadable text: \(problem)")
        case YAML_SCANNER_ERROR, YAML_PARSER_ERROR, YAML_COMPOSER_ERROR:
            let context = state.context.map { String(cString: $0) + " " } ?? ""
            return FileProblem(
                file: file, line: state.problem_mark.line + 1, column: state.problem_mark.column + 1,
                message: "malformed YAML/JSON: \(context)\(problem)")
        default:
            return FileProblem(file: file, message: "cannot parse: libyaml is out of memory")
        }
    }
}
