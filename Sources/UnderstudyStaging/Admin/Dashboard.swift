import HTTPTypes
import UnderstudyDocuments
package import UnderstudyHTTP

/// The dashboard: one self-contained page (no CDN, no build step) that uses
/// only the admin API.
package enum Dashboard {
    /// Never framed by another site (clickjacking its buttons), never sniffed, and its URL (which
    /// may carry the token) never sent on as a referrer.
    package static let page = Response(
        status: .ok,
        headerFields: [
            .contentType: "text/html; charset=utf-8", .cacheControl: "no-store", .contentTypeOptions: "nosniff",
            .frameOptions: "DENY", .contentSecurityPolicy: "frame-ancestors 'none'", .referrerPolicy: "no-referrer",
        ], text: html)

    /// The page, `Dashboard.html` beside this file, compiled into the binary by SwiftPM (`embedInCode`):
    /// no resource bundle to find at run time, and an ordinary HTML file to edit.
    package static let html = String(decoding: PackageResources.Dashboard_html, as: UTF8.self)
}
