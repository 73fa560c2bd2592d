package import UnderstudyDocuments

/// A body that a client generated from the document fails to decode: the synthesised body with one
/// deliberate change, to stage how an app copes with a server that drifts from its contract.
package struct DecodeBreaker: Sendable {
    package enum Kind: String, Sendable, CaseIterable {
        /// A required property removed.
        case missingRequiredKey = "missing-required-key"
        /// A value of another JSON type (a string where a number is, a number where a string is…).
        case wrongType = "wrong-type"
        /// `null` where the schema does not allow it.
        case nullNotNullable = "null-not-nullable"
        /// A string that is none of the enum's values.
        case unknownEnumCase = "unknown-enum-case"
        /// A `date-time` string that is not RFC 3339.
        case malformedDateTime = "malformed-date-time"

        /// The `DecodingError` case a Codable client (swift-openapi-generator's included) throws.
        package var decodingError: String {
            switch self {
            case .missingRequiredKey: "keyNotFound"
            case .wrongType: "typeMismatch"
            case .nullNotNullable: "valueNotFound"
            case .unknownEnumCase, .malformedDateTime: "dataCorrupted"
            }
        }
    }

    package var kind: Kind
    /// Where in the body the change is.
    package var pointer: JSONPointer
    /// What was changed, e.g. "removed required key 'id' at /0".
    package var description: String
    package var body: JSONValue
}
