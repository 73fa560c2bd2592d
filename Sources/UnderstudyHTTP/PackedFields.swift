/// Name/value pairs as they arrived (header fields, query arguments), packed
/// into one buffer as `name\0value\0…`: a request costs one allocation for
/// all its fields instead of two strings each, and strings are made only for
/// the fields someone reads. Names and values never hold a NUL: they come
/// from C strings, and the query decoder leaves `%00` encoded.
struct PackedFields: Sendable, Equatable {
    private(set) var bytes: [UInt8]

    init() {
        bytes = []
    }

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    init(_ pairs: some Sequence<(name: String, value: String)>) {
        var bytes: [UInt8] = []
        for (name, value) in pairs {
            bytes.append(contentsOf: name.utf8.lazy.filter { $0 != 0 })
            bytes.append(0)
            bytes.append(contentsOf: value.utf8.lazy.filter { $0 != 0 })
            bytes.append(0)
        }
        self.bytes = bytes
    }

    var isEmpty: Bool { bytes.isEmpty }

    /// Every pair, decoded (invalid UTF-8 repaired).
    var pairs: [(name: String, value: String)] {
        var result: [(name: String, value: String)] = []
        forEach { name, value in
            result.append((String(decoding: name, as: UTF8.self), String(decoding: value, as: UTF8.self)))
            return true
        }
        return result
    }

    /// Calls `body` with the value of each pair named `name`, in order, until it returns false.
    /// `ignoringASCIICase`: `name` must be lowercase, and matches names in any case.
    func forEachValue(named name: String, ignoringASCIICase: Bool = false, _ body: (UnsafeBufferPointer<UInt8>) -> Bool) {
        // Lengths first: most lookups are for a header the request does not have.
        let length = name.utf8.count
        forEach { candidate, value in
            guard candidate.count == length else { return true }
            var index = 0
            for wanted in name.utf8 {
                var byte = candidate[index]
                if ignoringASCIICase, byte &- UInt8(ascii: "A") < 26 { byte |= 0x20 }
                if byte != wanted { return true }
                index += 1
            }
            return body(value)
        }
    }

    /// Calls `body` with each name and value in order until it returns false.
    func forEach(_ body: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>) -> Bool) {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            func end(from start: Int) -> Int {
                var index = start
                while index < buffer.count, base[index] != 0 { index += 1 }
                return index
            }
            var start = 0
            while start < buffer.count {
                let nameEnd = end(from: start)
                let valueEnd = end(from: nameEnd + 1)
                guard valueEnd < buffer.count else { return }
                let name = UnsafeBufferPointer(start: base + start, count: nameEnd - start)
                let value = UnsafeBufferPointer(start: base + nameEnd + 1, count: valueEnd - nameEnd - 1)
                guard body(name, value) else { return }
                start = valueEnd + 1
            }
        }
    }
}
