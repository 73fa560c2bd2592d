import HTTPTypes
import UnderstudyHTTP
import UnderstudyQRCode

/// What a simulator or device needs to trust `serve --tls`: the development CA's certificate and a
/// configuration profile holding it. Both are public (a CA certificate is no secret), so they are
/// answered before the admin guard: no token, and any Host, since a device on the LAN asks by address.
public struct TrustDownloads: Sendable {
    let certificate: Response
    let profile: Response

    /// - Parameters:
    ///   - caPEM: The CA certificate as PEM.
    ///   - mobileConfig: The configuration profile (an XML property list with one `com.apple.security.root` payload).
    public init(caPEM: String, mobileConfig: String) {
        certificate = Response(
            status: .ok, headerFields: [.contentType: "application/x-pem-file", .contentDisposition: "attachment; filename=\"understudy-ca.pem\""],
            text: caPEM)
        // The MIME type Safari on iOS hands to Settings as a profile to install.
        profile = Response(
            status: .ok,
            headerFields: [
                .contentType: "application/x-apple-aspen-config", .contentDisposition: "attachment; filename=\"understudy-ca.mobileconfig\"",
            ],
            text: mobileConfig)
    }

    static let paths = ["/__admin/tls/ca.pem", "/__admin/tls/ca.mobileconfig", "/__admin/tls/ca.mobileconfig.svg"]

    /// The download for `/__admin/tls/…`, nil for any other path; 404 when the server has no development CA.
    static func reply(to request: ServerRequest, trust: TrustDownloads?) throws(AdminError) -> Reply? {
        guard request.path.hasPrefix("/__admin/tls/") else { return nil }
        guard paths.contains(request.path) else {
            throw AdminError(.notFound, "not found", "Under /__admin/tls/ there are \(paths.joined(separator: " and ")).")
        }
        guard request.method == .get || request.method == .head else {
            throw AdminError(
                .methodNotAllowed, "method not allowed", "\(request.path) accepts GET, HEAD; got \(request.method.rawValue).", allow: "GET, HEAD")
        }
        guard let trust else {
            throw AdminError(
                .notFound, "no development CA",
                "This server was not started with --tls and its development CA (a team's own --tls-cert has no CA to hand out).")
        }
        if request.path.hasSuffix(".svg") { return try profileCode(for: request) }
        return Reply(.respond(request.path.hasSuffix(".pem") ? trust.certificate : trust.profile))
    }

    /// A QR code of the profile's URL at the address the request named, over plain http (a device that does not
    /// trust the CA yet cannot fetch it over https): the dashboard shows it, opened by the Mac's address.
    private static func profileCode(for request: ServerRequest) throws(AdminError) -> Reply {
        guard let host = request.target.host, Authority.isPlain(host) else {
            throw AdminError(
                .badRequest, "no usable Host", "The QR code names the profile at the request's Host, and this one has none or an unusual one.")
        }
        guard let code = QRCode("http://\(host)/__admin/tls/ca.mobileconfig") else {
            throw AdminError(.badRequest, "Host too long", "The profile's URL at \(host) is longer than the QR code holds.")
        }
        return Reply(.respond(Response(status: .ok, headerFields: [.contentType: "image/svg+xml", .cacheControl: "no-store"], text: code.svg())))
    }
}
