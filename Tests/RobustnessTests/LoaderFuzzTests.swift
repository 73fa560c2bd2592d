import Foundation
import Testing

@testable import Understudy
@testable import UnderstudyStaging

/// Random and mutated scenario files never crash the loader, and every
/// problem it reports names its file and a line or a key.
@Suite struct LoaderFuzzTests {
    /// A small deterministic generator, so a failure can be replayed from its seed.
    struct SplitMix: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    static let seeds: [String] = {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: bundledScenarios.path)) ?? []
        return files.filter { $0.hasSuffix(".yaml") }.sorted().compactMap {
            try? String(contentsOf: bundledScenarios.appendingPathComponent($0), encoding: .utf8)
        } + [#"{"description": "json", "apis": {"swapi": {"delay": 5}}, "routes": [{"path": "/x/:id", "json": {"id": "{{id}}"}}]}"#]
    }()

    static let fragments = [
        "{", "}", "[", "]", ":", "- ", "\n", "  ", "'", "\"", "&a", "*a", "!!binary", "%YAML 1.2\n", "---\n", "...\n",
        "extends: ", "apis:", "routes:", "fault: ", "delay: ", "json: ", "body_file: ", "../", "{{", "}}", "\u{0}",
        "\u{FEFF}", "999999999999999999999", "-1", "null", "~", "? ", "|\n", ">\n", "\t", "é", "😀",
    ]

    func mutate(_ text: String, _ random: inout SplitMix) -> String {
        var bytes = Array(text.utf8)
        for _ in 0..<Int.random(in: 1...8, using: &random) {
            let position = bytes.isEmpty ? 0 : Int.random(in: 0..<bytes.count, using: &random)
            switch Int.random(in: 0..<5, using: &random) {
            case 0 where !bytes.isEmpty: bytes[position] = UInt8.random(in: 0...255, using: &random)
            case 1 where !bytes.isEmpty: bytes.removeSubrange(position..<min(bytes.count, position + Int.random(in: 1...20, using: &random)))
            case 2: bytes.insert(contentsOf: Array(Self.fragments.randomElement(using: &random)!.utf8), at: position)
            case 3: bytes = Array(bytes.prefix(position))
            default:
                let piece = bytes[position..<min(bytes.count, position + 30)]
                bytes.insert(contentsOf: piece, at: min(bytes.count, position + Int.random(in: 0...40, using: &random)))
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test(arguments: 0..<6)
    func mutatedFilesNeverCrashAndEveryProblemIsLocated(_ batch: Int) throws {
        var random = SplitMix(state: UInt64(batch) &* 7919 &+ 1)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("understudy-fuzz-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("data"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "{\"message\": \"x\"}".write(to: folder.appendingPathComponent("data/body.json"), atomically: true, encoding: .utf8)
        var rejected = 0
        for iteration in 0..<300 {
            let seed = Self.seeds[Int.random(in: 0..<Self.seeds.count, using: &random)]
            let text = mutate(seed, &random)
            let file = iteration % 4 == 0 ? "fuzz.json" : "fuzz.yaml"
            try? FileManager.default.removeItem(at: folder.appendingPathComponent(iteration % 4 == 0 ? "fuzz.yaml" : "fuzz.json"))
            try text.write(to: folder.appendingPathComponent(file), atomically: true, encoding: .utf8)
            do {
                _ = try ScenarioLoader.load(directory: folder)
            } catch {
                rejected += 1
                for problem in error.problems {
                    #expect(!problem.file.isEmpty, "seed \(batch)/\(iteration): \(problem)")
                    #expect(problem.line != nil || problem.keyPath != nil, "seed \(batch)/\(iteration): \(problem) has neither line nor key\n\(text)")
                }
            }
        }
        #expect(rejected > 30, "the mutations do break files")
    }
}

let bundledScenarios = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("scenarios")
