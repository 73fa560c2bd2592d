extension String {
    /// `hasPrefix` byte for byte: the request path's prefixes (admin, APIs) are matched on the
    /// bytes that were sent, where `hasPrefix` compares Unicode-normalised text.
    package func hasBytePrefix(_ prefix: String) -> Bool {
        if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
            // Spans compare in place; the UTF-8 view's generic `starts(with:)` costs far more per byte.
            let text = utf8.span
            let start = prefix.utf8.span
            guard start.count <= text.count else { return false }
            for index in 0..<start.count where text[index] != start[index] { return false }
            return true
        }
        return portableHasBytePrefix(prefix)
    }

    // Each function here has a span path (macOS 26 and later, and every Linux: measured 5 % fewer
    // instructions per request) and a portable path for macOS 14–25. The portable paths are package
    // functions of their own so that PortablePathTests run them, and compare them with the span
    // paths, on every system: Linux CI never takes them otherwise.

    /// ``hasBytePrefix(_:)-(String)`` without `Span`.
    package func portableHasBytePrefix(_ prefix: String) -> Bool { utf8.starts(with: prefix.utf8) }

    /// ``hasBytePrefix(_:)-([UInt8])`` without `Span`.
    package func portableHasBytePrefix(_ prefix: [UInt8]) -> Bool { utf8.starts(with: prefix) }

    /// ``utf8Byte(at:)`` without `Span`.
    package func portableUTF8Byte(at offset: Int) -> UInt8? {
        let bytes = utf8
        guard offset < bytes.count else { return nil }
        return bytes[bytes.index(bytes.startIndex, offsetBy: offset)]
    }

    /// ``allUTF8Bytes(_:)`` without `Span`.
    package func portableAllUTF8Bytes(_ test: (UInt8) -> Bool) -> Bool { utf8.allSatisfy(test) }

    /// ``hasBytePrefix(_:)`` against bytes made once (a route prefix): one span, over this string only.
    package func hasBytePrefix(_ prefix: [UInt8]) -> Bool {
        if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
            let text = utf8.span
            guard prefix.count <= text.count else { return false }
            for index in 0..<prefix.count where text[index] != prefix[index] { return false }
            return true
        }
        return portableHasBytePrefix(prefix)
    }

    /// The UTF-8 byte at `offset`, or nil past the end.
    package func utf8Byte(at offset: Int) -> UInt8? {
        if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
            let bytes = utf8.span
            return offset < bytes.count ? bytes[offset] : nil
        }
        return portableUTF8Byte(at: offset)
    }

    /// Whether every UTF-8 byte satisfies `test`.
    package func allUTF8Bytes(_ test: (UInt8) -> Bool) -> Bool {
        if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
            let bytes = utf8.span
            for index in 0..<bytes.count where !test(bytes[index]) { return false }
            return true
        }
        return portableAllUTF8Bytes(test)
    }

    /// The text between occurrences of `separator`, matched byte for byte:
    /// n occurrences give n + 1 pieces, empty ones included.
    ///
    /// Hand-written, like ``replacingAll(_:with:)``: the standard library's
    /// string algorithms (`split(separator:)` with a string, `replacing`) live
    /// in _StringProcessing, whose regex engine otherwise comes along into the
    /// binary and its start-up pages.
    package func pieces(separatedBy separator: String) -> [Substring] {
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

    /// Whether `needle` occurs, matched byte for byte. Not `contains(_:)`: _StringProcessing's search goes by
    /// Character and builds a table of them on each call; four of them on each of a 3 MB OpenAPI document's
    /// answers were a quarter of its load (118,000 instructions a call).
    package func containsBytes(_ needle: String) -> Bool {
        let (bytes, pattern) = (utf8, needle.utf8)
        guard let first = pattern.first else { return true }
        var from = bytes.startIndex
        while let found = bytes[from...].firstIndex(of: first) {
            if bytes[found...].starts(with: pattern) { return true }
            from = bytes.index(after: found)
        }
        return false
    }

    /// Every occurrence of `target` replaced by `replacement`.
    package func replacingAll(_ target: String, with replacement: String) -> String {
        pieces(separatedBy: target).joined(separator: replacement)
    }
}
