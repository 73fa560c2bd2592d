/// What `--tls` gives the transport: PEM text only (the certificates are made and checked in
/// UnderstudyTLS), one certificate per server name, the one named "" for every other name.
public struct TLSServing: Sendable {
    public struct Credentials: Sendable {
        /// The certificate (or chain, leaf first) and its private key, as PEM.
        public var certificateChainPEM: String
        public var keyPEM: String

        public init(certificateChainPEM: String, keyPEM: String) {
            self.certificateChainPEM = certificateChainPEM
            self.keyPEM = keyPEM
        }
    }

    /// The default certificate, presented for every server name not in ``byServerName``.
    public var credentials: Credentials
    /// Certificates chosen by SNI before any HTTP is read (the TLS fault hosts).
    public var byServerName: [String: Credentials]

    public init(credentials: Credentials, byServerName: [String: Credentials] = [:]) {
        self.credentials = credentials
        self.byServerName = byServerName
    }

    /// TLS 1.2 and 1.3 only: what Apple's ATS asks for, and nothing older a client could be talked down to.
    static let priorities = "NORMAL:-VERS-ALL:+VERS-TLS1.3:+VERS-TLS1.2"
}
