import ArgumentParser
import Dispatch
import Understudy
import UnderstudyAdminWire
import UnderstudyHTTP
import UnderstudyMicroHTTPD
import UnderstudyRecording
import UnderstudyStaging

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

struct Record: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Record an upstream API into a scenario: a proxy that forwards, answers and remembers.",
        discussion: """
            Point your app at this server instead of the UnderstudyAPI. Stop with Ctrl-C (or SIGTERM, or POST /__admin/recording/save \
            to save without stopping); the scenario is written then, atomically.
              understudy record --upstream https://api.example.com --prefix /myapi --into scenarios/myapi.yaml
            """
    )

    @Option(name: .customLong("upstream"), help: ArgumentHelp("Base URL of an API to record; pair each with a --prefix.", valueName: "url"))
    var upstreams: [String] = []

    @Option(
        name: .customLong("prefix"),
        help: ArgumentHelp("Path under which this server stands for the --upstream at the same position.", valueName: "path"))
    var prefixes: [String] = []

    @Option(
        name: .customLong("api"),
        help: ArgumentHelp(
            "Record a built-in API under its own prefix: swapi, artic or catfact, from its real base URL or NAME=URL.", valueName: "name[=url]"))
    var apis: [String] = []

    @Option(
        help: "The scenario file to write, e.g. scenarios/myapi.yaml (body files go under data/ beside it; with --api, also myapi-dataset.yaml).")
    var into: String

    @Option(
        name: .customLong("keep-header"),
        help: ArgumentHelp("Also record this response header (Set-Cookie, Authorization, … are left out otherwise); repeatable.", valueName: "name"))
    var keepHeaders: [String] = []

    @Flag(help: "Also write :id routes for path segments that look like ids, answering ids never recorded.")
    var params = false

    @Flag(help: "Also write the empty, not-found, server-error and malformed-json variants that extend the recording.")
    var derive = false

    @Option(help: "Address to bind.")
    var host = "127.0.0.1"

    @Option(help: "Port to bind; 0 picks a free one.")
    var port = 8080

    @Option(help: "Seconds an upstream may take to answer before the client gets a 504.")
    var timeout = 30

    func run() throws {
        var signals = sigset_t()
        sigemptyset(&signals)
        for number in SignalThread.handled { sigaddset(&signals, number) }
        pthread_sigmask(SIG_BLOCK, &signals, nil)

        let mappings = try RecordPlan.mappings(upstreams: upstreams, prefixes: prefixes, apis: apis)
        let target = try RecordPlan.target(into)
        guard (0...65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535") }
        guard (1...3600).contains(timeout) else { throw ValidationError("--timeout must be from 1 to 3600 seconds") }
        var writer = ScenarioWriter(name: target.name)
        writer.keepHeaders = Set(keepHeaders.map { $0.lowercased() })
        writer.parameters = params
        let derive = derive
        let apis = RecordPlan.builtInAPIs(mappings)
        let datasets = apis.isEmpty ? nil : DatasetWriter(name: target.name, apis: apis)
        let finalWriter = writer

        let client = HelperUpstreamClient(timeoutSeconds: timeout)
        let responderBox = Locked<RecordingResponder?>(nil)
        let saveNow: @Sendable () -> Result<String, RecordingSaveError> = {
            guard let responder = responderBox.current else { return .success("nothing recorded yet") }
            return RecordPlan.save(responder.recorder, writer: finalWriter, datasets: datasets, folder: target.folder, derive: derive)
        }
        let responder = RecordingResponder(mappings: mappings, client: client, save: saveNow)
        responderBox.withLock { $0 = responder }
        let server = HTTPServer(configuration: ServerConfiguration(host: host, port: port, maxRequestBodyBytes: 16 << 20), responder: responder)
        do {
            try server.start()
        } catch {
            printError("cannot start the recorder: \(error)")
            throw ExitCode.failure
        }
        SignalThread.start { _ in
            // Answer what is in flight first, so that it is in the file too.
            server.stop()
            let outcome = saveNow()
            switch outcome {
            case .success(let summary):
                printError(summary)
                exitProcess(0)
            case .failure(let error):
                printError("understudy record: \(error)")
                exitProcess(1)
            }
        }
        if !AdminGuard.isLoopback(host) {
            // The recorder has no admin token: whoever reaches it can use the upstream through it and save the file.
            printError(
                "warning: recording on \(host), not a loopback address: anyone who can reach it can send requests upstream through it and call POST /__admin/recording/save"
            )
        }
        printOutput("understudy listening on \(server.baseURL)")
        for mapping in mappings {
            printError("recording \(server.baseURL)\(mapping.prefix) → \(mapping.upstream) into \(target.folder.path)/\(target.name).yaml")
        }
        DispatchSemaphore(value: 0).wait()
    }
}
