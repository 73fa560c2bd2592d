extension String {
    /// At most `limit` characters of the text that are printable ASCII (space to `~`), the others replaced by
    /// `replacement` or, when it is nil, left out: what may go into a header value or a message that quotes a
    /// client's or a document's text, without control characters or bytes a client would misread.
    package func printableASCII(limit: Int, replacement: Character? = nil) -> String {
        var out = ""
        for scalar in unicodeScalars where out.count < limit {
            if scalar.value >= 0x20 && scalar.value < 0x7F {
                out.unicodeScalars.append(scalar)
            } else if let replacement {
                out.append(replacement)
            }
        }
        return out
    }
}
