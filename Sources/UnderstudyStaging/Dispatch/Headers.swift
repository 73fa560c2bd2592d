package import HTTPTypes
import UnderstudyAdminWire

extension HTTPField.Name {
    /// Picks the scenario for one request.
    package static let understudyScenario = HTTPField.Name(UnderstudyHeaderName.scenario)!
    /// Overrides the delay (milliseconds) for one request.
    package static let understudyDelay = HTTPField.Name(UnderstudyHeaderName.delay)!
    /// Groups requests of one test run (used by the admin API's sessions).
    package static let understudySession = HTTPField.Name(UnderstudyHeaderName.session)!
    /// Marks the dashboard's own admin calls (see AdminGuard).
    package static let understudyAdmin = HTTPField.Name(UnderstudyHeaderName.admin)!
    /// Which replica answered (`--replica-name`), on every response.
    package static let understudyReplica = HTTPField.Name(UnderstudyHeaderName.replica)!
    static let allowOrigin = HTTPField.Name("Access-Control-Allow-Origin")!
    static let allowMethods = HTTPField.Name("Access-Control-Allow-Methods")!
    static let allowHeaders = HTTPField.Name("Access-Control-Allow-Headers")!
    static let retryAfter = HTTPField.Name("Retry-After")!
    /// A resource list's count of matching items, as json-server and many APIs send it.
    static let totalCount = HTTPField.Name("X-Total-Count")!
    /// A resource list's other pages (RFC 8288), as GitHub's API links them.
    static let link = HTTPField.Name("Link")!
    /// Picks one of an OpenAPI operation's answers (`code=404, example=notFound, dynamic=true`), as Prism reads it.
    static let prefer = HTTPField.Name("Prefer")!
    /// HTTPTypes models Host as the request authority; MHD passes it as a header.
    package static let hostHeader = HTTPField.Name("Host")!
    static let contentTypeOptions = HTTPField.Name("X-Content-Type-Options")!
    static let frameOptions = HTTPField.Name("X-Frame-Options")!
    static let referrerPolicy = HTTPField.Name("Referrer-Policy")!
}
