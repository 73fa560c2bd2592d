package import HTTPTypes
package import UnderstudyDocuments

/// One entry of a route's `request_headers:`: a header the request must carry (with a value, or one a
/// regular expression finds), or must not carry, for the route to answer it: an `Idempotency-Key` on a
/// `POST`, a `Bearer` token. Names compare case-insensitively (as `HTTPField.Name` does); several fields of
/// one name are read as one value joined with ", " (RFC 9110 §5.3), as everywhere the server reads a header.
/// Values are the request's own, before the journal redacts `Authorization`, `Proxy-Authorization` and `Cookie`.
package struct HeaderPattern: Sendable {
    package enum Test: Sendable {
        case present
        case absent
        case equals(String)
        /// Found anywhere in the value, by ``LinearRegex`` (never backtracking).
        case matches(LinearRegex)
    }

    package var name: HTTPField.Name
    package var test: Test

    package init(name: HTTPField.Name, test: Test) {
        self.name = name
        self.test = test
    }

    func matches(_ value: String?) -> Bool {
        switch test {
        case .present: value != nil
        case .absent: value == nil
        case .equals(let wanted): value == wanted
        case .matches(let regex): value.map(regex.firstMatchExists) ?? false
        }
    }

    /// Bytes the pattern keeps, for a session's bound (``SessionOverlay``).
    var cost: Int {
        switch test {
        case .present, .absent: name.rawName.utf8.count
        case .equals(let text): name.rawName.utf8.count + text.utf8.count
        case .matches(let regex): name.rawName.utf8.count + regex.pattern.utf8.count * 16
        }
    }
}
