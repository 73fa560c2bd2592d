public import Foundation
import Understudy
import UnderstudyMicroHTTPD
import UnderstudyStaging
import UnderstudyTLS

extension UnderstudyTestServer {
    /// `serve --tls` for a server in the test process: the port answers `https://` as well as `http://`,
    /// with a certificate signed by a development CA kept in ``folder`` (made there on first use, as
    /// `understudy serve --tls` makes it). A client trusts ``UnderstudyTestServer/authorityPEM``; how, on each
    /// platform, is in docs/https.md ("From Swift tests").
    ///
    /// ```swift
    /// let server = try UnderstudyTestServer(tls: .init(folder: NSTemporaryDirectory() + "understudy-tls"))
    /// let url = server.httpsURL("/catfact/fact")   // https://127.0.0.1:PORT/catfact/fact
    /// ```
    public struct TLS: Sendable {
        /// Where the CA (`ca.pem`, `ca-key.pem`) and the server's certificate are kept.
        public var folder: String
        /// Other DNS names or IP addresses the certificate must carry (`--tls-name`).
        public var names: [String]

        /// - Parameters:
        ///   - folder: The folder of the CA; nil for the one `understudy serve --tls` uses on this machine, so
        ///     that a CA a simulator or keychain already trusts is the one the test server's certificate chains to.
        ///     Give each concurrently running process its own folder: the first start in a folder writes it.
        ///   - names: Other names the certificate must carry, besides `localhost`, the loopback and interface addresses.
        public init(folder: String? = nil, names: [String] = []) {
            self.folder = folder ?? TLSFolder.default(environment: ProcessInfo.processInfo.environment)
            self.names = names
        }

        /// The certificates for the transport, with the CA's downloads (`/__admin/tls/ca.pem`) put in `configuration`.
        /// No TLS fault hosts: they need names that resolve to the server, which a test process cannot count on.
        func prepare(_ configuration: inout UnderstudyConfiguration) throws -> (transport: TLSServing, authority: Certificate?) {
            let identity = try TLSIdentity.development(folder: folder, names: TLSNames(extra: names))
            if let authority = identity.authority {
                configuration.trust = TrustDownloads(caPEM: authority.pem, mobileConfig: try MobileConfig.profile(for: authority))
            }
            let credentials = TLSServing.Credentials(certificateChainPEM: identity.certificateChainPEM, keyPEM: identity.keyPEM)
            return (TLSServing(credentials: credentials), identity.authority)
        }
    }

    /// The development CA's certificate (PEM) when started with `tls`; nil otherwise. A client that trusts it
    /// (and nothing else) reaches ``httpsBaseURL``.
    public var authorityPEM: String? { authority?.pem }

    /// The CA's SHA-256 fingerprint, colon-separated hex, as `understudy serve --tls` prints it.
    public var authorityFingerprint: String? { authority?.sha256Fingerprint }

    /// `https://127.0.0.1:PORT` when started with `tls` (the certificate carries `127.0.0.1` and `localhost`); nil otherwise.
    public var httpsBaseURL: URL? {
        authority == nil ? nil : URL(string: "https" + baseURL.absoluteString.dropFirst("http".count))
    }

    /// An absolute `https://` URL on the server for `path` (which may carry a query); nil without `tls`.
    public func httpsURL(_ path: String) -> URL? {
        httpsBaseURL.flatMap { URL(string: $0.absoluteString + path) }
    }

    /// The admin client of this server over `https://`; nil without `tls`. On Linux its URLSession (libcurl) checks
    /// the certificate against the system's CA bundle: see docs/https.md for making it trust ``authorityPEM``.
    public var httpsAdmin: UnderstudyAdmin? {
        httpsBaseURL.map { UnderstudyAdmin(baseURL: $0, token: adminToken) }
    }
}
