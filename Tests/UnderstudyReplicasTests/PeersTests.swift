import Testing

@testable import UnderstudyReplicas

/// `--peers` read and a peer's answer taken apart, without a socket (scripts/replicas-e2e.sh reads
/// real replicas' journals, and one killed).
@Suite struct PeersTests {
    @Test func readsThePeerList() throws {
        let peers = try JournalPeers(parsing: "understudy-peers:8080, 10.0.0.5:8081,[::1]:9000")
        #expect(peers.peers.map(\.host) == ["understudy-peers", "10.0.0.5", "::1"])
        #expect(peers.peers.map(\.port) == [8080, 8081, 9000])
    }

    @Test func refusesAListItCannotUse() {
        for text in ["", "host", "host:0", "host:70000", "ho\tst:80", "a/b:80", ",", String(repeating: "a:1,", count: 65)] {
            #expect(throws: PeerFailure.self, "\(text.prefix(30))") { try JournalPeers(parsing: text) }
        }
    }

    @Test func takesAnAnswerApart() throws {
        let address = PeerSocket.Address(text: "10.0.0.5:8080", family: 2, bytes: [])
        let answer = try PeerSocket.parse(Array("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n{}".utf8), from: address)
        #expect(answer.status == 200 && answer.body == Array("{}".utf8))
        for garbage in ["", "HTTP/1.1 200 OK\r\n", "SSH-2.0-OpenSSH\r\n\r\n", "HTTP/1.1 abc\r\n\r\n"] {
            #expect(throws: PeerFailure.self) { try PeerSocket.parse(Array(garbage.utf8), from: address) }
        }
    }
}
