// swift-tools-version: 6.2
// The package a team writes, as the README's "Add it to your package" says, with nothing else: an app target
// on UnderstudyClients, a test target on UnderstudyAdminClient alone (what an iOS test target may link), and a
// stand-in for the app a UI test launches. scripts/consumer-tests.sh builds and runs it against `understudy
// serve`, with UNDERSTUDY_SESSION unset and set (an Xcode scheme's Test action inherits it from Run). It sees
// Understudy as any other package does: only what is `public`.
import PackageDescription

let package = Package(
    name: "MyApp",
    platforms: [.macOS(.v14), .iOS(.v17)],
    dependencies: [
        // In a real package: .package(url: "https://github.com/<you>/understudy", from: "0.3.0").
        // The script puts this checkout at ../understudy so the package's name is the same.
        .package(path: "../understudy")
    ],
    targets: [
        .target(name: "MyApp", dependencies: [.product(name: "UnderstudyClients", package: "understudy")]),
        // What a UI test launches: it knows nothing about tests, only its launch environment.
        .executableTarget(name: "MyAppCLI", dependencies: ["MyApp"]),
        .testTarget(
            name: "MyAppTests",
            dependencies: ["MyApp", .product(name: "UnderstudyAdminClient", package: "understudy")]
        ),
    ]
)
