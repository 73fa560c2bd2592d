import Foundation
import OpenAPIKit30
import UnderstudyDocuments
import UnderstudyOpenAPI
import UnderstudyOpenAPIGate

// Times loading an OpenAPI document in a release build, without building every test target:
//   swift build -c release --scratch-path .build-openapi-release --product UnderstudyOpenAPITiming
//   .build-openapi-release/release/UnderstudyOpenAPITiming [FILE]
// Without FILE it generates the 300-operation document of LargeDocument.swift (shared with the tests).
let arguments = CommandLine.arguments.dropFirst()
let url: URL
if let path = arguments.first {
    url = URL(fileURLWithPath: path)
} else {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("understudy-openapi-timing-\(getpid())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    url = folder.appendingPathComponent("large.yaml")
    try LargeDocument.text().write(to: url, atomically: true, encoding: .utf8)
}
let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
for round in 1...5 {
    let start = ContinuousClock.now
    let service = try OpenAPILoader.load(fileAt: url, gate: .inProcess)
    let elapsed = ContinuousClock.now - start
    let steps = service.timings.map {
        "\($0.step) \($0.duration.components.attoseconds / 1_000_000_000_000_000 + $0.duration.components.seconds * 1000) ms"
    }
    print("round \(round): \(size) bytes, \(service.operations.count) operations: \(elapsed) (\(steps.joined(separator: ", ")))")
}

// The two ways of feeding OpenAPIKit (3.0 documents): NodeDecoder over the parsed tree, which the
// loader uses, against the tree written as JSON bytes and read by Foundation's JSONDecoder.
if let bytes = FileManager.default.contents(atPath: url.path),
    (try? YAMLComposer.compose(Array(bytes), file: "timing"))?.child("openapi")?.string?.hasPrefix("3.0") == true
{
    let tree = try YAMLComposer.compose(Array(bytes), file: "timing")
    let userInfo: [CodingUserInfoKey: any Sendable] = [VendorExtensionsConfiguration.enabledKey: false]
    for round in 1...3 {
        var start = ContinuousClock.now
        _ = try NodeDecoding(userInfo: userInfo).decode(OpenAPI.Document.self, from: tree)
        let node = ContinuousClock.now - start
        start = ContinuousClock.now
        let json = Data(JSONValue(node: tree).jsonText.utf8)
        let written = ContinuousClock.now - start
        start = ContinuousClock.now
        let decoder = JSONDecoder()
        decoder.userInfo = userInfo
        // The tree written as JSON loses YAML's plain/quoted distinction (an enum's `1.0` becomes a number, which
        // OpenAPIKit then refuses as a string): said, not a crash of the tool.
        let outcome: String
        do {
            _ = try decoder.decode(OpenAPI.Document.self, from: json)
            outcome = "\(ContinuousClock.now - start)"
        } catch {
            outcome = "refused the JSON (\(error))"
        }
        print("decoder \(round): NodeDecoder \(node); JSON bytes \(written) + JSONDecoder \(outcome)")
    }
}
if arguments.isEmpty { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
