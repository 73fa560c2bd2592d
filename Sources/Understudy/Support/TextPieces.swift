
extension String {
    /// `hasPrefix` byte for byte: the request path's prefixes (admin, APIs) are matched on the
    /// bytes that were sent, where `hasPrefix` compares Unicode-normalised text.
    func hasBytePrefix(_ prefix: String) -> Bool {
        utf8.starts(with: prefix.utf8)
    }

    /// The text between occurrences of `separator`, matched byte for byte:
    /// n occurrences give n + 1 pieces, empty ones included.
    ///
    /// Hand-written, like ``replacingAll(_:with:)``: the standard library's
    /// string algorithms (`split(separator:)` with a string, `replacing`) live
    /// in _StringProcessing, whose regex engine otherwise comes along into the
    /// binary and its start-up pages.
    func pieces(separatedBy separator: String) -> [Substring] {
        let needle = Array(separator.utf8)
        guard !needle.isEmpty else { return [self[...]] }
        var pieces: [Substring] = []
        var start = utf8.startIndex
        var index = start
        while index != utf8.endIndex {
            if utf8[index...].starts(with: needle) {
                pieces.append(self[start..<index])
                index = utf8.index(index, offsetBy: needle.count)
                start = index
            } else {
                index = utf8.index(after: index)
            }
        }
        pieces.append(self[start...])
        return pieces
    }

    /// Every occurrence of `target` replaced by `replacement`.
    func replacingAll(_ target: String, with replacement: String) -> String {
        pieces(separatedBy: target).joined(separator: replacement)
    }
}
