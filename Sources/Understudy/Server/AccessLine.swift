import UnderstudyHTTP

/// The access log's line for one exchange: `GET /path?query 200 happy 0.123ms`.
extension ScenarioResponder {
    /// `GET /path?query 200 happy 0.123ms`.
    static func accessLine(_ exchange: CompletedExchange) -> String {
        var bytes: [UInt8] = []
        writeAccessLine(exchange, into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the access line's bytes: this runs for every request, so the line is put
    /// together in a buffer on the stack, numbers digit by digit, and appended at once.
    static func writeAccessLine(_ exchange: CompletedExchange, into bytes: inout [UInt8]) {
        let request = exchange.request
        var method = request.method.rawValue, path = request.path, tag = exchange.tag.isEmpty ? "-" : exchange.tag
        let closedEarly: StaticString = " (connection closed early)"
        // The dashboard's URL may carry the admin token: never write it down. (Decided out here, so the
        // closures below stay small enough to be inlined into one function, as they were before.)
        let redacted = request.hasQuery && path.hasBytePrefix(AdminAPI.prefix) ? Self.redactedQuery(request) : nil
        method.withUTF8 { method in
            path.withUTF8 { path in
                tag.withUTF8 { tag in
                    // Two 20-digit numbers and their separators fit in the 64 spare bytes.
                    // The path is as decoded from the request: written percent-encoded where it is not plain
                    // printable ASCII (3 bytes each at most), so `%0a` cannot start a forged line and `%1b`
                    // cannot reach the terminal. The query is always written re-encoded.
                    let capacity = method.count + 3 * path.count + 1 + max(request.encodedQueryCapacity, redacted?.utf8.count ?? 0) + tag.count
                        + closedEarly.utf8CodeUnitCount + 64
                    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { scratch in
                        var line = LineWriter(scratch)
                        // A method is a token (swift-http-types and the strict checks make sure): printable.
                        line.put(method)
                        line.put(UInt8(ascii: " "))
                        line.putPrintable(path)
                        if request.hasQuery {
                            line.put(UInt8(ascii: "?"))
                            if let redacted {
                                line.advance(by: Self.copy(redacted, into: line.rest))
                            } else {
                                line.advance(by: request.writeEncodedQuery(into: line.rest))
                            }
                        }
                        line.put(UInt8(ascii: " "))
                        if let code = exchange.status { line.put(UInt64(code)) } else { line.put(UInt8(ascii: "-")) }
                        line.put(UInt8(ascii: " "))
                        line.put(tag)
                        let micros = exchange.durationNanoseconds / 1000
                        line.put(UInt8(ascii: " "))
                        line.put(micros / 1000)
                        line.put(UInt8(ascii: "."))
                        line.put(micros % 1000, digits: 3)
                        line.put(UInt8(ascii: "m"))
                        line.put(UInt8(ascii: "s"))
                        if !exchange.completed { line.put(UnsafeBufferPointer(start: closedEarly.utf8Start, count: closedEarly.utf8CodeUnitCount)) }
                        bytes.append(contentsOf: line.written)
                    }
                }
            }
        }
    }
}

extension ScenarioResponder {
    /// The query re-encoded with the value of `token` replaced.
    @inline(never)
    fileprivate static func redactedQuery(_ request: ServerRequest) -> String {
        request.query.map { item in
            percentEncode(item.name) + "=" + (item.name == "token" ? "REDACTED" : percentEncode(item.value))
        }.joined(separator: "&")
    }

    /// Copies `text` to the start of `buffer` (which has room for it); how many bytes it wrote.
    @inline(never)
    fileprivate static func copy(_ text: String, into buffer: UnsafeMutableBufferPointer<UInt8>) -> Int {
        var count = 0
        for byte in text.utf8.prefix(buffer.count) {
            buffer[count] = byte
            count += 1
        }
        return count
    }
}

/// Writes bytes and decimal numbers into a buffer the caller made big enough.
/// A struct with an index, not closures over a captured one: those paid a dynamic
/// exclusivity check per byte.
private struct LineWriter {
    private let buffer: UnsafeMutableBufferPointer<UInt8>
    private var count = 0

    init(_ buffer: UnsafeMutableBufferPointer<UInt8>) {
        self.buffer = buffer
    }

    var written: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(rebasing: buffer[..<count]) }

    /// The space after what is written so far.
    var rest: UnsafeMutableBufferPointer<UInt8> { UnsafeMutableBufferPointer(rebasing: buffer[count...]) }

    mutating func advance(by written: Int) {
        count += written
    }

    mutating func put(_ byte: UInt8) {
        buffer[count] = byte
        count += 1
    }

    mutating func put(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        (buffer.baseAddress! + count).update(from: source, count: bytes.count)
        count += bytes.count
    }

    /// `bytes` with everything but printable ASCII (and `%` itself) percent-encoded: room for
    /// three bytes per byte.
    mutating func putPrintable(_ bytes: UnsafeBufferPointer<UInt8>) {
        // An ordinary path has nothing to encode: checked eight bytes at a time, then copied whole.
        if Self.isPlain(bytes) {
            put(bytes)
        } else {
            putEncoding(bytes)
        }
    }

    /// True when every byte is printable ASCII other than `%` (0x21...0x7E, not 0x25), tested a
    /// word at a time with the bit tricks for "has a byte less than / greater than / equal to"
    /// (exact for these bounds: none of them passes 128).
    private static func isPlain(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        var index = 0
        while index + 8 <= bytes.count {
            let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
            let below = (word &- ones &* 0x21) & ~word & highs           // a byte < 0x21
            let above = ((word &+ ones &* (127 - 0x7E)) | word) & highs  // a byte > 0x7E
            let percent = word ^ (ones &* 0x25)
            let isPercent = (percent &- ones) & ~percent & highs          // a byte == 0x25
            if below | above | isPercent != 0 { return false }
            index += 8
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte <= 0x20 || byte >= 0x7F || byte == UInt8(ascii: "%") { return false }
            index += 1
        }
        return true
    }

    @inline(never)
    private mutating func putEncoding(_ bytes: UnsafeBufferPointer<UInt8>) {
        let hex: StaticString = "0123456789ABCDEF"
        for byte in bytes {
            if byte > 0x20, byte < 0x7F, byte != UInt8(ascii: "%") {
                put(byte)
            } else {
                put(UInt8(ascii: "%"))
                put(hex.utf8Start[Int(byte >> 4)])
                put(hex.utf8Start[Int(byte & 0xF)])
            }
        }
    }

    /// `number` in decimal, zero-padded to at least `digits` digits.
    mutating func put(_ number: UInt64, digits: Int = 1) {
        var length = 1
        var rest = number / 10
        while rest > 0 || length < digits {
            length += 1
            rest /= 10
        }
        var value = number
        var index = count + length
        while index > count {
            index -= 1
            buffer[index] = UInt8(ascii: "0") + UInt8(value % 10)
            value /= 10
        }
        count += length
    }
}
