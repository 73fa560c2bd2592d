/// The case of a `DecodingError`, without its payload: what a decode-breaker is documented to cause.
enum DecodingErrorCase: Equatable, CustomStringConvertible {
    case typeMismatch, valueNotFound, keyNotFound, dataCorrupted, other

    init(_ error: DecodingError) {
        switch error {
        case .typeMismatch: self = .typeMismatch
        case .valueNotFound: self = .valueNotFound
        case .keyNotFound: self = .keyNotFound
        case .dataCorrupted: self = .dataCorrupted
        @unknown default: self = .other
        }
    }

    var description: String {
        switch self {
        case .typeMismatch: "typeMismatch"
        case .valueNotFound: "valueNotFound"
        case .keyNotFound: "keyNotFound"
        case .dataCorrupted: "dataCorrupted"
        case .other: "other"
        }
    }
}
