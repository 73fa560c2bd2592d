/// Whole numbers read from a request (query parameters, path ids, headers).
///
/// Every number a client sends goes through here, parsed the way the real
/// service behind the API parses it and bounded to what fits an `Int`: text
/// that is not such a number, or is out of range, gives nil, and each caller
/// answers nil as the real API answers an invalid value (a default, its own
/// 4xx body, or a 400). Arithmetic on the results is written so it cannot
/// overflow (see `PageWindow`): a request can never trap the process.
package enum RequestNumber {
    /// PHP's `filter_var($text, FILTER_VALIDATE_INT)`, which Laravel's paginator (catfact,
    /// artic) applies to `page`: surrounding white space allowed, an optional sign, decimal
    /// digits without a leading zero (`0` alone is fine), within 64 bits. `1e3`, `0x10`,
    /// `05` and `9223372036854775808` are not integers to it.
    package static func php(_ text: String?) -> Int? {
        guard let text else { return nil }
        var bytes = Substring(text).utf8[...]
        bytes = trim(bytes, isSpace: { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || $0 == 0x0B || $0 == 0x00 })
        var negative = false
        if let sign = bytes.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
            negative = sign == UInt8(ascii: "-")
            bytes = bytes.dropFirst()
        }
        guard let first = bytes.first, first != UInt8(ascii: "0") || bytes.count == 1 else { return nil }
        return accumulate(bytes, negative: negative)
    }

    /// Python's `int(text)`, which Django REST framework applies to SWAPI's `page`: surrounding
    /// white space, an optional sign, decimal digits with single `_` between them. Python's
    /// integers have no bound; one past 64 bits gives nil here, which the caller answers as
    /// the page it would be (past the last: 404 "Invalid page.").
    package static func python(_ text: String?) -> Int? {
        guard let text else { return nil }
        var bytes = trim(Substring(text).utf8[...], isSpace: { $0 == 0x20 || (0x09...0x0D).contains($0) })
        var negative = false
        if let sign = bytes.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
            negative = sign == UInt8(ascii: "-")
            bytes = bytes.dropFirst()
        }
        // Single underscores between digits, as in `1_000`.
        guard bytes.first != UInt8(ascii: "_"), bytes.last != UInt8(ascii: "_") else { return nil }
        var digits: [UInt8] = []
        var previous: UInt8 = 0
        for byte in bytes {
            if byte == UInt8(ascii: "_") {
                guard previous != byte else { return nil }
            } else {
                digits.append(byte)
            }
            previous = byte
        }
        return accumulate(digits[...], negative: negative)
    }

    /// A path segment that is an id: decimal digits only, as the real APIs' URL patterns
    /// (`[0-9]+`) require, so `+5`, ` 5` and `5.0` name no item. Nil past 64 bits.
    package static func id(_ segment: Substring) -> Int? {
        accumulate(segment.utf8[...], negative: false)
    }

    /// A whole number of milliseconds, 0 or more (`X-Understudy-Delay`): digits only.
    package static func milliseconds(_ text: String) -> Int? {
        accumulate(Substring(text).utf8[...], negative: false)
    }

    /// Decimal digits to an `Int`; nil for no digits, a non-digit, or a value out of range.
    private static func accumulate<Bytes: Collection<UInt8>>(_ digits: Bytes, negative: Bool) -> Int? {
        guard !digits.isEmpty else { return nil }
        var value = 0
        for byte in digits {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            let digit = Int(byte - UInt8(ascii: "0"))
            let (shifted, overflowA) = value.multipliedReportingOverflow(by: 10)
            // Negative numbers accumulate downwards, so Int.min is reachable.
            let (next, overflowB) = negative ? shifted.subtractingReportingOverflow(digit) : shifted.addingReportingOverflow(digit)
            guard !overflowA, !overflowB else { return nil }
            value = next
        }
        return value
    }

    private static func trim(_ bytes: Substring.UTF8View.SubSequence, isSpace: (UInt8) -> Bool) -> Substring.UTF8View.SubSequence {
        var bytes = bytes
        while let first = bytes.first, isSpace(first) { bytes = bytes.dropFirst() }
        while let last = bytes.last, isSpace(last) { bytes = bytes.dropLast() }
        return bytes
    }
}

/// The items of one page, `page` (from 1) of `perPage` items, worked out
/// without overflow whatever the two numbers are: a page past the end, or
/// past what an `Int` can count, is simply empty.
package struct PageWindow {
    /// Index of the page's first item; nil when it lies past `Int.max`.
    package let offset: Int?
    let perPage: Int

    package init(page: Int, perPage: Int) {
        precondition(page >= 1 && perPage >= 0)
        let (offset, overflow) = (page - 1).multipliedReportingOverflow(by: perPage)
        self.offset = overflow ? nil : offset
        self.perPage = perPage
    }

    /// The range of indices into `count` items that the page covers (empty past the end).
    package func range(in count: Int) -> Range<Int> {
        guard let offset, offset < count else { return count..<count }
        return offset..<(offset + Swift.min(perPage, count - offset))
    }

    /// Pages needed for `count` items (0 items: 0 pages), without `count + perPage - 1`.
    package static func pageCount(_ count: Int, perPage: Int) -> Int {
        guard perPage > 0, count > 0 else { return 0 }
        return (count - 1) / perPage + 1
    }
}
