// swift-tools-version: 6.2
// A team's own staging service that embeds Understudy (docs/products/Understudy.md): a library that configures the
// server from the team's own scenarios folder and OpenAPI document, an executable that runs it, and tests of both —
// the embedded server over real sockets, and the same folder through UnderstudyTesting. It enables the package trait
// InProcessOpenAPI, so documents are checked by OpenAPIKit in the process. scripts/consumer-tests.sh builds and
// tests it as a package of its own: it sees only Understudy's public API.
import PackageDescription

let package = Package(
    name: "MyStaging",
    platforms: [.macOS(.v14)],
    dependencies: [
        // In a real package: .package(url: "https://github.com/<you>/understudy", from: "0.3.0", traits: ["InProcessOpenAPI"]).
        // The script puts this checkout at ../understudy so the package's name is the same.
        .package(path: "../understudy", traits: ["InProcessOpenAPI"])
    ],
    targets: [
        .target(name: "MyStaging", dependencies: [.product(name: "Understudy", package: "understudy")]),
        .executableTarget(name: "MyStagingServer", dependencies: ["MyStaging"]),
        .testTarget(
            name: "MyStagingTests",
            dependencies: ["MyStaging", .product(name: "UnderstudyTesting", package: "understudy")]
        ),
    ]
)
