import Foundation
public import Understudy

/// The team's staging server: its own scenarios (staging/) and its orders API from its OpenAPI document.
public enum Staging {
    /// The package's `staging/` folder: scenario files, and the document under `openapi/`.
    public static var folder: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("staging")
    }

    /// What to serve: the folder's scenarios, `happy` at start, the orders document under `/orders`.
    public static func configuration(port: Int) -> UnderstudyConfiguration {
        var configuration = UnderstudyConfiguration(
            server: ServerConfiguration(host: "127.0.0.1", port: port), scenariosDirectory: folder, scenario: "happy")
        configuration.openAPI = [OpenAPIMount(name: "orders", file: folder.appendingPathComponent("openapi/orders.yaml"))]
        return configuration
    }
}
