import HTTPTypes
import UnderstudyDocuments
import UnderstudyHTTP

/// The access log's line for one exchange: `GET /path?query 200 happy 0.123ms`.
extension ScenarioResponder {
    /// `GET /path?query 200 happy 0.123ms`.
    static func accessLine(_ exchange: CompletedExchange) -> String {
        var bytes: [UInt8] = []
        writeAccessLine(exchange, into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the access line's bytes. This runs for every request: the parts go straight into
    /// the log's buffer, numbers digit by digit, with no `String` made for the line.
    ///
    /// The path is as decoded from the request, so it is written percent-encoded wherever it is
    /// not printable ASCII (and at `%` itself): `%0a` cannot start a forged line and `%1b` cannot
    /// reach the terminal. The query is written as received, with anything but printable ASCII
    /// encoded the same way; its own escapes stay as they came.
    static func writeAccessLine(_ exchange: CompletedExchange, into bytes: inout [UInt8]) {
        if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *), writePlainAccessLine(exchange, into: &bytes) { return }
        writeGeneralAccessLine(exchange, into: &bytes)
    }

    /// Any line, appended part by part: the lines that need encoding or redaction, and every line
    /// before macOS 26 (no output spans). Tests compare it with the span path on every system.
    static func writeGeneralAccessLine(_ exchange: CompletedExchange, into bytes: inout [UInt8]) {
        let request = exchange.request
        let target = request.target
        // A method is a token (swift-http-types and the strict checks make sure): printable.
        bytes.append(contentsOf: request.method.rawValue.utf8)
        bytes.append(UInt8(ascii: " "))
        appendPrintable(target.path, keepingPercent: false, to: &bytes)
        if !target.query.isEmpty {
            bytes.append(UInt8(ascii: "?"))
            // The dashboard's URL may carry the admin token: never write it down.
            if AdminAPI.owns(target.path) {
                bytes.append(contentsOf: redactedQuery(request).utf8)
            } else {
                appendPrintable(target.query, keepingPercent: true, to: &bytes)
            }
        }
        bytes.append(UInt8(ascii: " "))
        if let code = exchange.status { appendDecimal(UInt64(code), to: &bytes) } else { bytes.append(UInt8(ascii: "-")) }
        bytes.append(UInt8(ascii: " "))
        if exchange.tag.isEmpty { bytes.append(UInt8(ascii: "-")) } else { bytes.append(contentsOf: exchange.tag.utf8) }
        let micros = exchange.durationNanoseconds / 1000
        bytes.append(UInt8(ascii: " "))
        appendDecimal(micros / 1000, to: &bytes)
        bytes.append(UInt8(ascii: "."))
        appendDecimal(micros % 1000, digits: 3, to: &bytes)
        bytes.append(UInt8(ascii: "m"))
        bytes.append(UInt8(ascii: "s"))
        if !exchange.completed { bytes.append(contentsOf: " (connection closed early)".utf8) }
    }

    /// The usual line (a printable path and query, a status, a completed exchange), written in
    /// one pass through an output span: each byte is checked as it is copied, with no second
    /// pass to measure or test the line and no zero-filling. False, writing nothing, when the
    /// line needs encoding or redaction.
    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    private static func writePlainAccessLine(_ exchange: CompletedExchange, into bytes: inout [UInt8]) -> Bool {
        let request = exchange.request
        let target = request.target
        let micros = exchange.durationNanoseconds / 1000
        let milliseconds = micros / 1000
        guard let code = exchange.status, exchange.completed, code >= 100, code < 1000, milliseconds < 100_000_000 else { return false }
        // The dashboard's URL may carry the admin token: the general path redacts it.
        if !target.query.isEmpty, AdminAPI.owns(target.path) { return false }
        let (method, path, query, tag) = (request.method.rawValue.utf8.span, target.path.utf8.span, target.query.utf8.span, exchange.tag.utf8.span)
        guard !tag.isEmpty else { return false }
        // "GET /path?query 200 happy 0.123ms": 4 spaces, "?", 3 status digits, at most 8 + 1 + 3 for the time, "ms".
        let most = method.count + path.count + query.count + tag.count + 23
        var plain = true
        bytes.append(addingCapacity: most) { out in
            // A method is a token (swift-http-types and the strict checks make sure): printable.
            for index in method.indices { out.append(method[index]) }
            out.append(UInt8(ascii: " "))
            for index in path.indices {
                let byte = path[index]
                guard byte > 0x20, byte < 0x7F, byte != UInt8(ascii: "%") else {
                    // The array keeps none of a line given up half-way.
                    out.removeAll()
                    plain = false
                    return
                }
                out.append(byte)
            }
            if !query.isEmpty {
                out.append(UInt8(ascii: "?"))
                for index in query.indices {
                    let byte = query[index]
                    guard byte > 0x20, byte < 0x7F else {
                        out.removeAll()
                        plain = false
                        return
                    }
                    out.append(byte)
                }
            }
            out.append(UInt8(ascii: " "))
            appendDecimal(UInt64(code), digits: 3, to: &out)
            out.append(UInt8(ascii: " "))
            for index in tag.indices { out.append(tag[index]) }
            out.append(UInt8(ascii: " "))
            appendDecimal(milliseconds, digits: decimalDigits(milliseconds), to: &out)
            out.append(UInt8(ascii: "."))
            appendDecimal(micros % 1000, digits: 3, to: &out)
            out.append(UInt8(ascii: "m"))
            out.append(UInt8(ascii: "s"))
        }
        return plain
    }

    /// `number` in exactly `digits` digits (at most 8; zero-padded, the caller counted them). The
    /// digits are gathered in one word, least significant first, each pushing the others up a byte
    /// (division by 10 is a multiplication), then appended from the low byte: most significant first.
    private static func appendDecimal(_ number: UInt64, digits: Int, to out: inout OutputSpan<UInt8>) {
        var packed: UInt64 = 0
        var value = number
        for _ in 0..<digits {
            packed = packed << 8 | (UInt64(UInt8(ascii: "0")) + value % 10)
            value /= 10
        }
        for _ in 0..<digits {
            out.append(UInt8(truncatingIfNeeded: packed))
            packed >>= 8
        }
    }

    private static func decimalDigits(_ number: UInt64) -> Int {
        var digits = 1
        var rest = number / 10
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        return digits
    }

    /// The query re-encoded with the value of `token` replaced.
    @inline(never)
    private static func redactedQuery(_ request: ServerRequest) -> String {
        request.query.map { item in
            percentEncode(item.name) + "=" + (item.name == "token" ? "REDACTED" : percentEncode(item.value))
        }.joined(separator: "&")
    }

    /// `text` with everything but printable ASCII percent-encoded (and `%` too, unless kept).
    private static func appendPrintable(_ text: String, keepingPercent: Bool, to bytes: inout [UInt8]) {
        // An ordinary path has nothing to encode: checked, then copied whole.
        let plain = text.allUTF8Bytes { $0 > 0x20 && $0 < 0x7F && ($0 != UInt8(ascii: "%") || keepingPercent) }
        if plain {
            bytes.append(contentsOf: text.utf8)
        } else {
            appendEncoding(text.utf8, keepingPercent: keepingPercent, to: &bytes)
        }
    }

    @inline(never)
    private static func appendEncoding(_ text: String.UTF8View, keepingPercent: Bool, to bytes: inout [UInt8]) {
        for byte in text {
            if byte > 0x20, byte < 0x7F, byte != UInt8(ascii: "%") || keepingPercent {
                bytes.append(byte)
            } else {
                appendPercentEncoded(CollectionOfOne(byte), to: &bytes)
            }
        }
    }

    /// `number` in decimal, zero-padded to at least `digits` digits: the in-place writer's digits,
    /// appended to an array.
    private static func appendDecimal(_ number: UInt64, digits: Int = 1, to bytes: inout [UInt8]) {
        guard number < 100_000_000 else {
            bytes.append(contentsOf: String(number).utf8)
            return
        }
        let count = max(digits, decimalDigits(number))
        bytes.append(addingCapacity: count) { appendDecimal(number, digits: count, to: &$0) }
    }
}
