import ArgumentParser
import Dispatch
import Logging
import Understudy
import UnderstudyHTTP
import UnderstudyMicroHTTPD
import UnderstudyOpenAPI
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
    // Every command names itself: without a name, swift-argument-parser derives it from the type's name by
    // demangling it at run time, for every command of the tree on every start.
    static let configuration = CommandConfiguration(commandName: "serve", abstract: "Serve the three APIs from a scenarios folder.")

    // Each flag's help, variable and default are in ServeSettings.swift (`Setting`), defined once.
    @Option(help: Setting.host.help) var host: String?
    @Option(help: Setting.port.help) var port: Int?
    @Option(help: Setting.scenarios.help) var scenarios: String?
    @Option(help: Setting.scenario.help) var scenario: String?
    @Option(help: Setting.threads.help) var threads: Int?
    @Option(help: Setting.connectionLimit.help) var connectionLimit: Int?
    @Option(help: Setting.connectionTimeout.help) var connectionTimeout: Int?
    @Option(help: Setting.maxDelay.help) var maxDelay: Int?
    @Option(help: Setting.journalSize.help) var journalSize: Int?
    @Option(name: .customLong(Setting.sessionTTL.flag), help: Setting.sessionTTL.help) var sessionTTL: Int?
    @Option(help: Setting.sessionLimit.help) var sessionLimit: Int?
    @Option(help: Setting.adminToken.help) var adminToken: String?
    @Option(help: Setting.adminPort.help) var adminPort: Int?
    @Option(help: Setting.allowedHost.help(valueName: "name")) var allowedHost: [String] = []
    @Option(help: Setting.openapi.help(valueName: "NAME=FILE")) var openapi: [String] = []
    @Flag(help: Setting.openapiLenient.help) var openapiLenient = false
    @Option(help: Setting.validateRequests.help) var validateRequests: String?
    @Option(help: Setting.redis.help) var redis: String?
    @Option(help: Setting.replicaName.help) var replicaName: String?
    @Option(help: Setting.peers.help(valueName: "HOST:PORT,…")) var peers: String?
    @Flag(help: Setting.allowRemoteAdmin.help) var allowRemoteAdmin = false
    @Flag(help: Setting.watch.help) var watch = false
    @Option(help: Setting.logLevel.help) var logLevel: String?

    @OptionGroup(title: "HTTPS") var tls: TLSOptions

    func run() throws { try ServeArguments(self).run() }
}

extension ServeArguments {
    /// Serves until a stop signal: the whole of `understudy serve`.
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
        let levelText = logLevel ?? Setting.logLevel.string ?? "info"
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
        server.host = host ?? Setting.host.string ?? server.host
        server.port = try port ?? Setting.port.int() ?? server.port
        // libmicrohttpd's own option, not the server configuration's: the transport's worker threads.
        let workerThreads = try threads ?? Setting.threads.int() ?? MicroHTTPDOptions.coreCount
        server.connectionLimit = try connectionLimit ?? Setting.connectionLimit.int() ?? server.connectionLimit
        server.connectionTimeoutSeconds = try connectionTimeout ?? Setting.connectionTimeout.int() ?? server.connectionTimeoutSeconds
        server.maxDelayMilliseconds = try maxDelay ?? Setting.maxDelay.int() ?? server.maxDelayMilliseconds
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

        let folder = ScenariosFolder.resolve(scenarios)
        logger.notice("scenarios: \(folder.url.path) (\(folder.origin))")
        let replicas = ReplicaOptions(redis: redis, name: replicaName, peers: peers)
        try replicas.name(&server)
        var configuration = UnderstudyConfiguration(
            server: server,
            scenariosDirectory: folder.url,
            scenario: scenario ?? Setting.scenario.string ?? "happy",
            journalSize: try journalSize ?? Setting.journalSize.int() ?? 1000,
            adminToken: adminToken ?? Setting.adminToken.string,
            adminPort: try adminPort ?? Setting.adminPort.int(),
            allowRemoteAdmin: allowRemoteAdmin || Setting.allowRemoteAdmin.isOn,
            allowedHosts: allowedHost.isEmpty ? (Setting.allowedHost.list ?? []) : allowedHost,
            watch: watch || Setting.watch.isOn,
            logger: logger
        )
        configuration.openAPI = try openAPIMounts(openapi)
        // The first load answers before OpenAPIKit's verdict on a document; it is taken once the server listens.
        let verdicts = DeferredGateVerdicts()
        configuration.openAPIGate = HelperOpenAPIGate.gate(lenient: openapiLenient, deferringTo: verdicts)
        let validation = validateRequests ?? Setting.validateRequests.string ?? "off"
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
        configuration.sessionTTLSeconds = try sessionTTL ?? Setting.sessionTTL.int() ?? configuration.sessionTTLSeconds
        configuration.sessionLimit = try sessionLimit ?? Setting.sessionLimit.int() ?? configuration.sessionLimit
        guard (0...31_536_000).contains(configuration.sessionTTLSeconds) else {
            throw ValidationError("--session-ttl must be from 0 to 31536000 (a year)")
        }
        guard (1...1_000_000).contains(configuration.sessionLimit) else { throw ValidationError("--session-limit must be from 1 to 1000000") }
        let identity: TLSIdentity?
        let serving: TLSServing?
        do {
            identity = try tls.identity()
            serving = try identity.map { try TLSArguments.serving($0, folder: TLSArguments.folder(tls.folder)) }
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
            _ = verdicts.report(to: logger)
            BufferedLogHandler.flush()
            throw ExitCode.failure
        }
        verdicts.stopTaking()

        if let sharedState { SharedStateWatcher.start(sharedState) }
        do {
            try understudy.start()
        } catch {
            logger.error("\(error)")
            BufferedLogHandler.flush()
            throw ExitCode.failure
        }
        let refusedWhileServing = Locked(false)
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
            exitProcess(refusedWhileServing.withLock { $0 } ? 1 : 0)
        }

        // What was logged before it (where the scenarios came from, …) is out before the "listening" line: a parent
        // that reads stderr once it sees that line finds them (the buffer writes 50 ms after its first line otherwise).
        BufferedLogHandler.flush()
        // One parseable line on stdout, written unbuffered so a parent process sees it at once.
        if let identity {
            // The https URL first, so a parent reading "listening on URL" gets it; then what to trust.
            let secure = "https" + understudy.baseURL.dropFirst("http".count)
            let trust =
                identity.authority.map { "CA \(TLSArguments.folder(tls.folder))/ca.pem SHA-256 \($0.sha256Fingerprint)" }
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
        // OpenAPIKit's verdicts on the documents served, which the load did not wait for: a refusal stops the server
        // (on the signal thread, as a stop signal would: one stop at a time) with exit status 1.
        if !verdicts.report(to: logger) {
            refusedWhileServing.withLock { $0 = true }
            kill(getpid(), SIGTERM)
        }
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
