package import HTTPTypes

extension OpenAPIService {
    /// The operation for `method` and `path` (the request path below the mount point, e.g. `/pets/42`
    /// for `/NAME/pets/42`), with its path parameters; nil when none matches.
    ///
    /// The server's base path is optional (`/v1/pets/42` and `/pets/42` both match `/pets/{petId}`
    /// under `https://api.example.com/v1`): generated clients send it, hand-written calls often do not.
    /// Where several templates match, the most specific wins (``PathTemplate/isMoreSpecific(than:)``:
    /// `/pets/mine` over `/pets/{petId}`), as OpenAPI requires of concrete and templated paths.
    package func operation(for method: HTTPRequest.Method, path: String) -> (operation: OpenAPIOperation, parameters: [String: String])? {
        var candidates = [path]
        if !serverBasePath.isEmpty, path == serverBasePath || path.hasPrefix(serverBasePath + "/") {
            candidates.insert(String(path.dropFirst(serverBasePath.count)), at: 0)
        }
        for candidate in candidates {
            let segments = candidate.split(separator: "/")
            var best: (operation: OpenAPIOperation, parameters: [String: String])?
            for operation in operations where operation.method == method {
                guard let parameters = operation.path.match(Array(segments)) else { continue }
                if let current = best, !operation.path.isMoreSpecific(than: current.operation.path) { continue }
                best = (operation, parameters)
            }
            if let best { return (best.operation, best.parameters) }
        }
        return nil
    }
}
