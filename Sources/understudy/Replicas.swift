import ArgumentParser
import HTTPTypes
import Logging
import Understudy
import UnderstudyAdminWire
import UnderstudyHTTP
import UnderstudyReplicas
import UnderstudyStaging

/// `serve --redis URL --replica-name NAME`: replicas behind a load balancer sharing their state
/// in Redis (docs/replicas.md). Without `--redis` none of this runs.
struct ReplicaOptions {
    var redis: String?
    var name: String?
    var peers: String?

    /// `--peers HOST:PORT,…` (`UNDERSTUDY_PEERS`): whom a global journal read asks; nil without.
    func journalPeers() throws -> JournalPeers? {
        guard let text = peers ?? Setting.peers.string else { return nil }
        do {
            return try JournalPeers(parsing: text)
        } catch {
            throw ValidationError(error.message)
        }
    }

    /// The store, ready to attach to the engine; nil without a Redis URL.
    func store(logger: Logger) throws -> RedisSharedState? {
        guard let text = redis ?? Setting.redis.string else { return nil }
        let url: RedisURL
        do {
            url = try RedisURL(parsing: text)
        } catch {
            throw ValidationError("--redis: \(error.message)")
        }
        return RedisSharedState(url: url, replica: try replicaName(), logger: logger)
    }

    /// `--replica-name` (`UNDERSTUDY_REPLICA_NAME`): 1 to 64 letters, digits, `.`, `_` or `-`, since
    /// it goes into a response header and into Redis.
    func replicaName() throws -> String? {
        guard let name = name ?? Setting.replicaName.string else { return nil }
        guard (1...64).contains(name.utf8.count), name.utf8.allSatisfy({ Self.nameBytes.contains($0) }) else {
            throw ValidationError("--replica-name must be 1 to 64 letters, digits, '.', '_' or '-'")
        }
        return name
    }

    private static let nameBytes = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-".utf8)

    /// Names the replica on every response.
    func name(_ server: inout ServerConfiguration) throws {
        guard let name = try replicaName() else { return }
        server.responseFields[HTTPField.Name(UnderstudyHeaderName.replica)!] = name
    }

}
