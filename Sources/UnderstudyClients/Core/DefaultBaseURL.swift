public import Foundation

extension UnderstudyAPI {
    /// Where an app's requests to this API go: `UNDERSTUDY_BASE_URL` plus the API's prefix when that variable is
    /// set (a UI test's launch environment, a simulator scheme, CI), else the real API. Every `.live()` client's
    /// `defaultBaseURL` is this; an app's own networking uses it the same way, with ``UnderstudyHeaders/environment``:
    ///
    /// ```swift
    /// let films = UnderstudyAPI.swapi.defaultBaseURL.appendingPathComponent("films/")
    /// // https://swapi.dev/api/films/, or http://localhost:8080/swapi/api/films/ under UNDERSTUDY_BASE_URL=http://localhost:8080
    /// ```
    public var defaultBaseURL: URL { defaultBaseURL(environment: ProcessInfo.processInfo.environment) }

    /// The base URL `environment` names for this API: `UNDERSTUDY_BASE_URL` (a trailing `/` ignored) plus
    /// ``prefix``, or ``realBaseURL`` when the variable is missing, empty or not a URL.
    ///
    /// - Parameter environment: Environment variables, such as a launch environment.
    /// - Returns: The API's root, without a trailing `/`.
    public func defaultBaseURL(environment: [String: String]) -> URL {
        Self.baseURL(prefix: prefix, real: URL(string: realBaseURL)!, environment: environment)
    }

    /// The same rule for an API of your own that Understudy stages under `prefix` (a scenario file's routes,
    /// a `proxy:` or `record`ed prefix, an `--openapi NAME=FILE` mount): `UNDERSTUDY_BASE_URL` plus `prefix`
    /// when the variable is set, else `real`.
    ///
    /// ```swift
    /// let orders = UnderstudyAPI.baseURL(prefix: "/myapi", real: URL(string: "https://api.example.com/v1")!)
    /// // https://api.example.com/v1, or http://localhost:8080/myapi under UNDERSTUDY_BASE_URL=http://localhost:8080
    /// ```
    ///
    /// - Parameters:
    ///   - prefix: Where Understudy serves the API, starting with `/` (`/myapi`).
    ///   - real: The API's real base URL.
    ///   - environment: Environment variables; the process's own by default.
    /// - Returns: The API's root, without a trailing `/` when it comes from the environment.
    public static func baseURL(prefix: String, real: URL, environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let base = environment[UnderstudyEnvironmentKey.baseURL], !base.isEmpty {
            let trimmed = base.hasSuffix("/") ? String(base.dropLast()) : base
            let path = prefix.isEmpty || prefix.hasPrefix("/") ? prefix : "/" + prefix
            if let url = URL(string: trimmed + path), url.scheme != nil, url.host != nil { return url }
        }
        return real
    }
}
