public import UnderstudyDocuments
import UnderstudyStaging

/// Why Understudy would not start.
public enum UnderstudyError: Error, CustomStringConvertible {
    case invalidScenarios(FileProblems)
    case unknownScenario(String, known: [String])
    case remoteAdminWithoutToken(host: String)

    public var description: String {
        switch self {
        case .invalidScenarios(let problems): "the scenarios folder has problems:\n\(problems)"
        case .unknownScenario(let name, let known): "no scenario named '\(name)' (known: \(known.joined(separator: ", ")))"
        case .remoteAdminWithoutToken(let host):
            "refusing to serve the admin API on \(host) without a token: anyone who can reach it could switch scenarios. "
                + "Give --admin-token (or UNDERSTUDY_ADMIN_TOKEN), or --allow-remote-admin to accept the risk."
        }
    }
}
