package import UnderstudyAdminWire

/// Where the shared state lives in Redis, every name in one place. All keys start with
/// `understudy:`, so one Redis (or one database of it) can hold other data beside them.
///
/// - `understudy:global` (hash): `active`, and one field per API override (`swapi`, `artic`, `catfact`)
/// - `understudy:session:ID` (hash): `all` and per-API fields; expires after the session TTL,
///   which the replica that serves the session keeps renewing
/// - `understudy:sessions` (set): the ids of the sessions, for a replica that reads everything
/// - `understudy:version` (counter): raised by every write, so a replica that missed a message sees it
/// - `understudy:epoch` (counter): raised by every reset, so each replica clears its own journal
/// - `understudy:seq:KEY` (counter): the requests a shared sequence has answered, all replicas together
/// - `understudy:sets` (hash): each replica's scenario-files hash, by replica name
/// - `understudy:res:SESSION:PATH` (string): a resource's copy, its items as a JSON array (`-` for the shared copy);
///   a session's expires with the session TTL
/// - `understudy:res-keys` (set): every resource key, so that a session's end or a reset removes them
/// - channel `understudy:changes`: `g` (global), `s:ID@VERSION` (a session, and the version its write made), `r` (reset)
package enum SharedKeys {
    package static let global = "understudy:global"
    package static let sessions = "understudy:sessions"
    package static let version = "understudy:version"
    package static let epoch = "understudy:epoch"
    package static let sets = "understudy:sets"
    package static let channel = "understudy:changes"
    package static let activeField = "active"
    package static let allField = "all"

    package static func session(_ id: String) -> String { "understudy:session:\(id)" }
    package static func sequence(_ key: String) -> String { "understudy:seq:\(key)" }
    /// A resource's copy, by ``ResourceStore/sharedKey(_:session:)`` (`SESSION:PATH`).
    package static func resource(_ key: String) -> String { "understudy:res:\(key)" }
    package static let resourceKeys = "understudy:res-keys"
    /// The prefix of a session's resource keys.
    package static func resources(of session: String) -> String { "understudy:res:\(session):" }

    /// A sequence's counter outlives any test run that uses it, then goes.
    package static let sequenceSeconds = 7 * 86_400

    /// The field of a global or session hash for `api` (nil: `active` or `all`).
    package static func field(_ api: UnderstudyAPI?, session: Bool) -> String {
        api?.rawValue ?? (session ? allField : activeField)
    }

    /// The messages of ``channel``.
    package enum Message: Equatable {
        case global
        /// A session's change, with the version its write made: a replica that had the version before it
        /// can record this one having read the session, and needs no full read to catch up.
        case session(String, version: Int64)
        case reset

        package var text: String {
            switch self {
            case .global: "g"
            case .session(let id, let version): "s:\(id)@\(version)"
            case .reset: "r"
            }
        }

        /// nil for anything else: a message from a newer or foreign writer is ignored (the version check catches up).
        package init?(_ text: String) {
            switch text {
            case "g": self = .global
            case "r": self = .reset
            default:
                let parts = text.dropFirst(2).split(separator: "@", omittingEmptySubsequences: false)
                guard text.hasPrefix("s:"), parts.count == 2, let id = SharedKeys.sessionID(String(parts[0])), let version = Int64(parts[1]),
                    version > 0
                else { return nil }
                self = .session(id, version: version)
            }
        }
    }

    /// A session id as the admin API accepts it (1 to 128 letters, digits, `.`, `_`, `-`); nil otherwise.
    package static func sessionID(_ text: String) -> String? {
        guard (1...128).contains(text.utf8.count), text.utf8.allSatisfy({ idBytes.contains($0) }) else { return nil }
        return text
    }

    private static let idBytes = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-".utf8)
}
