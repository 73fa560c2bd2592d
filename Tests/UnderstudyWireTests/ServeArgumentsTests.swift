import ArgumentParser
import Testing

@testable import understudy

/// `serve`'s plain arguments read by hand (ServeFastPath.swift) mean what swift-argument-parser reads them as, and
/// anything else is left to the parser.
@Suite struct ServeArgumentsTests {
    @Test(arguments: [
        [],
        ["--port", "0", "--scenarios", "scenarios", "--scenario", "empty", "--log-level", "warning"],
        ["--host=0.0.0.0", "--port=9000", "--admin-token", "t", "--allow-remote-admin", "--watch", "--threads", "2"],
        ["--openapi", "a=a.yaml", "--openapi=b=b.yaml", "--allowed-host", "x.local", "--allowed-host", "y.local"],
        ["--tls", "--tls-dir", "/tmp/tls", "--tls-name", "mac.local", "--tls-cert", "c.pem", "--tls-key", "k.pem"],
        ["--redis", "redis://r:6379/0", "--replica-name", "a", "--peers", "a:1,b:2", "--session-ttl", "0", "--session-limit", "5"],
        ["--connection-limit", "10", "--connection-timeout", "5", "--max-delay=-1", "--journal-size", "0", "--admin-port", "9"],
        ["--validate-requests", "enforce"],
    ])
    func plainArgumentsMeanWhatTheParserReads(_ arguments: [String]) throws {
        let fast = try #require(ServeArguments(fastParsing: arguments))
        #expect(fast == ServeArguments(try Serve.parse(arguments)))
    }

    @Test(arguments: [
        ["--help"], ["-h"], ["--version"], ["--prot", "1"], ["--port", "eighty"], ["--port"], ["--watch=1"], ["scenarios"],
        ["--scenarios", "--port"], ["--tls-name", "-x"], ["--max-delay", "-1"],
    ])
    func anythingElseIsTheParsers(_ arguments: [String]) {
        #expect(ServeArguments(fastParsing: arguments) == nil)
    }
}
