import UnderstudyHTTP

/// The access log's line for one exchange: `GET /path?query 200 happy 0.123ms`.
extension ScenarioResponder {
    /// `GET /path?query 200 happy 0.123ms`.
    static func accessLine(_ exchange: CompletedExchange) -> String {
        var bytes: [UInt8] = []
        writeAccessLine(exchange, into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the access line's bytes: this runs for every request, so numbers are written
    /// digit by digit and nothing else is allocated.
    static func writeAccessLine(_ exchange: CompletedExchange, into bytes: inout [UInt8]) {
        let request = exchange.request
        bytes.appendUTF8(request.method.rawValue)
        bytes.append(UInt8(ascii: " "))
        request.appendTarget(to: &bytes)
        // The numbers and their separators go through a small buffer, each group appended at once.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 48) { scratch in
            var status = DigitWriter(scratch)
            status.put(UInt8(ascii: " "))
            if let code = exchange.status { status.put(UInt64(code)) } else { status.put(UInt8(ascii: "-")) }
            status.put(UInt8(ascii: " "))
            bytes.append(contentsOf: status.written)
            bytes.appendUTF8(exchange.tag.isEmpty ? "-" : exchange.tag)
            let micros = exchange.durationNanoseconds / 1000
            var duration = DigitWriter(scratch)
            duration.put(UInt8(ascii: " "))
            duration.put(micros / 1000)
            duration.put(UInt8(ascii: "."))
            duration.put(micros % 1000, digits: 3)
            duration.put(UInt8(ascii: "m"))
            duration.put(UInt8(ascii: "s"))
            bytes.append(contentsOf: duration.written)
        }
        if !exchange.completed { bytes.appendUTF8(" (connection closed early)") }
    }
}

/// Writes bytes and decimal numbers into a small buffer (room for two 20-digit numbers).
/// A struct with an index, not closures over a captured one: those paid a dynamic
/// exclusivity check per byte.
private struct DigitWriter {
    private let buffer: UnsafeMutableBufferPointer<UInt8>
    private var count = 0

    init(_ buffer: UnsafeMutableBufferPointer<UInt8>) {
        self.buffer = buffer
    }

    var written: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(rebasing: buffer[..<count]) }

    mutating func put(_ byte: UInt8) {
        buffer[count] = byte
        count += 1
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
        for index in stride(from: count + length - 1, through: count, by: -1) {
            buffer[index] = UInt8(ascii: "0") + UInt8(value % 10)
            value /= 10
        }
        count += length
    }
}
