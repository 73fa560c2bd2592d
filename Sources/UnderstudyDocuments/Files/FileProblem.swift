/// A problem in a file Understudy reads (scenario, dataset or body file),
/// located as precisely as the parser allows.
public struct FileProblem: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file, as given to the loader (relative to the scenarios folder when possible).
    public var file: String
    public var line: Int?
    public var column: Int?
    /// Dotted path of the key at fault, e.g. `apis.swapi.fault` or `routes[2].path`.
    public var keyPath: String?
    public var message: String

    public init(file: String, line: Int? = nil, column: Int? = nil, keyPath: String? = nil, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.keyPath = keyPath
        self.message = message
    }

    public var description: String {
        var location = file
        if let line { location += ":\(line)" + (column.map { ":\($0)" } ?? "") }
        return "\(location): " + (keyPath.map { "\($0): " } ?? "") + message
    }
}
