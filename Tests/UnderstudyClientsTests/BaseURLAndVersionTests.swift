import Foundation
import Testing

@testable import UnderstudyClients

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The base URL an app's own networking reads from the environment, and the one version of the package.
@Suite struct BaseURLAndVersionTests {
    @Test func theBaseURLWithAndWithoutTheVariable() {
        for api in UnderstudyAPI.allCases {
            #expect(api.defaultBaseURL(environment: [:]).absoluteString == api.realBaseURL)
            #expect(api.defaultBaseURL(environment: ["UNDERSTUDY_BASE_URL": ""]).absoluteString == api.realBaseURL)
            #expect(api.defaultBaseURL(environment: ["UNDERSTUDY_BASE_URL": "not a url"]).absoluteString == api.realBaseURL)
            for base in ["http://localhost:8080", "http://localhost:8080/"] {
                #expect(api.defaultBaseURL(environment: ["UNDERSTUDY_BASE_URL": base]).absoluteString == "http://localhost:8080" + api.prefix)
            }
        }
        #expect(
            UnderstudyAPI.artic.defaultBaseURL(environment: ["UNDERSTUDY_BASE_URL": "http://10.0.0.2:9000"]).absoluteString
                == "http://10.0.0.2:9000/artic/api/v1")
        let environment = ProcessInfo.processInfo.environment
        #expect(UnderstudyAPI.catfact.defaultBaseURL == UnderstudyAPI.catfact.defaultBaseURL(environment: environment))
        #expect(CatFactClient.defaultBaseURL == UnderstudyAPI.catfact.defaultBaseURL(environment: environment))
        #expect(SWAPIClient.defaultBaseURL == UnderstudyAPI.swapi.defaultBaseURL(environment: environment))
        #expect(ArticClient.defaultBaseURL == UnderstudyAPI.artic.defaultBaseURL(environment: environment))
    }

    /// A team's own API staged under a prefix of its choosing: the same rule.
    @Test func theBaseURLOfAnAPIOfYourOwn() {
        let real = URL(string: "https://api.example.com/v1")!
        #expect(UnderstudyAPI.baseURL(prefix: "/myapi", real: real, environment: [:]) == real)
        #expect(UnderstudyAPI.baseURL(prefix: "/myapi", real: real, environment: ["UNDERSTUDY_BASE_URL": "not a url"]) == real)
        for (base, prefix) in [("http://localhost:8080", "/myapi"), ("http://localhost:8080/", "/myapi"), ("http://localhost:8080", "myapi")] {
            #expect(
                UnderstudyAPI.baseURL(prefix: prefix, real: real, environment: ["UNDERSTUDY_BASE_URL": base]).absoluteString
                    == "http://localhost:8080/myapi")
        }
    }

    /// What a `.live()` client sends by default: the environment's headers, less those its URLSession's
    /// configuration already carries (names compared without case). RemoteTests checks the same on the wire.
    @Test func theEnvironmentsHeadersYieldToTheConfigurations() {
        let environment = UnderstudyHeaders(session: "from-environment", scenario: "empty", delay: .milliseconds(5))
        let configuration = URLSessionConfiguration.ephemeral
        #expect(environment.yielding(to: configuration) == environment)
        configuration.httpAdditionalHeaders = ["x-understudy-session": "test-1", "Accept": "application/json"]
        #expect(environment.yielding(to: configuration) == UnderstudyHeaders(scenario: "empty", delay: .milliseconds(5)))
        UnderstudyHeaders(scenario: "delay", delay: .milliseconds(1)).apply(to: configuration)
        #expect(environment.yielding(to: configuration) == .none)
    }

    /// CHANGELOG.md's newest entry and the README's package snippet name the version the code carries.
    @Test func theVersionIsTheChangelogsAndTheREADMEs() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let changelog = try String(contentsOf: root.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        let newest = try #require(changelog.firstMatch(of: /\n## \[?(\d+\.\d+\.\d+)\]?/))
        #expect(String(newest.1) == UnderstudyVersion.current)
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.contains(#"from: "\#(UnderstudyVersion.current)""#))
        #expect(!readme.contains(#"branch: "main""#))
    }
}
