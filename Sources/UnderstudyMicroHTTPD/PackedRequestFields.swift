import HTTPTypes
import UnderstudyHTTP

/// A request's query and header fields packed as libmicrohttpd handed them over (see
/// ``PackedFields``): one allocation per request for all of them, and a `String` only for a
/// field someone reads. Most requests only look up a few headers by name.
///
/// A class: a `ServerRequest` holds its fields as an existential, which keeps a class reference
/// inline but would box a struct this size on the heap.
final class PackedRequestFields: RequestFields {
    let query: PackedFields
    let headers: PackedFields

    init(query: PackedFields, headers: PackedFields) {
        self.query = query
        self.headers = headers
    }

    func header(_ name: HTTPField.Name) -> String? {
        var found: String?
        var plain = true
        // forEachValue ends at once for a name length the request lacks.
        headers.forEachValue(named: name.canonicalName, ignoringASCIICase: true) { value in
            guard Self.isPlainFieldValue(value) else {
                plain = false
                return false
            }
            let text = String(decoding: value, as: UTF8.self)
            found = found.map { $0 + ", " + text } ?? text
            return true
        }
        if plain { return found }
        // Control characters or edge whitespace: let HTTPField clean the value, as headerFields shows it.
        found = nil
        for (candidate, value) in headerPairs where HTTPField.Name(candidate) == name {
            let cleaned = HTTPField(name: name, value: value).value
            found = found.map { $0 + ", " + cleaned } ?? cleaned
        }
        return found
    }

    func queryValue(_ name: String) -> String? {
        var found: String?
        query.forEachValue(named: name) { value in
            found = String(decoding: value, as: UTF8.self)
            return false
        }
        return found
    }

    var headerPairs: [(name: String, value: String)] { headers.pairs }
    var queryPairs: [(name: String, value: String)] { query.pairs }
    var hasQuery: Bool { !query.isEmpty }

    /// The one `Host` value as received, or nil when there is none or more than one.
    var host: String? {
        var host: String?
        headers.withSingleValue(named: "host") { value in host = value.map { String(decoding: $0, as: UTF8.self) } }
        return host
    }

    /// A value HTTPField would keep as it is: no control characters, no whitespace at either end.
    private static func isPlainFieldValue(_ value: UnsafeBufferPointer<UInt8>) -> Bool {
        if let first = value.first, first == 0x20 || first == 0x09 { return false }
        if let last = value.last, last == 0x20 || last == 0x09 { return false }
        for byte in value where (byte < 0x20 && byte != 0x09) || byte == 0x7F { return false }
        return true
    }
}
