public import UnderstudyClients

extension APIError {
    /// What a screen tells the user, distinct for each kind of failure.
    public var userMessage: String {
        switch self {
        case .invalidURL: "The app is misconfigured."
        case .requestFailed(let status, _):
            switch status {
            case 401: "You are not signed in."
            case 404: "Nothing was found."
            case 429: "Too many requests. Try again in a minute."
            case 500...: "The server had a problem (\(status)). Try again later."
            default: "The request failed (\(status))."
            }
        case .decodingFailed: "The server sent something unexpected."
        case .timedOut: "The server took too long to answer."
        case .transport: "The connection was lost."
        }
    }
}
