import UnderstudyDocuments

/// The problem `parse` throws, or nil when it succeeds.
func thrownProblem(_ parse: () throws(FileProblem) -> Void) -> FileProblem? {
    do {
        try parse()
        return nil
    } catch {
        return error
    }
}
