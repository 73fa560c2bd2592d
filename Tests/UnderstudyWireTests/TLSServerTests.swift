import Foundation
import HTTPTypes
import Testing
import UnderstudyHTTP
import UnderstudyMicroHTTPD
import UnderstudyTLS

/// One port, both schemes, through curl (an independent TLS client trusting only the development CA).
@Suite(.serialized) struct TLSServerTests {
    static func startTLSServer(eventLoop: MicroHTTPDOptions.EventLoop = .default) throws -> HTTPServer {
        let identity = try TLSTests.identity.get()
        var serving = TLSServing(credentials: .init(certificateChainPEM: identity.certificateChainPEM, keyPEM: identity.keyPEM))
        let expired = try TLSFaultHost.expired.credentials(
            authority: try #require(identity.authority), authorityKey: try #require(TLSIdentity.authorityKey(folder: TLSTests.folder)))
        serving.byServerName[TLSFaultHost.expired.rawValue] = .init(certificateChainPEM: expired.certificate, keyPEM: expired.key)
        let server = HTTPServer(
            configuration: ServerConfiguration(port: 0, connectionTimeoutSeconds: 2),
            options: MicroHTTPDOptions(threads: 2, eventLoop: eventLoop, tls: serving),
            responder: ClosureResponder { request in
                switch request.path {
                case "/reset": return Reply(.reset)
                case "/truncated": return Reply(.truncate(text(String(repeating: "x", count: 1000))))
                case "/large": return Reply(.respond(text(String(repeating: "y", count: 1 << 20))))
                case "/slow": return Reply(.respond(text("late")), delayMilliseconds: 300)
                case "/park": return Reply(.respond(text("very late")), delayMilliseconds: 20_000)
                default: return Reply(.respond(text("\(request.target.isSecure ? "https" : "http") \(request.body.count)")))
                }
            })
        try server.start()
        return server
    }

    /// curl's exit status and stdout, or nil without curl.
    static func curl(_ arguments: [String]) throws -> (status: Int32, output: String)? {
        try TLSTests.tool("curl", ["-sS", "--max-time", "10", "--cacert", "\(TLSTests.folder)/ca.pem"] + arguments)
    }

    @Test func theSamePortAnswersHTTPAndHTTPSAndEveryReplyWorksOverTLS() throws {
        let server = try Self.startTLSServer()
        defer { server.stop() }
        let port = server.port
        guard let secure = try Self.curl(["https://localhost:\(port)/"]) else {
            print("TLSServerTests: curl is not installed (scripts/install-deps.sh installs it); skipped")
            return
        }
        #expect(secure.status == 0 && secure.output.hasPrefix("https 0"), "\(secure)")
        let plain = try #require(try Self.curl(["http://localhost:\(port)/"]))
        #expect(plain.output.hasPrefix("http 0"), "\(plain)")
        // A 1 MiB answer and a 1 MiB request body, both over TLS.
        let large = try #require(try Self.curl(["-o", "/dev/null", "-w", "%{size_download}", "https://localhost:\(port)/large"]))
        #expect(large.output == "\(1 << 20)")
        let body = "\(TLSTests.folder)/upload.bin"
        try Data(repeating: 0x61, count: 1 << 20).write(to: URL(fileURLWithPath: body))
        let upload = try #require(try Self.curl(["--data-binary", "@\(body)", "https://localhost:\(port)/upload"]))
        #expect(upload.output == "https \(1 << 20)", "\(upload)")
        // Faults: the reset and the cut body reach the TLS client as they reach a plain one.
        #expect(try Self.curl(["https://localhost:\(port)/reset"])?.status == 56)
        #expect(try Self.curl(["https://localhost:\(port)/truncated"])?.status == 18)
        let started = Date()
        #expect(try Self.curl(["https://localhost:\(port)/slow"])?.output == "late")
        #expect(Date().timeIntervalSince(started) >= 0.29)
        // The SNI fault host: chosen before any HTTP, refused by the client.
        let expired = try #require(
            try Self.curl(["--resolve", "expired.localhost:\(port):127.0.0.1", "https://expired.localhost:\(port)/"]))
        #expect(expired.status == 60 && expired.output.contains("expired"), "\(expired)")
        // TLS 1.1 is refused.
        let old = try #require(try Self.curl(["--tlsv1.1", "--tls-max", "1.1", "https://localhost:\(port)/"]))
        #expect(old.status != 0)
    }

    @Test func junkAfterAHandshakeByteIsClosedAndServingGoesOn() throws {
        let server = try Self.startTLSServer()
        defer { server.stop() }
        // 0x16 then junk: GnuTLS fails the handshake and the connection is closed at once.
        let junk = "\u{16}\u{03}\u{01}\u{00}\u{10}" + String(repeating: "junk", count: 200)
        let started = Date()
        _ = try? rawExchange(port: server.port, junk, timeout: 5)
        #expect(Date().timeIntervalSince(started) < 4)
        if let secure = try Self.curl(["https://localhost:\(server.port)/"]) { #expect(secure.output.hasPrefix("https")) }
    }

    /// A TLS client that hangs up on a parked request sends close_notify, then its FIN: the bytes before the FIN
    /// must not hide it, on either event loop.
    @Test(arguments: PlatformBehaviourTests.eventLoops) func aParkedTLSClientThatHangsUpIsNoticed(_ eventLoop: MicroHTTPDOptions.EventLoop) throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/openssl") else {
            print("TLSServerTests: /usr/bin/openssl is not installed; skipped")
            return
        }
        let server = try Self.startTLSServer(eventLoop: eventLoop)
        defer { server.stop() }
        // s_client sends close_notify when its input ends (-no_ign_eof), half a second after the request, then closes.
        let client = Process()
        client.executableURL = URL(fileURLWithPath: "/bin/sh")
        client.arguments = [
            "-c",
            "{ printf 'GET /park HTTP/1.1\\r\\nHost: localhost\\r\\n\\r\\n'; sleep 0.5; } | /usr/bin/openssl s_client -no_ign_eof "
                + "-connect 127.0.0.1:\(server.port) -servername localhost >/dev/null 2>&1",
        ]
        try client.run()
        let started = Date()
        while server.parkedConnections == 0, Date().timeIntervalSince(started) < 3 { usleep(10_000) }
        #expect(server.parkedConnections == 1, "the request was not parked")
        client.waitUntilExit()
        let closed = Date()
        while server.parkedConnections > 0, Date().timeIntervalSince(closed) < 3 { usleep(10_000) }
        #expect(server.parkedConnections == 0, "the hang-up of a parked TLS client went unnoticed with \(eventLoop)")
    }
}
