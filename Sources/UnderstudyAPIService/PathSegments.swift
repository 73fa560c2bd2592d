extension Substring {
    /// Path segments without empty ones, so `/a/b/` and `/a/b` read alike.
    /// A loop over UTF-8 bytes: splitting on Characters, and then `split` on bytes, cost more
    /// than the rest of routing a request.
    package var pathSegments: [Substring] {
        var segments: [Substring] = []
        let bytes = utf8
        var start = bytes.startIndex
        var index = start
        while index != bytes.endIndex {
            if bytes[index] == UInt8(ascii: "/") {
                if start != index { segments.append(self[start..<index]) }
                start = bytes.index(after: index)
            }
            index = bytes.index(after: index)
        }
        if start != index { segments.append(self[start..<index]) }
        return segments
    }
}
