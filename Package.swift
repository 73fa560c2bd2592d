// swift-tools-version: 6.2
import PackageDescription

let package = Package(
    name: "Understudy",
    // The server, the command line and UnderstudyTesting (an in-process server) build on macOS and Linux.
    // The client products (UnderstudyClients, UnderstudyAdminClient, UnderstudyDependencies, UnderstudyExamples)
    // use only Foundation's URLSession, Codable, Duration and Regex, so they also build for iOS 16, tvOS 16,
    // watchOS 9 and visionOS 1 (the examples' view models, which are @Observable, for iOS 17, tvOS 17, watchOS 10).
    platforms: [.macOS(.v14), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    products: [
        .executable(name: "understudy", targets: ["understudy"]),
        .executable(name: "understudy-upstream", targets: ["understudy-upstream"]),
        .library(name: "Understudy", targets: ["Understudy"]),
        .library(name: "UnderstudyHTTP", targets: ["UnderstudyHTTP"]),
        .library(name: "UnderstudyTesting", targets: ["UnderstudyTesting"]),
        .library(name: "UnderstudyClients", targets: ["UnderstudyClients"]),
        .library(name: "UnderstudyAdminClient", targets: ["UnderstudyAdminClient"]),
        .library(name: "UnderstudyDependencies", targets: ["UnderstudyDependencies"]),
        .library(name: "UnderstudyExamples", targets: ["UnderstudyExamples"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/pointfreeco/swift-dependencies", from: "1.17.1"),
        // Atomics that build on macOS 14 (Synchronization.Atomic needs macOS 15).
        .package(url: "https://github.com/apple/swift-atomics", from: "1.3.0"),
        // The upstream side of `understudy record` and of proxy pass-through; only the CLI links it.
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CMicroHTTPD",
            pkgConfig: "libmicrohttpd",
            providers: [.apt(["libmicrohttpd-dev"]), .brew(["libmicrohttpd"])]
        ),
        .systemLibrary(
            name: "CYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),
        .target(
            name: "UnderstudyHTTP",
            dependencies: [
                "CMicroHTTPD",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Atomics", package: "swift-atomics"),
            ]
        ),
        // The admin API's JSON as Codable types (standard library only), shared by the server and the client.
        .target(name: "UnderstudyAdminWire"),
        // The typed admin client and remote sessions: Foundation only, usable from any test target (iOS included).
        .target(name: "UnderstudyAdminClient", dependencies: ["UnderstudyAdminWire"]),
        .target(
            name: "Understudy",
            dependencies: [
                "UnderstudyHTTP",
                "UnderstudyAdminWire",
                "CYAML",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Atomics", package: "swift-atomics"),
            ]
        ),
        .target(name: "UnderstudyClients"),
        .target(
            name: "UnderstudyDependencies",
            dependencies: ["UnderstudyClients", .product(name: "Dependencies", package: "swift-dependencies")]
        ),
        .target(name: "UnderstudyExamples", dependencies: ["UnderstudyClients"]),
        .target(
            name: "UnderstudyTesting",
            dependencies: ["Understudy", "UnderstudyHTTP", "UnderstudyClients", "UnderstudyAdminClient"]
        ),
        // The engine's `UpstreamClient` answered by AsyncHTTPClient. A target of its own so that the engine
        // stays free of NIO; only the `understudy-upstream` helper (and RecordTests) link it.
        .target(
            name: "UnderstudyUpstream",
            dependencies: [
                "Understudy",
                "UnderstudyHTTP",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ]
        ),
        // Sends one upstream request for `understudy` (proxy:, record) and exits: linked into `understudy`
        // itself, AsyncHTTPClient cost every `serve` start about 3 MB of memory and a few milliseconds.
        .executableTarget(name: "understudy-upstream", dependencies: ["Understudy", "UnderstudyHTTP", "UnderstudyUpstream"]),
        .executableTarget(
            name: "understudy",
            dependencies: [
                "Understudy",
                "UnderstudyHTTP",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // Helpers for this repository's own tests (a headless browser); not a product.
        .target(name: "UnderstudyTestSupport", path: "Tests/Support"),
        .testTarget(
            name: "UnderstudyHTTPTests",
            dependencies: ["UnderstudyHTTP", "UnderstudyTesting"]
        ),
        .testTarget(
            name: "UnderstudyTests",
            dependencies: ["Understudy", "UnderstudyTesting", "UnderstudyHTTP", "understudy", "UnderstudyTestSupport"]
        ),
        .testTarget(
            name: "UnderstudyClientsTests",
            dependencies: ["UnderstudyClients", "UnderstudyDependencies", .product(name: "Dependencies", package: "swift-dependencies")]
        ),
        .testTarget(
            name: "RobustnessTests",
            dependencies: ["Understudy", "UnderstudyTesting", "understudy", "UnderstudyTestSupport"]
        ),
        // An app that does its own networking with the client library, run as a child process by RemoteTests
        // with UNDERSTUDY_BASE_URL and UNDERSTUDY_SESSION in its environment (as a UI test launches an app).
        .executableTarget(name: "UnderstudyExampleApp", dependencies: ["UnderstudyClients"], path: "Tests/ExampleApp"),
        // Drives a separately started `understudy serve` as an iOS test target would: no server module linked.
        // `make test` runs it (scripts/remote-tests.sh); without UNDERSTUDY_BASE_URL its tests are skipped.
        .testTarget(
            name: "RemoteTests",
            dependencies: [
                "UnderstudyClients", "UnderstudyAdminClient", "UnderstudyDependencies", "UnderstudyExampleApp",
                .product(name: "Dependencies", package: "swift-dependencies"),
                // Lets an unimplemented `testValue` fail a Swift Testing test (without it, on Linux, it only prints).
                .product(name: "DependenciesTestSupport", package: "swift-dependencies"),
            ]
        ),
        // Faults on custom routes, `understudy record`, proxy pass-through and derived variants, all against local upstreams.
        .testTarget(
            name: "RecordTests",
            dependencies: ["Understudy", "UnderstudyTesting", "UnderstudyHTTP", "UnderstudyUpstream", "understudy", "understudy-upstream"]
        ),
        .testTarget(
            name: "IntegrationTests",
            dependencies: ["Understudy", "UnderstudyClients", "UnderstudyTesting", "UnderstudyExamples"]
        ),
        // Coverage-guided fuzzers of the request path and the scenario loader. scripts/fuzz.sh builds
        // them with -sanitize=fuzzer; a plain build makes a tool that replays files through them.
        .executableTarget(
            name: "UnderstudyFuzz",
            dependencies: [
                "Understudy", "UnderstudyHTTP", "CMicroHTTPD",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
    ]
)
