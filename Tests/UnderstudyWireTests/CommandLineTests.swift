import Foundation
import Testing
import UnderstudyTestSupport
import UnderstudyTesting

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The `understudy` executable as users run it: flags, environment, stdout
/// line, exit codes, signals.
@Suite(.serialized) struct CommandLineTests {
    static let scenarios = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("scenarios").path

    typealias Running = UnderstudyProcess

    func get(_ url: String, headers: [String: String] = [:]) async throws -> (Int, String) {
        var request = URLRequest(url: URL(string: url)!)
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let (data, response) = try await URLSession.shared.data(for: request)
        return ((response as! HTTPURLResponse).statusCode, String(decoding: data, as: UTF8.self))
    }

    @Test func servesOnAnEphemeralPortAndStopsCleanlyOnSIGTERM() async throws {
        let server = try Running(["serve", "--port", "0", "--scenarios", Self.scenarios])
        let base = try server.waitUntilListening()
        let (status, body) = try await get(base + "/__admin/health")
        #expect(status == 200 && body == #"{"status":"ok"}"#)
        #expect(try await get(base + "/swapi/api/people/1/").1.contains("Luke Skywalker"))
        kill(server.pid, SIGTERM)
        let result = server.finish()
        #expect(result.status == 0)
        #expect(result.stderr.contains("GET /swapi/api/people/1/ 200 happy"), "one access line per request: \(result.stderr)")
        // The port is free again at once.
        let again = try Running(["serve", "--port", String(URL(string: base)!.port!), "--scenarios", Self.scenarios])
        _ = try again.waitUntilListening()
        kill(again.pid, SIGINT)
        #expect(again.finish().status == 0)
    }

    /// A SIGTERM sent while the server is still loading its scenarios must stop it once it is up.
    /// (It used to be dropped: the signal was ignored until a Dispatch source had registered it.)
    @Test(arguments: [0, 2, 5, 10, 20, 40])
    func sigtermDuringStartupIsNotLost(afterMilliseconds delay: Int) async throws {
        let server = try Running(["serve", "--port", "0", "--scenarios", Self.scenarios, "--log-level", "warning"])
        usleep(useconds_t(delay * 1000))
        defer { if server.isRunning { kill(server.pid, SIGKILL) } }
        kill(server.pid, SIGTERM)
        try await waitUntil { !server.isRunning }
        let result = server.finish()
        // Before `main` runs, SIGTERM's default action ends the process; from then on the stop is graceful.
        if server.process.terminationReason == .exit {
            #expect(result.status == 0, "stderr: \(result.stderr)")
        }
    }

    @Test func sigtermAnswersParkedRequestsBeforeExiting() async throws {
        let server = try Running(["serve", "--port", "0", "--scenarios", Self.scenarios, "--log-level", "warning"])
        let base = try server.waitUntilListening()
        let start = Date()
        async let parked = get(base + "/catfact/fact", headers: ["X-Understudy-Scenario": "delay", "X-Understudy-Delay": "30000"])
        try await Task.sleep(for: .seconds(1))  // the request reaches the server and parks (its delay is 30 s)
        kill(server.pid, SIGTERM)
        let (status, body) = try await parked
        #expect(status == 200 && body.contains("\"fact\""))
        #expect(Date().timeIntervalSince(start) < 10)
        let result = server.finish()
        #expect(result.status == 0)
        #expect(!result.stderr.contains("GET /catfact/fact"), "--log-level warning turns the access log off")
    }

    @Test func environmentVariablesConfigureServe() async throws {
        let server = try Running(
            ["serve"],
            environment: [
                "UNDERSTUDY_PORT": "0", "UNDERSTUDY_SCENARIOS": Self.scenarios, "UNDERSTUDY_SCENARIO": "empty",
            ])
        let base = try server.waitUntilListening()
        #expect(try await get(base + "/swapi/api/people/").1 == #"{"count":0,"next":null,"previous":null,"results":[]}"#)
        kill(server.pid, SIGTERM)
        #expect(server.finish().status == 0)
    }

    @Test func aTakenPortFailsWithTheRealCause() throws {
        let first = try Running(["serve", "--port", "0", "--scenarios", Self.scenarios])
        let base = try first.waitUntilListening()
        defer {
            kill(first.pid, SIGTERM)
            _ = first.finish()
        }
        let second = try Running(["serve", "--port", String(URL(string: base)!.port!), "--scenarios", Self.scenarios])
        let result = second.finish()
        #expect(result.status != 0)
        #expect(result.stderr.contains("Address already in use"))
    }

    @Test func brokenScenariosStopServeAndValidateNamesEveryProblem() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("understudy-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "description: x\nfault: boom\n".write(to: folder.appendingPathComponent("happy.yaml"), atomically: true, encoding: .utf8)

        let serve = try Running(["serve", "--port", "0", "--scenarios", folder.path]).finish()
        #expect(serve.status != 0)
        #expect(serve.stderr.contains("happy.yaml:2:8: fault: unknown fault 'boom'"))

        let validate = try Running(["validate", folder.path]).finish()
        #expect(validate.status != 0)
        #expect(validate.stderr.contains("happy.yaml:2:8: fault: unknown fault 'boom'"))
        #expect(validate.stderr.contains("1 problem"))

        let good = try Running(["validate", Self.scenarios]).finish()
        #expect(good.status == 0)
    }

    @Test func allInterfacesWithoutATokenIsRefusedAsInTheDockerImage() async throws {
        let refused = try Running(
            ["serve"],
            environment: [
                "UNDERSTUDY_HOST": "0.0.0.0", "UNDERSTUDY_PORT": "0", "UNDERSTUDY_SCENARIOS": Self.scenarios, "UNDERSTUDY_ADMIN_TOKEN": "",
            ]
        ).finish()
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("refusing to serve the admin API on 0.0.0.0 without a token"))

        let guarded = try Running(
            ["serve"],
            environment: [
                "UNDERSTUDY_HOST": "0.0.0.0", "UNDERSTUDY_PORT": "0", "UNDERSTUDY_SCENARIOS": Self.scenarios, "UNDERSTUDY_ADMIN_TOKEN": "tok",
            ])
        let base = try guarded.waitUntilListening().replacingOccurrences(of: "0.0.0.0", with: "127.0.0.1")
        #expect(try await get(base + "/__admin/health").0 == 401)
        #expect(try await get(base + "/__admin/health", headers: ["Authorization": "Bearer tok"]).0 == 200)
        kill(guarded.pid, SIGTERM)
        #expect(guarded.finish().status == 0)
    }

    @Test func unknownStartScenarioIsRefused() throws {
        let result = try Running(["serve", "--port", "0", "--scenarios", Self.scenarios, "--scenario", "nope"]).finish()
        #expect(result.status != 0)
        #expect(result.stderr.contains("no scenario named 'nope'"))
    }

    /// `make run` builds the upstream helper only when a scenario proxies: a binary without it beside
    /// it still serves, and a proxied request is a 502 that says how to build the helper.
    @Test func aProxiedRequestWithoutTheHelperSaysHowToBuildIt() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("no-helper-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let alone = folder.appendingPathComponent("understudy")
        try FileManager.default.copyItem(at: UnderstudyProcess.builtExecutable, to: alone)
        let scenarios = folder.appendingPathComponent("scenarios")
        try FileManager.default.createDirectory(at: scenarios, withIntermediateDirectories: true)
        try "proxy:\n  /myapi: http://127.0.0.1:1/v1\n".write(to: scenarios.appendingPathComponent("mine.yaml"), atomically: true, encoding: .utf8)
        let server = try Running(executable: alone, ["serve", "--port", "0", "--scenarios", scenarios.path, "--scenario", "mine"])
        let base = try server.waitUntilListening()
        let (status, body) = try await get(base + "/myapi/users/1")
        #expect(status == 502)
        #expect(body.contains("is not built") && body.contains("make helper"), "\(body)")
        kill(server.pid, SIGTERM)
        #expect(server.finish().status == 0)
    }

    /// OpenAPIKit runs in the `understudy-openapi-gate` helper beside `understudy`: what it refuses is a located
    /// problem of `validate` and `serve`; without the helper a document is refused with the command that builds it.
    @Test func openAPIDocumentsPassTheGateHelper() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gate-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let good = folder.appendingPathComponent("good.yaml")
        try "openapi: 3.1.0\ninfo: {title: t, version: '1'}\npaths:\n  /a: {get: {responses: {'200': {description: ok}}}}\n"
            .write(to: good, atomically: true, encoding: .utf8)
        let bad = folder.appendingPathComponent("bad.yaml")
        try "openapi: 3.1.0\ninfo: {title: t, version: '1'}\npaths:\n  /a: {get: {responses: 7}}\n".write(to: bad, atomically: true, encoding: .utf8)

        let accepted = try Running(["validate", Self.scenarios, "--openapi", "good=\(good.path)"]).finish()
        #expect(accepted.status == 0, "\(accepted.stderr)")
        // OpenAPIKit's refusal, from the helper, located in the file.
        let refused = try Running(["validate", Self.scenarios, "--openapi", "bad=\(bad.path)"]).finish()
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("bad.yaml:4:25: /paths/~1a/get/responses:"), "\(refused.stderr)")
        // `serve` listens before the verdict (docs/openapi.md), then stops on the refusal with the same located problem.
        let served = try Running(["serve", "--port", "0", "--scenarios", Self.scenarios, "--openapi", "bad=\(bad.path)"])
        defer { if served.isRunning { kill(served.pid, SIGKILL) } }
        let stopped = served.finish()
        #expect(stopped.status == 1)
        #expect(
            stopped.stderr.contains("OpenAPIKit refuses an OpenAPI document being served")
                && stopped.stderr.contains("bad.yaml:4:25: /paths/~1a/get/responses:"), "\(stopped.stderr)")
        // Lenient, the refusal is a warning in serve's log and the document is served.
        let lenient = try Running(["serve", "--port", "0", "--scenarios", Self.scenarios, "--openapi", "bad=\(bad.path)", "--openapi-lenient"])
        defer { if lenient.isRunning { kill(lenient.pid, SIGKILL) } }
        _ = try lenient.waitUntilListening()
        for _ in 0..<1000 where !lenient.stderr.contains("served anyway (lenient)") { usleep(10_000) }  // a watchdog of 10 s
        #expect(
            lenient.stderr.contains("bad.yaml:4:25: /paths/~1a/get/responses: OpenAPIKit refuses this; served anyway (lenient):"),
            "\(lenient.stderr)")
        kill(lenient.pid, SIGTERM)
        #expect(lenient.finish().status == 0)

        let alone = folder.appendingPathComponent("understudy")
        try FileManager.default.copyItem(at: UnderstudyProcess.builtExecutable, to: alone)
        let missing = try Running(executable: alone, ["serve", "--port", "0", "--scenarios", Self.scenarios, "--openapi", "good=\(good.path)"])
            .finish()
        #expect(missing.status != 0)
        #expect(
            missing.stderr.contains("understudy-openapi-gate, which was not found") && missing.stderr.contains("`make openapi` builds it"),
            "\(missing.stderr)")
    }

    /// docs/command-line.md's table of settings says what `serve --help` says, flag by flag: both come from one table
    /// (`Setting`, Sources/understudy/ServeSettings.swift), which `serve` also reads its variables through.
    @Test func theDocsTableOfSettingsIsServesHelp() throws {
        let dump = try Running(["serve", "--experimental-dump-help"]).finishWithOutput()
        #expect(dump.status == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(dump.stdout.utf8)) as? [String: Any])
        let arguments = try #require((json["command"] as? [String: Any])?["arguments"] as? [[String: Any]])
        var help: [String: String] = [:]
        for argument in arguments {
            guard let names = argument["names"] as? [[String: Any]], let abstract = argument["abstract"] as? String,
                let long = names.first(where: { $0["kind"] as? String == "long" })?["name"] as? String, abstract.contains("(UNDERSTUDY_")
            else { continue }
            help["--" + long] = abstract
        }
        #expect(help.count >= 27, "every setting has a variable: \(help.keys.sorted())")
        let page = try String(contentsOfFile: Self.scenarios.replacing("/scenarios", with: "/docs/command-line.md"), encoding: .utf8)
        var documented: [String: String] = [:]
        for row in page.matches(of: /\n\| `(--[a-z-]+)` \| ([^\n]*) \|(?=\n)/) { documented[String(row.output.1)] = String(row.output.2) }
        #expect(documented == help, "docs/command-line.md's settings table and serve --help differ")
    }

    /// With no `--scenarios` and no `./scenarios`, `serve` reads the bundled scenarios and says where they came from,
    /// so `understudy serve --openapi pets=openapi.yaml` works in a team's own folder; a `./scenarios` folder wins.
    @Test func servesTheBundledScenariosFromAnyFolder() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("anywhere-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "openapi: 3.1.0\ninfo: {title: t, version: '1'}\npaths:\n  /pets: {get: {responses: {'200': {description: ok}}}}\n"
            .write(to: folder.appendingPathComponent("openapi.yaml"), atomically: true, encoding: .utf8)
        let arguments = ["serve", "--port", "0", "--log-level", "notice", "--openapi", "pets=openapi.yaml"]
        let server = try Running(arguments, environment: ["UNDERSTUDY_SCENARIOS": ""], directory: folder)
        let base = try server.waitUntilListening()
        #expect(try await get(base + "/swapi/api/people/1/").1.contains("Luke Skywalker"))
        #expect(try await get(base + "/pets/pets").0 == 200)
        kill(server.pid, SIGTERM)
        let result = server.finish()
        #expect(result.status == 0)
        #expect(result.stderr.contains("(bundled, from the checkout understudy was built in)"), "\(result.stderr)")

        // The working folder's own scenarios come first.
        let own = folder.appendingPathComponent("scenarios")
        try FileManager.default.createDirectory(at: own, withIntermediateDirectories: true)
        try "name: happy\ndescription: mine\nroutes:\n  - path: /mine\n    json: {mine: true}\n"
            .write(to: own.appendingPathComponent("happy.yaml"), atomically: true, encoding: .utf8)
        let local = try Running(arguments, environment: ["UNDERSTUDY_SCENARIOS": ""], directory: folder)
        let localBase = try local.waitUntilListening()
        #expect(try await get(localBase + "/mine").1.contains("true"))
        kill(local.pid, SIGTERM)
        #expect(local.finish().stderr.contains("./scenarios in the working folder"))
    }
}
