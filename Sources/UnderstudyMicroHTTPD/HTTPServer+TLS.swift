import CMicroHTTPD
import CUnderstudyTLS
import UnderstudyHTTP

/// `--tls`: two libmicrohttpd daemons that do not listen, one plain and one TLS, fed by one
/// ``SchemeSplitter`` on the server's own listening socket. Everything else (callbacks, the
/// connection table, the parking lot) is shared, so every fault and delay works the same over TLS.
extension HTTPServer {
    func startSplit(
        socket: ListeningSocket, flags: UInt32, items: [MHD_OptionItem], context: UnsafeMutableRawPointer, tls: TLSServing
    ) throws {
        // GnuTLS reads the certificates now: a bad one is a start-up error, not a failed handshake later.
        // Keyed by the port too: another server in this process (a test's) has certificates of its own.
        let port = UInt32(socket.port)
        try Self.register(port, "", tls.credentials)
        for (name, credentials) in tls.byServerName.sorted(by: { $0.key < $1.key }) { try Self.register(port, name, credentials) }

        let quiet = flags | MHD_USE_NO_LISTEN_SOCKET.rawValue
        let plainDaemon = items.withUnsafeBufferPointer {
            cmhd_start_daemon(quiet, 0, mhdAcceptPolicy, context, mhdAccessHandler, context, $0.baseAddress)
        }
        guard let plainDaemon else {
            ust_sni_forget(port)
            throw ServerStartError.daemon(reason: "MHD_start_daemon failed for plain HTTP (see the log above)")
        }

        var secureItems = Array(items.dropLast())
        let priorities = strdup(TLSServing.priorities)
        defer { free(priorities) }
        secureItems.append(MHD_OptionItem(option: .HTTPS_PRIORITIES, value: 0, ptr_value: UnsafeMutableRawPointer(priorities)))
        secureItems.append(MHD_OptionItem(option: .HTTPS_CERT_CALLBACK, value: 0, ptr_value: ust_sni_callback()))
        secureItems.append(MHD_OptionItem(option: .END, value: 0, ptr_value: nil))
        let secureDaemon = secureItems.withUnsafeBufferPointer {
            cmhd_start_daemon(quiet | MHD_USE_TLS.rawValue, 0, mhdAcceptPolicy, context, mhdAccessHandler, context, $0.baseAddress)
        }
        guard let secureDaemon else {
            MHD_stop_daemon(plainDaemon)
            ust_sni_forget(port)
            throw ServerStartError.daemon(reason: "MHD_start_daemon failed for TLS (see the log above)")
        }
        daemon = plainDaemon
        tlsDaemon = secureDaemon
        let splitter = SchemeSplitter(
            listening: socket.descriptor, plain: plainDaemon, secure: secureDaemon, waitSeconds: configuration.connectionTimeoutSeconds,
            connectionLimit: connectionLimit
        ) { [weak self] in self?.isDraining ?? true }
        splitter.start()
        self.splitter = splitter
    }

    private static func register(_ port: UInt32, _ name: String, _ credentials: TLSServing.Credentials) throws {
        let code = ust_sni_add(port, name, credentials.certificateChainPEM, credentials.keyPEM)
        if code < 0 {
            let which = name.isEmpty ? "the certificate" : "the certificate for \(name)"
            throw ServerStartError.daemon(reason: "GnuTLS cannot use \(which): \(String(cString: ust_error_text(code)))")
        }
    }
}
