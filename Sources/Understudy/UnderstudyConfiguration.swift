public import Logging
public import UnderstudyHTTP
package import UnderstudyOpenAPI
public import UnderstudyStaging
package import UnderstudyUpstreamWire

#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// Everything needed to run Understudy.
public struct UnderstudyConfiguration: Sendable {
    public var server: ServerConfiguration
    /// The scenarios folder (files plus `data/`).
    public var scenariosDirectory: URL
    /// The scenario active at start (and after a reset).
    public var scenario: String
    /// Requests kept in the journal; 0 turns it off.
    public var journalSize: Int
    /// When set, every admin call needs `Authorization: Bearer <token>`.
    public var adminToken: String?
    /// A second listener (same host) that serves only `/__admin`, with its own
    /// connections, so a flood of API traffic can never starve it.
    public var adminPort: Int?
    /// Serve the admin API on a non-loopback address without a token.
    public var allowRemoteAdmin: Bool
    /// More `Host` names the admin API answers on a loopback bind, besides `localhost`,
    /// loopback addresses and the bound name (a web page can reach `localhost`: see AdminGuard).
    public var allowedHosts: [String]
    /// Reload the scenarios when their files change.
    public var watch: Bool
    /// OpenAPI documents served under `/NAME`, besides those the scenario files mount (`openapi:`).
    public var openAPI: [OpenAPIMount] = []
    /// What decides that a document is an OpenAPI document: OpenAPIKit in the `understudy-openapi-gate` helper, or in
    /// this process with the package trait `InProcessOpenAPI` (``OpenAPIGate/standard``). The tests set their own.
    package var openAPIGate: OpenAPIGate? = .standard
    /// Whether requests to those documents are checked against them; a session may say otherwise.
    public var requestValidation = RequestValidation.off
    /// Seconds a session may stay unused (no request, no admin call) before it expires; 0: never.
    public var sessionTTLSeconds = 3600
    /// Most sessions at once; the admin API refuses to create more (429).
    public var sessionLimit = 10_000
    /// With `--tls`: the CA certificate and profile served at `/__admin/tls/` without a token.
    public var trust: TrustDownloads?
    public var logger: Logger
    /// Where access lines go: through ``logger`` unless the command line hands its stderr buffer.
    package var accessLog: AccessLogSink = .logger
    /// Reaches the upstreams of scenarios' `proxy:` prefixes. The engine links no HTTP client: the
    /// command line passes one (AsyncHTTPClient's), which should make its connections lazily.
    package var upstreamClient: (any UpstreamClient)?
    /// The state shared with other replicas (`--redis`, from `UnderstudyReplicas`); nil: this server's alone.
    package var sharedState: (any SharedStateStore)?
    /// The replicas a global journal read asks (`--peers`); nil: this server's journal is the whole one.
    package var journalPeers: (any JournalFanOut)?

    public init(
        server: ServerConfiguration = ServerConfiguration(), scenariosDirectory: URL, scenario: String = "happy",
        journalSize: Int = 1000, adminToken: String? = nil, adminPort: Int? = nil, allowRemoteAdmin: Bool = false,
        allowedHosts: [String] = [], watch: Bool = false, logger: Logger = Logger(label: "understudy")
    ) {
        self.server = server
        self.scenariosDirectory = scenariosDirectory
        self.scenario = scenario
        self.journalSize = journalSize
        self.adminToken = adminToken
        self.adminPort = adminPort
        self.allowRemoteAdmin = allowRemoteAdmin
        self.allowedHosts = allowedHosts
        self.watch = watch
        self.logger = logger
    }
}
