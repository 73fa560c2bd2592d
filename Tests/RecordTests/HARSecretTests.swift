import Foundation
import Testing
import UnderstudyTestSupport

/// No secret of a captured session reaches a written file unless `--keep-secrets`: every file an import writes
/// (the scenario, body files, binary bodies, session routes, derived variants) is searched for every fixture secret.
@Suite struct HARSecretTests {
    static let imports: [(fixture: String, prefix: String)] = [
        ("chrome.har", "/myapi=https://api.example.com/v1"), ("firefox.har", "/shop=https://shop.example.org/api"),
        ("safari.har", "/weather=https://api.weather.example/v2"), ("proxyman.har", "/backend=https://backend.example.com/api"),
        ("graphql.har", "/gql=https://graph.example.com"),
    ]

    @Test(arguments: imports.map(\.fixture))
    func noSecretReachesAWrittenFile(_ fixture: String) throws {
        let prefix = Self.imports.first { $0.fixture == fixture }!.prefix
        // --derive on GraphQL operations is refused (HARGraphQLTests): the derived files are checked on the others.
        let derive = fixture == "graphql.har" ? [] : ["--derive"]
        let run = try HARImportRun.run(HARFixture.path(fixture), ["--prefix", prefix, "--keep-timing"] + derive)
        defer { run.remove() }
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.files.count >= (derive.isEmpty ? 2 : 5), "the scenario, the session routes or the derived variants: \(run.files)")
        let fixtureText = String(decoding: try HARFixture.bytes(fixture), as: UTF8.self)
        let present = HARFixture.secrets.filter { fixtureText.contains($0) }
        // Proxyman's bodies are gzip in base64: their secrets are not in the file's text, only in what the import decodes.
        #expect(present.count >= 2, "the fixture holds secrets to look for")
        for file in run.files {
            let text = try String(decoding: Data(contentsOf: run.folder.appendingPathComponent(file)), as: UTF8.self)
            for secret in HARFixture.secrets {
                #expect(!text.contains(secret), "\(file) holds \(secret)")
            }
        }
        for secret in HARFixture.secrets { #expect(!run.stdout.contains(secret) && !run.stderr.contains(secret), "the summary holds \(secret)") }
        let redacted = run.stdout.split(separator: "\n").first { $0.hasPrefix("secrets redacted: ") }
        #expect(
            (redacted.flatMap { Int($0.dropFirst("secrets redacted: ".count)) } ?? 0) >= 1, "a secret the import would have written: \(run.stdout)")
        #expect(try run.validate().status == 0)
    }

    @Test func keepSecretsWritesThemAsCaptured() throws {
        let run = try HARImportRun.run(HARFixture.path("chrome.har"), ["--prefix", "/myapi=https://api.example.com/v1", "--keep-secrets"])
        defer { run.remove() }
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("secrets: kept as captured (--keep-secrets)"))
        let yaml = try run.text("imported.yaml")
        #expect(yaml.contains("access_token=chr-query-token-0d9e8f"))
        #expect(yaml.contains("chr-access-4c2b8a1f9e"))
        #expect(yaml.contains("session=chr-setcookie-2f4e6a8c"), "Set-Cookie is kept too")
        #expect(try run.validate().status == 0)
    }
}
