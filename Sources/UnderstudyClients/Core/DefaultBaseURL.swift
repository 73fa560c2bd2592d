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
        if let base = environment[UnderstudyEnvironmentKey.baseURL], !base.isEmpty {
            let trimmed = base.hasSuffix("/") ? String(base.dropLast()) : base
            if let url = URL(string: trimmed + prefix), url.scheme != nil, url.host != nil { return url }
        }
        return URL(string: realBaseURL)!
    }
}
