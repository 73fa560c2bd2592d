public import HTTPTypes

extension HTTPField.Name {
    /// Picks the scenario for one request.
    public static let understudyScenario = HTTPField.Name("X-Understudy-Scenario")!
    /// Overrides the delay (milliseconds) for one request.
    public static let understudyDelay = HTTPField.Name("X-Understudy-Delay")!
    /// Groups requests of one test run (used by the admin API's sessions).
    public static let understudySession = HTTPField.Name("X-Understudy-Session")!
    static let allowOrigin = HTTPField.Name("Access-Control-Allow-Origin")!
    static let allowMethods = HTTPField.Name("Access-Control-Allow-Methods")!
    static let allowHeaders = HTTPField.Name("Access-Control-Allow-Headers")!
    static let retryAfter = HTTPField.Name("Retry-After")!
    /// HTTPTypes models Host as the request authority; MHD passes it as a header.
    static let hostHeader = HTTPField.Name("Host")!
    static let contentTypeOptions = HTTPField.Name("X-Content-Type-Options")!
    static let frameOptions = HTTPField.Name("X-Frame-Options")!
    static let referrerPolicy = HTTPField.Name("Referrer-Policy")!
}
