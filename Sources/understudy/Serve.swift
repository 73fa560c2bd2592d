import ArgumentParser
import Dispatch
import Logging
import Understudy
import UnderstudyHTTP
import UnderstudyMicroHTTPD
import UnderstudyReplicas
import UnderstudyStaging
import UnderstudyTLS

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

struct Serve: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Serve the three APIs from a scenarios folder.")

    @Option(help: "Address to bind. (UNDERSTUDY_HOST, default 127.0.0.1)")
    var host: String?

    @Option(help: "Port to bind; 0 picks a free one. (UNDERSTUDY_PORT, default 8080)")
    var port: Int?

    @Option(help: "Scenarios folder. (UNDERSTUDY_SCENARIOS, default ./scenarios)")
    var scenarios: String?

    @Option(help: "Scenario active at start. (UNDERSTUDY_SCENARIO, default happy)")
    var scenario: String?

    @Option(help: "Worker threads. (UNDERSTUDY_THREADS, default: the number of cores)")
    var threads: Int?

    @Option(help: "Most simultaneous connections, delayed ones included. (UNDERSTUDY_CONNECTION_LIMIT, default 4096)")
    var connectionLimit: Int?

    @Option(help: "Seconds before an idle connection is closed. (UNDERSTUDY_CONNECTION_TIMEOUT, default 60)")
    var connectionTimeout: Int?

    @Option(help: "Cap on any delay in milliseconds; also how long a 'timeout' fault holds a connection. (UNDERSTUDY_MAX_DELAY, default 120000)")
    var maxDelay: Int?

    @Option(help: "Requests kept in the journal (GET /__admin/requests), in total; 0 turns it off. (UNDERSTUDY_JOURNAL_SIZE, default 1000)")
    var journalSize: Int?

    @Option(help: "Seconds a session may go unused before it expires; 0: never. (UNDERSTUDY_SESSION_TTL, default 3600)")
    var sessionTTL: Int?

    @Option(help: "Most sessions at once; creating more is refused until some expire. (UNDERSTUDY_SESSION_LIMIT, default 10000)")
    var sessionLimit: Int?

    @Option(help: "Require 'Authorization: Bearer TOKEN' on every admin call. (UNDERSTUDY_ADMIN_TOKEN)")
    var adminToken: String?

    @Option(help: "Also serve the admin API alone on this port, out of reach of API traffic. (UNDERSTUDY_ADMIN_PORT)")
    var adminPort: Int?

    @Option(
        help: ArgumentHelp(
            "Another Host name the admin API answers on a loopback bind, besides localhost and loopback addresses; repeatable. (UNDERSTUDY_ALLOWED_HOSTS, comma-separated)",
            valueName: "name"))
    var allowedHost: [String] = []

    @Option(
        help: ArgumentHelp(
            "Serve an OpenAPI document's operations under /NAME; repeatable. (UNDERSTUDY_OPENAPI, NAME=FILE pairs separated by commas)",
            valueName: "NAME=FILE"))
    var openapi: [String] = []

    @Flag(help: "Serve OpenAPI documents that OpenAPIKit refuses, its problems as warnings. (UNDERSTUDY_OPENAPI_LENIENT)")
    var openapiLenient = false

    @Option(help: "Check requests to the OpenAPI documents against them: off, report or enforce. (UNDERSTUDY_VALIDATE_REQUESTS, default off)")
    var validateRequests: String?

    @Option(help: "Share the state with other replicas through Redis: redis://[[USER]:PASSWORD@]HOST[:PORT][/DB]. (UNDERSTUDY_REDIS)")
    var redis: String?

    @Option(help: "This replica's name, sent on every response as X-Understudy-Replica. (UNDERSTUDY_REPLICA_NAME)")
    var replicaName: String?

    @Option(
        help: ArgumentHelp(
            "The replicas a global journal read asks, this one included: HOST:PORT items, a DNS name resolved on each read (a headless Service). (UNDERSTUDY_PEERS, comma-separated)",
            valueName: "HOST:PORT,…"))
    var peers: String?

    @Flag(help: "Serve the admin API on a non-loopback host without a token. (UNDERSTUDY_ALLOW_REMOTE_ADMIN=1)")
    var allowRemoteAdmin = false

    @Flag(help: "Reload the scenarios when their files change. (UNDERSTUDY_WATCH=1)")
    var watch = false

    @Option(help: "trace, debug, info (one access line per request), warning, error. (UNDERSTUDY_LOG_LEVEL, default info)")
    var logLevel: String?

    @OptionGroup(title: "HTTPS") var tls: TLSOptions

    func run() throws {
        // First thing, before any thread exists: every thread inherits this mask, so a signal sent
        // while the scenarios load stays pending until the signal thread below takes it with
        // sigwait(). No signal handler and no libdispatch source: Darwin's kqueue-based sources only
        // see signals sent after they are registered, and a signal set to SIG_IGN meanwhile is lost.
        var signals = sigset_t()
        sigemptyset(&signals)
        for number in SignalThread.handled { sigaddset(&signals, number) }
        pthread_sigmask(SIG_BLOCK, &signals, nil)
        // Until the server has started, a stop signal ends the process at once: nothing is served yet that
        // could finish gracefully, and a load (a large OpenAPI document) may take seconds.
        SignalThread.start { number in
            guard number != SIGHUP else { return }
            // Ended by the signal itself, as a process that had not blocked it would be.
            signal(number, SIG_DFL)
            var only = sigset_t()
            sigemptyset(&only)
            sigaddset(&only, number)
            pthread_sigmask(SIG_UNBLOCK, &only, nil)
            raise(number)
            exitProcess(128 + number)
        }
        let levelText = logLevel ?? Environment.string("UNDERSTUDY_LOG_LEVEL") ?? "info"
        guard let level = Logger.Level(rawValue: levelText) else {
            throw ValidationError("unknown log level '\(levelText)' (known: trace, debug, info, notice, warning, error, critical)")
        }
        LoggingSystem.bootstrap { label in
            var handler = BufferedLogHandler(label: label)
            handler.logLevel = level
            return handler
        }
        let logger = {
            var logger = Logger(label: "understudy")
            logger.logLevel = level
            return logger
        }()

        var server = ServerConfiguration()
        server.host = host ?? Environment.string("UNDERSTUDY_HOST") ?? server.host
        server.port = try port ?? Environment.int("UNDERSTUDY_PORT") ?? server.port
        // libmicrohttpd's own option, not the server configuration's: the transport's worker threads.
        let workerThreads = try threads ?? Environment.int("UNDERSTUDY_THREADS") ?? MicroHTTPDOptions.coreCount
        server.connectionLimit = try connectionLimit ?? Environment.int("UNDERSTUDY_CONNECTION_LIMIT") ?? server.connectionLimit
        server.connectionTimeoutSeconds = try connectionTimeout ?? Environment.int("UNDERSTUDY_CONNECTION_TIMEOUT") ?? server.connectionTimeoutSeconds
        server.maxDelayMilliseconds = try maxDelay ?? Environment.int("UNDERSTUDY_MAX_DELAY") ?? server.maxDelayMilliseconds
        // Upper bounds too: each of these is later multiplied into nanoseconds or sizes a table.
        guard (0...65535).contains(server.port) else { throw ValidationError("--port must be between 0 and 65535") }
        guard (1...256).contains(workerThreads) else { throw ValidationError("--threads must be from 1 to 256") }
        guard (1...1_000_000).contains(server.connectionLimit) else { throw ValidationError("--connection-limit must be from 1 to 1000000") }
        guard (1...86_400).contains(server.connectionTimeoutSeconds) else {
            throw ValidationError("--connection-timeout must be from 1 to 86400 seconds")
        }
        guard (0...86_400_000).contains(server.maxDelayMilliseconds) else {
            throw ValidationError("--max-delay must be from 0 to 86400000 (24 hours)")
        }

        let replicas = ReplicaOptions(redis: redis, name: replicaName, peers: peers)
        try replicas.name(&server)
        var configuration = UnderstudyConfiguration(
            server: server,
            scenariosDirectory: scenariosDirectory(scenarios),
            scenario: scenario ?? Environment.string("UNDERSTUDY_SCENARIO") ?? "happy",
            journalSize: try journalSize ?? Environment.int("UNDERSTUDY_JOURNAL_SIZE") ?? 1000,
            adminToken: adminToken ?? Environment.string("UNDERSTUDY_ADMIN_TOKEN"),
            adminPort: try adminPort ?? Environment.int("UNDERSTUDY_ADMIN_PORT"),
            allowRemoteAdmin: allowRemoteAdmin || Environment.flag("UNDERSTUDY_ALLOW_REMOTE_ADMIN"),
            allowedHosts: allowedHost.isEmpty
                ? (Environment.string("UNDERSTUDY_ALLOWED_HOSTS")?.split(separator: ",").map { String($0.filter { $0 != " " }) } ?? []) : allowedHost,
            watch: watch || Environment.flag("UNDERSTUDY_WATCH"),
            logger: logger
        )
        configuration.openAPI = try openAPIMounts(openapi)
        configuration.openAPIGate = HelperOpenAPIGate.gate(lenient: openapiLenient)
        let validation = validateRequests ?? Environment.string("UNDERSTUDY_VALIDATE_REQUESTS") ?? "off"
        guard let mode = RequestValidation(rawValue: validation) else {
            throw ValidationError("--validate-requests takes off, report or enforce; got '\(validation)'")
        }
        configuration.requestValidation = mode
        // Only an object: a proxied request starts the understudy-upstream helper (HelperUpstreamClient).
        configuration.upstreamClient = HelperUpstreamClient()
        // Access lines straight into the stderr buffer the logger writes through: no String per request.
        configuration.accessLog = .buffered(
            {
                var handler = BufferedLogHandler(label: "understudy")
                handler.logLevel = level
                return handler
            }())
        guard (0...1_000_000).contains(configuration.journalSize) else { throw ValidationError("--journal-size must be from 0 to 1000000") }
        configuration.sessionTTLSeconds = try sessionTTL ?? Environment.int("UNDERSTUDY_SESSION_TTL") ?? configuration.sessionTTLSeconds
        configuration.sessionLimit = try sessionLimit ?? Environment.int("UNDERSTUDY_SESSION_LIMIT") ?? configuration.sessionLimit
        guard (0...31_536_000).contains(configuration.sessionTTLSeconds) else {
            throw ValidationError("--session-ttl must be from 0 to 31536000 (a year)")
        }
        guard (1...1_000_000).contains(configuration.sessionLimit) else { throw ValidationError("--session-limit must be from 1 to 1000000") }
        let identity: TLSIdentity?
        let serving: TLSServing?
        do {
            identity = try tls.identity()
            serving = try identity.map { try TLSOptions.serving($0, folder: TLSOptions.folder(tls.folder)) }
        } catch let error as TLSError {
            logger.error("--tls: \(error)")
            BufferedLogHandler.flush()
            throw ExitCode.failure
        }
        for change in identity?.changes ?? [] { logger.notice("tls: \(change)") }
        configuration.trust = try identity?.authority.map { TrustDownloads(caPEM: $0.pem, mobileConfig: try MobileConfig.profile(for: $0)) }
        let sharedState = try replicas.store(logger: logger)
        configuration.sharedState = sharedState
        configuration.journalPeers = try replicas.journalPeers()
        let understudy: UnderstudyServer
        do {
            understudy = try UnderstudyServer(configuration: configuration, transport: .libmicrohttpd(threads: workerThreads, tls: serving))
        } catch {
            logger.error("\(error)")
            throw ExitCode.failure
        }

        if let sharedState { SharedStateWatcher.start(sharedState) }
        do {
            try understudy.start()
        } catch {
            logger.error("\(error)")
            BufferedLogHandler.flush()
            throw ExitCode.failure
        }
        // Only now, with the server started: a stop must never run alongside start() (until now a stop
        // signal ended the process at once, above).
        SignalThread.start { number in
            if number == SIGHUP {
                // As nginx does: re-read the configuration, here on the reload thread.
                logger.notice("SIGHUP: reloading the scenarios")
                understudy.engine.requestReload()
                return
            }
            logger.notice("stopping: answering parked requests and letting in-flight ones finish")
            understudy.stop()
            logger.notice("stopped")
            BufferedLogHandler.flush()
            exitProcess(0)
        }

        // One parseable line on stdout, written unbuffered so a parent process sees it at once.
        if let identity {
            // The https URL first, so a parent reading "listening on URL" gets it; then what to trust.
            let secure = "https" + understudy.baseURL.dropFirst("http".count)
            let trust =
                identity.authority.map { "CA \(TLSOptions.folder(tls.folder))/ca.pem SHA-256 \($0.sha256Fingerprint)" }
                ?? "certificate from \(tls.certificateFile ?? "UNDERSTUDY_TLS_CERT")"
            printOutput("understudy listening on \(secure) and \(understudy.baseURL) (same port); \(trust)")
        } else {
            printOutput("understudy listening on \(understudy.baseURL)")
        }
        if let admin = understudy.adminBaseURL {
            printOutput("understudy admin listening on \(admin)")
        }
        logger.info(
            "serving \(understudy.engine.scenarioNames.count) scenarios from \(configuration.scenariosDirectory.path); active: \(configuration.scenario); \(workerThreads) threads, connection limit \(understudy.connectionLimit)"
        )
        ProcessMemory.releaseStartupCode()
        // Park the main thread; the signal thread exits the process. (Not dispatchMain(): its
        // signal-thread path trips AddressSanitizer inside libdispatch.)
        DispatchSemaphore(value: 0).wait()
    }
}

/// The one thread that takes `serve`'s signals, with `sigwait(2)`: SIGINT and
/// SIGTERM stop gracefully, SIGHUP reloads. The signals must be blocked in
/// every thread (`serve` blocks them before any thread exists), so none of
/// them is delivered any other way.
enum SignalThread {
    static let handled: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    /// Starts the thread; `handle` runs on it for each signal, one at a time. The loop takes one
    /// thread of an overcommitting dispatch queue for good (libdispatch starts another for other
    /// work); like every thread, it has the signals blocked, which `sigwait` needs.
    /// A later call replaces what the signals do (`serve`: ended at once while loading, then a graceful stop).
    static func start(_ handle: @escaping @Sendable (Int32) -> Void) {
        let first = current.sync {
            defer { handler = handle }
            return handler == nil
        }
        guard first else { return }
        DispatchQueue(label: "understudy.signals").async {
            var signals = sigset_t()
            sigemptyset(&signals)
            for number in SignalThread.handled { sigaddset(&signals, number) }
            while true {
                var number: Int32 = 0
                guard sigwait(&signals, &number) == 0 else { continue }
                current.sync { handler }?(number)
            }
        }
    }

    /// What a signal does now: read and replaced on ``current`` only.
    nonisolated(unsafe) private static var handler: (@Sendable (Int32) -> Void)?
    private static let current = DispatchQueue(label: "understudy.signal-handler")
}

/// The C library's `exit`, which `ParsableCommand.exit` hides inside the command.
func exitProcess(_ status: Int32) -> Never {
    #if canImport(Glibc)
    Glibc.exit(status)
    #else
    Darwin.exit(status)
    #endif
}
