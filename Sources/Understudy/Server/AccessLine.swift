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
        method.withUTF8 { method in
            path.withUTF8 { path in
                tag.withUTF8 { tag in
                    // Two 20-digit numbers and their separators fit in the 64 spare bytes.
                    let capacity = method.count + path.count + 1 + request.encodedQueryCapacity + tag.count + closedEarly.utf8CodeUnitCount + 64
                    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { scratch in
                        var line = LineWriter(scratch)
                        line.put(method)
                        line.put(UInt8(ascii: " "))
                        line.put(path)
                        if request.hasQuery {
                            line.put(UInt8(ascii: "?"))
                            line.advance(by: request.writeEncodedQuery(into: line.rest))
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
