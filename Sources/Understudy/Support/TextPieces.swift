
extension String {
    /// `hasPrefix` byte for byte. For the request path's prefixes (admin, APIs) this is a
    /// memory compare, where `hasPrefix` compares Unicode-normalised text.
    func hasBytePrefix(_ prefix: String) -> Bool {
        let compared = utf8.withContiguousStorageIfAvailable { text in
            prefix.utf8.withContiguousStorageIfAvailable { prefix in
                prefix.count <= text.count && (prefix.isEmpty || memcmp(text.baseAddress!, prefix.baseAddress!, prefix.count) == 0)
            }
        }
        return (compared ?? nil) ?? utf8.starts(with: prefix.utf8)
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

extension [UInt8] {
    /// Appends `text`'s UTF-8 in one copy (`append(contentsOf: text.utf8)` goes byte by byte).
    mutating func appendUTF8(_ text: String) {
        var text = text
        text.withUTF8 { append(contentsOf: $0) }
    }
}
