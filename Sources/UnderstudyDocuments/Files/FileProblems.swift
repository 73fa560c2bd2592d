/// Several problems found in one pass, so `validate` can list them all.
public struct FileProblems: Error, Sendable, CustomStringConvertible {
    public var problems: [FileProblem]
    public init(_ problems: [FileProblem]) { self.problems = problems }
    public var description: String { problems.map(\.description).joined(separator: "\n") }
}
