import Dispatch
package import UnderstudyAdminWire
import UnderstudyHTTP
package import UnderstudyStaging

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `--peers HOST:PORT[,HOST:PORT…]` (`UNDERSTUDY_PEERS`): the replicas whose journals make the global one.
/// The journal stays on each replica (nothing per request goes to Redis); a global `GET /__admin/requests`
/// asks every address each name resolves to *now* (a headless Service's name gives one per ready replica,
/// this one included) for its own part (`local=1`), in parallel, and merges them by time. It fails closed:
/// a peer that does not answer, or answers anything but its journal, makes the read fail with its address
/// and reason, never a partial journal that looks complete.
package final class JournalPeers: JournalFanOut {
    package let peers: [(host: String, port: Int)]
    static let timeoutMilliseconds = 2000

    package init(parsing text: String) throws(PeerFailure) {
        var peers: [(host: String, port: Int)] = []
        for item in text.split(separator: ",").map({ String($0.filter { $0 != " " }) }) where !item.isEmpty {
            guard let colon = item.lastIndex(of: ":"), let port = Int(item[item.index(after: colon)...]), (1...65535).contains(port) else {
                throw PeerFailure("--peers takes HOST:PORT items separated by commas; '\(item.prefix(80))' has no port")
            }
            let host = String(item[..<colon].filter { $0 != "[" && $0 != "]" })
            guard !host.isEmpty, host.utf8.count <= 253, host.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || ".-_:".contains($0)) }) else {
                throw PeerFailure("--peers: '\(item.prefix(80))' is not a host name or address")
            }
            peers.append((host, port))
        }
        guard !peers.isEmpty, peers.count <= 64 else { throw PeerFailure("--peers takes 1 to 64 HOST:PORT items") }
        self.peers = peers
    }

    package func globalJournal(query: [(name: String, value: String)], authorization: String?) throws(SharedStateFailure) -> UnderstudyWire.Journal {
        var resolved: [PeerSocket.Address] = []
        do throws(PeerFailure) {
            for peer in peers { resolved += try PeerSocket.resolve(peer.host, port: peer.port) }
        } catch {
            throw SharedStateFailure("the global journal needs every replica's part, and \(error.message)")
        }
        let addresses = resolved
        let path =
            "/__admin/requests?"
            + (query.filter { $0.name != "local" } + [("local", "1")]).map { "\(Self.escaped($0.name))=\(Self.escaped($0.value))" }
            .joined(separator: "&")
        let headers = authorization.map { [("Authorization", $0)] } ?? []
        let answers = Locked([Result<UnderstudyWire.Journal, PeerFailure>?](repeating: nil, count: addresses.count))
        DispatchQueue.concurrentPerform(iterations: addresses.count) { index in
            let result = Result { () throws(PeerFailure) in try Self.journal(from: addresses[index], path: path, headers: headers) }
            answers.withLock { $0[index] = result }
        }
        var merged: [UnderstudyWire.JournalEntry] = []
        var capacity = 0
        for (address, answer) in zip(addresses, answers.current) {
            switch answer {
            case .success(let journal)?:
                merged += journal.requests
                capacity += journal.capacity
            case .failure(let failure)?:
                throw SharedStateFailure("the global journal needs every replica's part, and peer \(address.text) failed: \(failure.message)")
            case nil:
                throw SharedStateFailure("the global journal needs every replica's part, and peer \(address.text) was not asked")
            }
        }
        merged.sort { $0.time < $1.time }
        if let text = query.first(where: { $0.name == "limit" })?.value, let limit = Int(text), merged.count > limit {
            merged = Array(merged.suffix(limit))
        }
        return UnderstudyWire.Journal(count: merged.count, capacity: capacity, requests: merged)
    }

    private static func journal(
        from address: PeerSocket.Address, path: String, headers: [(String, String)]
    ) throws(PeerFailure) -> UnderstudyWire.Journal {
        let answer = try PeerSocket.get(address, path: path, headers: headers, timeoutMilliseconds: timeoutMilliseconds)
        guard answer.status == 200 else {
            let detail = String(decoding: answer.body.prefix(300), as: UTF8.self).filter { $0.isASCII && !$0.isNewline }
            throw PeerFailure("it answered \(answer.status): \(detail)")
        }
        do {
            return try JSONDecoder().decode(UnderstudyWire.Journal.self, from: Data(answer.body))
        } catch {
            throw PeerFailure("its answer is not a journal")
        }
    }

    /// A query value as it goes into the peer's URL.
    private static func escaped(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            if (0x30...0x39).contains(byte) || (0x41...0x5a).contains(byte) || (0x61...0x7a).contains(byte) || "-._~".utf8.contains(byte) {
                out.append(Character(UnicodeScalar(byte)))
            } else {
                out += "%" + String(byte, radix: 16, uppercase: true).leftPadded
            }
        }
        return out
    }
}

extension String {
    fileprivate var leftPadded: String { count == 1 ? "0" + self : self }
}
