/// `serve`'s flags as plain values: what ``Serve`` parsed with swift-argument-parser, or what
/// ``ServeArguments/init(fastParsing:)`` read by hand from the settings table (ServeFastPath.swift).
struct ServeArguments: Equatable {
    var host: String?
    var port: Int?
    var scenarios: String?
    var scenario: String?
    var threads: Int?
    var connectionLimit: Int?
    var connectionTimeout: Int?
    var maxDelay: Int?
    var journalSize: Int?
    var sessionTTL: Int?
    var sessionLimit: Int?
    var adminToken: String?
    var adminPort: Int?
    var allowedHost: [String] = []
    var openapi: [String] = []
    var openapiLenient = false
    var validateRequests: String?
    var redis: String?
    var replicaName: String?
    var peers: String?
    var allowRemoteAdmin = false
    var watch = false
    var logLevel: String?
    var tls = TLSArguments()

    init() {}

    init(_ serve: Serve) {
        host = serve.host
        port = serve.port
        scenarios = serve.scenarios
        scenario = serve.scenario
        threads = serve.threads
        connectionLimit = serve.connectionLimit
        connectionTimeout = serve.connectionTimeout
        maxDelay = serve.maxDelay
        journalSize = serve.journalSize
        sessionTTL = serve.sessionTTL
        sessionLimit = serve.sessionLimit
        adminToken = serve.adminToken
        adminPort = serve.adminPort
        allowedHost = serve.allowedHost
        openapi = serve.openapi
        openapiLenient = serve.openapiLenient
        validateRequests = serve.validateRequests
        redis = serve.redis
        replicaName = serve.replicaName
        peers = serve.peers
        allowRemoteAdmin = serve.allowRemoteAdmin
        watch = serve.watch
        logLevel = serve.logLevel
        tls = TLSArguments(serve.tls)
    }
}
