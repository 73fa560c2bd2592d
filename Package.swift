// swift-tools-version: 6.2
import PackageDescription

let package = Package(
    name: "Understudy",
    // The server, the command line and UnderstudyTesting (an in-process server) build on macOS and Linux.
    // The client products (UnderstudyClients, UnderstudyAdminClient, UnderstudyDependencies, UnderstudyExamples)
    // use only Foundation's URLSession, Codable, Duration and ISO8601FormatStyle, so they also build for iOS 16, tvOS 16,
    // watchOS 9 and visionOS 1 (the examples' view models, which are @Observable, for iOS 17, tvOS 17, watchOS 10).
    platforms: [.macOS(.v14), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    // A product per kind of user, each with its page in docs/products/ saying who links it (RepositoryTests checks
    // the two agree); the other modules are how these are built, not something to link.
    products: [
        .executable(name: "understudy", targets: ["understudy"]),
        .executable(name: "understudy-upstream", targets: ["understudy-upstream"]),
        .executable(name: "understudy-openapi-gate", targets: ["understudy-openapi-gate"]),
        // An app target: the clients, their models and mocks (Foundation only; iOS too).
        .library(name: "UnderstudyClients", targets: ["UnderstudyClients"]),
        // An app target on swift-dependencies: the clients as dependency keys.
        .library(name: "UnderstudyDependencies", targets: ["UnderstudyDependencies"]),
        // An app or test target with a swift-openapi-generator client: its requests in a session.
        .library(name: "UnderstudyOpenAPIRuntime", targets: ["UnderstudyOpenAPIRuntime"]),
        // Any test target, iOS included: the typed admin client and a test's session on a running server.
        .library(name: "UnderstudyAdminClient", targets: ["UnderstudyAdminClient"]),
        // A macOS or Linux test target: a server in the test process.
        .library(name: "UnderstudyTesting", targets: ["UnderstudyTesting"]),
        // A Swift program of a team's own that runs a staging server in it.
        .library(name: "Understudy", targets: ["Understudy"]),
    ],
    // OpenAPIKit's debug compile is a minute or more of every build that links it, so a package linking Understudy or
    // UnderstudyTesting gets it only by asking; without the trait, documents are checked by the helper executable.
    traits: [
        // On by default. Off (`swift build --disable-default-traits`, which `make run` does), SwiftPM fetches and builds
        // only what `understudy` needs: 5 packages instead of 33 (a fresh machine's resolve 6 s instead of 140 s here).
        .trait(
            name: "FullPackage",
            description: "The client products' and the helpers' dependencies: swift-dependencies, swift-openapi-runtime, AsyncHTTPClient, OpenAPIKit"
        ),
        .trait(
            name: "InProcessOpenAPI",
            description:
                "Check OpenAPI documents with OpenAPIKit in the process (Understudy, UnderstudyTesting) instead of the understudy-openapi-gate helper",
            enabledTraits: ["FullPackage"]
        ),
        .default(enabledTraits: ["FullPackage"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/pointfreeco/swift-dependencies", from: "1.17.1"),
        // Atomics that build on macOS 14 (Synchronization.Atomic needs macOS 15).
        .package(url: "https://github.com/apple/swift-atomics", from: "1.3.0"),
        // File status, errno and whole writes to stdout/stderr (the engine and the command line only).
        .package(url: "https://github.com/apple/swift-system", from: "1.8.1"),
        // The upstream side of `understudy record` and of proxy pass-through; only the CLI links it.
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        // OpenAPI 3.0/3.1/3.2 documents as Codable types: the gate every `--openapi` document passes
        // (UnderstudyOpenAPIGate only, which `understudy` runs as a helper: the engine never links it).
        .package(url: "https://github.com/mattpolzin/OpenAPIKit", from: "6.4.0"),
        // For clients made by swift-openapi-generator: the middleware protocol (UnderstudyOpenAPIRuntime) and,
        // in OpenAPIGeneratedClientTests only, the URLSession transport. The generator itself is never a
        // dependency: scripts/generate-openapi-client.sh builds it apart and the generated code is committed.
        .package(url: "https://github.com/apple/swift-openapi-runtime", from: "1.13.4"),
        .package(url: "https://github.com/apple/swift-openapi-urlsession", from: "1.4.0"),
        // GraphQL's parser, validation and introspection for a `graphql:` entry's `schema:` (UnderstudyGraphQL, under
        // FullPackage: `make run` builds it only when a scenario file names a schema).
        .package(url: "https://github.com/GraphQLSwift/GraphQL", from: "4.3.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CMicroHTTPD",
            pkgConfig: "libmicrohttpd",
            providers: [.apt(["libmicrohttpd-dev"]), .brew(["libmicrohttpd"])]
        ),
        // GnuTLS, which libmicrohttpd's TLS runs on: only CUnderstudyTLS includes it.
        .systemLibrary(
            name: "CGnuTLS",
            pkgConfig: "gnutls",
            providers: [.apt(["libgnutls28-dev"]), .brew(["gnutls"])]
        ),
        .systemLibrary(
            name: "CYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),
        // hiredis, the Redis client the replicas' shared state (`serve --redis`) talks through.
        .systemLibrary(
            name: "CHiredis",
            pkgConfig: "hiredis",
            providers: [.apt(["libhiredis-dev"]), .brew(["hiredis"])]
        ),
        // zlib and libbrotli's decoder, for `understudy import har`'s bodies still compressed (Content-Encoding gzip,
        // deflate, br): only UnderstudyRecording links them, and only with FullPackage, so `make run` needs neither.
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]
        ),
        .systemLibrary(
            name: "CBrotli",
            pkgConfig: "libbrotlidec",
            providers: [.apt(["libbrotli-dev"]), .brew(["brotli"])]
        ),
        // The HTTP core: request, reply, value response, responder and transport protocols. Pure Swift
        // over swift-http-types, so everything above it builds and tests without a C library.
        .target(
            name: "UnderstudyHTTP",
            dependencies: [
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Atomics", package: "swift-atomics"),
            ]
        ),
        // The C the transport runs on each request's bytes in libmicrohttpd's buffers: strict-HTTP checks,
        // raw-target capture, field packing, percent-decoding, first-bytes sniffing. A declaration header
        // (include/) and .c files, as swift-nio's CNIOLLHTTP; CMicroHTTPD for <microhttpd.h> and the library.
        .target(name: "CUnderstudyHTTPWire", dependencies: ["CMicroHTTPD"]),
        // `--tls`: certificates made and read with GnuTLS, and the certificate each handshake gets by SNI.
        // A declaration header with no GnuTLS type (include/) and .c files, as swift-nio's CNIOLinux.
        .target(name: "CUnderstudyTLS", dependencies: ["CGnuTLS", "CMicroHTTPD"]),
        // The development CA and leaf certificates, Apple's rules, the configuration profile: Swift over
        // CUnderstudyTLS that hides every pointer. The transport takes only PEM text from it.
        .target(name: "UnderstudyTLS", dependencies: ["CUnderstudyTLS"]),
        // The libmicrohttpd transport: the only Swift module that sees the C library's pointers.
        .target(
            name: "UnderstudyMicroHTTPD",
            dependencies: [
                "UnderstudyHTTP",
                "CMicroHTTPD",
                "CUnderstudyHTTPWire",
                "CUnderstudyTLS",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Atomics", package: "swift-atomics"),
            ]
        ),
        // The admin API's JSON as Codable types (standard library only), shared by the server and the client.
        .target(name: "UnderstudyAdminWire"),
        // The typed admin client, remote sessions with their clients, and the per-test session scope (the
        // `.understudySession` trait, `UnderstudySession.with`): Foundation (and Testing where it exists) only,
        // usable from any test target (iOS included).
        .target(name: "UnderstudyAdminClient", dependencies: ["UnderstudyAdminWire", "UnderstudyClients"]),
        // JSON and YAML documents read with located problems (file:line:column), files read confined to a
        // folder, and JSON written with holes for the origin a client used. Knows no API and no scenario.
        .target(
            name: "UnderstudyDocuments",
            dependencies: [
                "CYAML",
                "UnderstudyHTTP",
                .product(name: "Atomics", package: "swift-atomics"),
                .product(name: "SystemPackage", package: "swift-system"),
            ]
        ),
        // A team's OpenAPI document read into what to serve: operations, responses, examples and bodies
        // synthesised from the schemas, with decode-breaker variants. Knows nothing of the engine.
        .target(
            name: "UnderstudyOpenAPI",
            dependencies: [
                "UnderstudyDocuments",
                "UnderstudyHTTP",
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]
        ),
        // OpenAPIKit as the gate a document passes (``OpenAPIGate``): in the process for the tests and
        // UnderstudyTesting, in the `understudy-openapi-gate` helper for the command line. Apart because
        // OpenAPIKit's release compile was 250 s of a fresh clone's `make run`, which serves no document.
        .target(
            name: "UnderstudyOpenAPIGate",
            dependencies: [
                "UnderstudyOpenAPI",
                "UnderstudyDocuments",
                .product(name: "OpenAPIKit", package: "OpenAPIKit", condition: .when(traits: ["FullPackage"])),
                .product(name: "OpenAPIKit30", package: "OpenAPIKit", condition: .when(traits: ["FullPackage"])),
                .product(name: "OpenAPIKitCompat", package: "OpenAPIKit", condition: .when(traits: ["FullPackage"])),
            ]
        ),
        // What the engine asks of an API it serves: the route a request names, the response to a route, the
        // service a dataset makes. A module of its own so that the engine compiles beside the APIs, not after them.
        .target(
            name: "UnderstudyAPIService",
            dependencies: [
                "UnderstudyHTTP",
                "UnderstudyAdminWire",
                "UnderstudyDocuments",
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]
        ),
        // SWAPI, artic and catfact: their routes, datasets, search and bodies, as the real services answer.
        .target(
            name: "UnderstudyBuiltinAPIs",
            dependencies: [
                "UnderstudyAPIService",
                "UnderstudyHTTP",
                "UnderstudyAdminWire",
                "UnderstudyDocuments",
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]
        ),
        // What `proxy:` and `record` send upstream and get back, and how `understudy` and its upstream helper pass
        // them to each other (standard library only): the engine asks through it, the helper answers through it.
        .target(name: "UnderstudyUpstreamWire"),
        // A short text as a QR code and its SVG, for the dashboard's link to the CA's profile (standard library only).
        .target(name: "UnderstudyQRCode"),
        // GraphQL requests read off HTTP (POST, GET, batches, persisted-query hashes), operations named without a
        // schema, and, with FullPackage, answers from a schema (GraphQLSwift's parser and validation). Knows no engine.
        .target(
            name: "UnderstudyGraphQL",
            dependencies: [
                "UnderstudyDocuments",
                "UnderstudyHTTP",
                "CGnuTLS",
                .product(name: "GraphQL", package: "GraphQL", condition: .when(traits: ["FullPackage"])),
            ]
        ),
        // The staging engine: scenarios (load, validate, compose, reload), selection, faults and delays,
        // custom routes, proxy, admin API, journal, dashboard. It serves APIs through UnderstudyAPIService
        // and never imports the built-in ones, so it compiles beside them (a fresh clone's first build).
        .target(
            name: "UnderstudyStaging",
            dependencies: [
                "UnderstudyHTTP",
                "UnderstudyAdminWire",
                "UnderstudyDocuments",
                "UnderstudyAPIService",
                "UnderstudyOpenAPI",
                "UnderstudyQRCode",
                "UnderstudyUpstreamWire",
                "UnderstudyGraphQL",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Atomics", package: "swift-atomics"),
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            resources: [.embedInCode("Admin/Dashboard.html")]
        ),
        // What an embedding user calls: the configuration, the engine and the server, with the built-in APIs and
        // libmicrohttpd as the default transport (so `import Understudy` is enough to serve).
        .target(
            name: "Understudy",
            dependencies: [
                "UnderstudyStaging",
                "UnderstudyMicroHTTPD",
                "UnderstudyUpstreamWire",
                "UnderstudyBuiltinAPIs",
                "UnderstudyAPIService",
                "UnderstudyHTTP",
                "UnderstudyAdminWire",
                "UnderstudyDocuments",
                "UnderstudyOpenAPI",
                .target(name: "UnderstudyOpenAPIGate", condition: .when(traits: ["InProcessOpenAPI"])),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // Replicas behind a load balancer sharing their state in Redis (`serve --redis`): the engine's
        // SharedStateStore over hiredis. Linked by the command line only; without --redis nothing of it runs.
        .target(
            name: "UnderstudyReplicas",
            dependencies: [
                "UnderstudyStaging", "UnderstudyHTTP", "UnderstudyAdminWire", "CHiredis", .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // `understudy record`, `derive` and `import har`: the recording responder, the scenario and dataset writers, HAR files.
        // Only the command line (and its tests) link it.
        .target(
            name: "UnderstudyRecording",
            dependencies: [
                "UnderstudyStaging",
                "UnderstudyUpstreamWire",
                "UnderstudyAPIService",
                "UnderstudyHTTP",
                "UnderstudyAdminWire",
                "UnderstudyDocuments",
                "UnderstudyBuiltinAPIs",
                // `import har` names GraphQL entries' operations as the engine does.
                "UnderstudyGraphQL",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .target(name: "CZlib", condition: .when(traits: ["FullPackage"])),
                .target(name: "CBrotli", condition: .when(traits: ["FullPackage"])),
            ]
        ),
        // Foundation only, and the wire module's header names and environment keys (standard library only).
        .target(name: "UnderstudyClients", dependencies: ["UnderstudyAdminWire"]),
        .target(
            name: "UnderstudyDependencies",
            dependencies: [
                "UnderstudyClients", .product(name: "Dependencies", package: "swift-dependencies", condition: .when(traits: ["FullPackage"])),
            ]
        ),
        .target(name: "UnderstudyExamples", dependencies: ["UnderstudyClients"]),
        // A ClientMiddleware that puts the requests of a swift-openapi-generator client in an Understudy session.
        // Foundation, OpenAPIRuntime and the clients' headers only, so it builds for iOS as well.
        .target(
            name: "UnderstudyOpenAPIRuntime",
            dependencies: [
                "UnderstudyClients",
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime", condition: .when(traits: ["FullPackage"])),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]
        ),
        // For users: an Understudy server inside the test process, and sessions on it.
        .target(
            name: "UnderstudyTesting",
            dependencies: [
                "Understudy", "UnderstudyStaging", "UnderstudyDocuments", "UnderstudyHTTP", "UnderstudyMicroHTTPD", "UnderstudyClients",
                "UnderstudyAdminClient", "UnderstudyTLS",
            ]
        ),
        // The engine's `UpstreamClient` answered by AsyncHTTPClient. A target of its own so that the engine
        // stays free of NIO; only the `understudy-upstream` helper (and RecordTests) link it.
        .target(
            name: "UnderstudyUpstream",
            dependencies: [
                "UnderstudyUpstreamWire",
                "UnderstudyHTTP",
                .product(name: "AsyncHTTPClient", package: "async-http-client", condition: .when(traits: ["FullPackage"])),
            ]
        ),
        // Sends one upstream request for `understudy` (proxy:, record) and exits: linked into `understudy`
        // itself, AsyncHTTPClient cost every `serve` start about 3 MB of memory and a few milliseconds.
        .executableTarget(name: "understudy-upstream", dependencies: ["UnderstudyUpstreamWire", "UnderstudyHTTP", "UnderstudyUpstream"]),
        // Checks one OpenAPI document with OpenAPIKit for `understudy` (serve, validate) and exits.
        .executableTarget(name: "understudy-openapi-gate", dependencies: ["UnderstudyOpenAPIGate"]),
        .executableTarget(
            name: "understudy",
            dependencies: [
                "Understudy", "UnderstudyStaging", "UnderstudyUpstreamWire",
                "UnderstudyAdminWire",
                "UnderstudyRecording",
                "UnderstudyReplicas",
                "UnderstudyDocuments",
                "UnderstudyOpenAPI",
                "UnderstudyHTTP",
                "UnderstudyMicroHTTPD",
                "UnderstudyTLS",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "SystemPackage", package: "swift-system"),
            ]
        ),
        // Helpers for this repository's own tests, not a product: raw sockets (RawHTTP), the `understudy`
        // executable as a child process (UnderstudyProcess), polling (waitUntil), a headless browser, the
        // suite's shared in-process server and its fetches, admin calls, and the shape contract of the APIs.
        .target(
            name: "UnderstudyTestSupport",
            dependencies: [
                "Understudy", "UnderstudyStaging", "UnderstudyDocuments", "UnderstudyHTTP", "UnderstudyTesting",
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            path: "Tests/Support"
        ),
        // A test target per module. The suites that put sockets, processes or a browser to work are in
        // UnderstudyWireTests, which `make test` runs serially by itself; the others run in parallel.
        // The replicas' Redis protocol reading, stored-state encoding and URL parsing, with no socket
        // (scripts/replicas-e2e.sh runs real Redis, nginx and replicas).
        .testTarget(name: "UnderstudyReplicasTests", dependencies: ["UnderstudyReplicas", "Understudy", "UnderstudyStaging", "UnderstudyAdminWire"]),
        .testTarget(name: "UnderstudyGraphQLTests", dependencies: ["UnderstudyGraphQL", "UnderstudyDocuments"]),
        .testTarget(name: "UnderstudyHTTPTests", dependencies: ["UnderstudyHTTP", "UnderstudyMicroHTTPD"]),
        .testTarget(
            name: "UnderstudyDocumentsTests", dependencies: ["UnderstudyDocuments", .product(name: "SystemPackage", package: "swift-system")]),
        // Real-world and hostile OpenAPI documents under Documents/ (found by #filePath, not bundled).
        .testTarget(
            name: "UnderstudyOpenAPITests",
            dependencies: [
                "UnderstudyOpenAPI", "UnderstudyOpenAPIGate", "UnderstudyDocuments", .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            exclude: ["Documents"]
        ),
        // Times an OpenAPI load in a release build (docs/openapi.md); not a product, only built on demand.
        .executableTarget(
            name: "UnderstudyOpenAPITiming",
            dependencies: [
                "UnderstudyOpenAPI", "UnderstudyOpenAPIGate", "UnderstudyDocuments",
                .product(name: "OpenAPIKit30", package: "OpenAPIKit", condition: .when(traits: ["FullPackage"])),
            ],
            path: "Tests/OpenAPITiming"
        ),
        .testTarget(
            name: "UnderstudyBuiltinAPIsTests",
            dependencies: [
                "Understudy", "UnderstudyStaging", "UnderstudyAdminWire", "UnderstudyBuiltinAPIs", "UnderstudyAPIService", "UnderstudyDocuments",
                "UnderstudyTesting", "UnderstudyTestSupport",
            ]
        ),
        .testTarget(
            name: "UnderstudyTests",
            dependencies: [
                "Understudy", "UnderstudyStaging", "UnderstudyAdminWire", "UnderstudyDocuments", "UnderstudyBuiltinAPIs", "UnderstudyAPIService",
                "UnderstudyOpenAPI", "UnderstudyTesting",
                "UnderstudyOpenAPIGate", "UnderstudyHTTP", "UnderstudyQRCode",
                "UnderstudyTestSupport",
            ]
        ),
        .testTarget(
            name: "UnderstudyWireTests",
            dependencies: [
                "Understudy", "UnderstudyStaging", "UnderstudyAdminWire", "UnderstudyDocuments", "UnderstudyTesting", "UnderstudyHTTP",
                "UnderstudyMicroHTTPD",
                "CUnderstudyHTTPWire", "understudy", "UnderstudyTLS", "UnderstudyHTTPSProbe",
                "UnderstudyTestSupport", .product(name: "SystemPackage", package: "swift-system"),
                // ServeArgumentsTests compares serve's hand-read arguments with the parser's reading.
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Checks of the repository's text: platform code, pointers, imports, packaging.
        .testTarget(name: "RepositoryTests"),
        .testTarget(
            name: "UnderstudyClientsTests",
            dependencies: [
                "UnderstudyClients", "UnderstudyDependencies",
                .product(name: "Dependencies", package: "swift-dependencies", condition: .when(traits: ["FullPackage"])),
            ]
        ),
        .testTarget(
            name: "RobustnessTests",
            dependencies: ["Understudy", "UnderstudyStaging", "UnderstudyDocuments", "UnderstudyTesting", "understudy", "UnderstudyTestSupport"]
        ),
        // An app that does its own networking with the client library, run as a child process by RemoteTests
        // with UNDERSTUDY_BASE_URL and UNDERSTUDY_SESSION in its environment (as a UI test launches an app).
        .executableTarget(name: "UnderstudyExampleApp", dependencies: ["UnderstudyClients"], path: "Tests/ExampleApp"),
        // The live clients and the admin client over https, as a child process of TLSClientsTests: on Linux
        // URLSession (libcurl) trusts only the system's CA bundle, which the test replaces for that process alone.
        .executableTarget(name: "UnderstudyHTTPSProbe", dependencies: ["UnderstudyClients", "UnderstudyAdminClient"], path: "Tests/HTTPSProbe"),
        // Drives a separately started `understudy serve` as an iOS test target would: no server module linked.
        // `make test` runs it (scripts/remote-tests.sh); without UNDERSTUDY_BASE_URL its tests are skipped.
        .testTarget(
            name: "RemoteTests",
            dependencies: [
                "UnderstudyClients", "UnderstudyAdminClient", "UnderstudyDependencies", "UnderstudyExampleApp",
                .product(name: "Dependencies", package: "swift-dependencies", condition: .when(traits: ["FullPackage"])),
                // Lets an unimplemented `testValue` fail a Swift Testing test (without it, on Linux, it only prints).
                .product(name: "DependenciesTestSupport", package: "swift-dependencies", condition: .when(traits: ["FullPackage"])),
            ]
        ),
        // Faults on custom routes, `understudy record`, proxy pass-through and derived variants, all against local upstreams.
        .testTarget(
            name: "RecordTests",
            dependencies: [
                "Understudy", "UnderstudyStaging", "UnderstudyDocuments", "UnderstudyRecording", "UnderstudyTesting", "UnderstudyHTTP",
                "UnderstudyMicroHTTPD",
                "UnderstudyUpstream", "UnderstudyUpstreamWire", "understudy", "understudy-upstream", "UnderstudyTestSupport",
            ],
            // HAR files of each exporter (found by #filePath, not bundled) and the script that wrote them.
            exclude: ["Fixtures"]
        ),
        // A client generated from Document/orders.yaml (Generated/, committed) against an in-process server
        // that mounts the same document: every scenario and decode-breaker as the generated client sees it.
        .testTarget(
            name: "OpenAPIGeneratedClientTests",
            dependencies: [
                "UnderstudyOpenAPIRuntime", "UnderstudyTesting", "Understudy", "UnderstudyStaging", "UnderstudyClients",
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime", condition: .when(traits: ["FullPackage"])),
                .product(name: "OpenAPIURLSession", package: "swift-openapi-urlsession", condition: .when(traits: ["FullPackage"])),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            exclude: ["Document"]
        ),
        .testTarget(
            name: "IntegrationTests",
            dependencies: ["Understudy", "UnderstudyStaging", "UnderstudyClients", "UnderstudyTesting", "UnderstudyExamples"]
        ),
        // Coverage-guided fuzzers of the request path and the scenario loader. scripts/fuzz.sh builds
        // them with -sanitize=fuzzer; a plain build makes a tool that replays files through them.
        .executableTarget(
            name: "UnderstudyFuzz",
            dependencies: [
                "Understudy", "UnderstudyStaging", "UnderstudyDocuments", "UnderstudyHTTP", "UnderstudyMicroHTTPD",
                "CUnderstudyHTTPWire",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
    ]
)

// As Hummingbird does: `any` spelled out for existentials, members visible only from modules a file
// imports itself, and imports internal unless a file says `public import` (so no module leaks into an API by accident).
// This package's C targets (the rest are Swift): Swift's settings skip them, the sanitizers' C flags reach them.
let cTargets: Set = ["CUnderstudyHTTPWire", "CUnderstudyTLS"]
for target in package.targets where target.type != .system && !cTargets.contains(target.name) {
    target.swiftSettings =
        (target.swiftSettings ?? []) + [
            .enableUpcomingFeature("ExistentialAny"),
            .enableUpcomingFeature("MemberImportVisibility"),
            .enableUpcomingFeature("InternalImportsByDefault"),
        ]
}

// `make check`'s sanitizer runs (UNDERSTUDY_SANITIZER=address|thread, scripts/sanitized-tests.sh): this package's own
// targets, Swift and C, built and linked with the sanitizer in the ordinary scratch path. SwiftPM's `--sanitize`
// instruments every dependency too, in a scratch path of its own, so each sanitizer compiled the 33 packages again
// (BoringSSL, swift-nio, OpenAPIKit, GraphQLSwift: about 450 of a debug build's 730 s here) for code that is not ours.
// Here the dependencies' objects of the plain debug build are reused, and only ours are compiled again.
if let sanitizer = Context.environment["UNDERSTUDY_SANITIZER"], ["address", "thread"].contains(sanitizer) {
    for target in package.targets where target.type != .system {
        if cTargets.contains(target.name) {
            target.cSettings = (target.cSettings ?? []) + [.unsafeFlags(["-fsanitize=\(sanitizer)"])]
        } else {
            target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(["-sanitize=\(sanitizer)"])]
        }
        target.linkerSettings = (target.linkerSettings ?? []) + [.unsafeFlags(["-sanitize=\(sanitizer)"])]
    }
}
