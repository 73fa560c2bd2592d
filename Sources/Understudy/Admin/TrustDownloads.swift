import HTTPTypes
import UnderstudyHTTP

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

    static let paths = ["/__admin/tls/ca.pem", "/__admin/tls/ca.mobileconfig"]

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
        return Reply(.respond(request.path.hasSuffix(".pem") ? trust.certificate : trust.profile))
    }
}
