// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Understudy",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "understudy", targets: ["understudy"]),
        .library(name: "Understudy", targets: ["Understudy"]),
        .library(name: "UnderstudyHTTP", targets: ["UnderstudyHTTP"]),
        .library(name: "UnderstudyTesting", targets: ["UnderstudyTesting"]),
        .library(name: "UnderstudyClients", targets: ["UnderstudyClients"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
    ],
    targets: [
        .systemLibrary(
            name: "CMicroHTTPD",
            pkgConfig: "libmicrohttpd",
            providers: [.apt(["libmicrohttpd-dev"])]
        ),
        .target(
            name: "UnderstudyHTTP",
            dependencies: [
                "CMicroHTTPD",
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]
        ),
        .target(
            name: "Understudy",
            dependencies: [
                "UnderstudyHTTP",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Yams", package: "Yams"),
            ]
        ),
        .target(name: "UnderstudyClients"),
        .target(
            name: "UnderstudyTesting",
            dependencies: ["Understudy", "UnderstudyHTTP"]
        ),
        .executableTarget(
            name: "understudy",
            dependencies: [
                "Understudy",
                "UnderstudyHTTP",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(
            name: "UnderstudyHTTPTests",
            dependencies: ["UnderstudyHTTP", "UnderstudyTesting"]
        ),
        .testTarget(
            name: "UnderstudyTests",
            dependencies: ["Understudy", "UnderstudyTesting", "UnderstudyHTTP", "understudy"]
        ),
    ]
)
