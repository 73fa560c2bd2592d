import Foundation
import Testing
import UnderstudyDocuments
import UnderstudyOpenAPI
import UnderstudyOpenAPIGate

/// Documents damaged at random (a seeded generator, so every run damages them alike): each load
/// either succeeds or reports located problems; none may crash or hang.
@Suite struct MutationTests {
    /// A small deterministic generator (SplitMix64).
    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    static let rounds = 100
    static let pieces = [
        "[", "]", "{", "}", ":", "- ", "'", "\"", "$ref: '#/x'", "&a ", "*a", "!!str ", "#", "-1", "1e999", "\n", "  ", "null", "~",
        "$ref: 'schemas/pet.yaml'", "type: [string, 'null']", "allOf: [{$ref: '#/components/schemas/Pet'}]", "minItems: -3",
        "maxLength: -1", "pattern: '(('", "format: date-time", "enum: []", "required: [nope]", "additionalProperties: false",
    ]

    @Test(arguments: Fixtures.oai + Fixtures.ours)
    func damagedDocumentsNeverCrash(_ document: String) throws {
        let source = Fixtures.url(document)
        let original = try String(contentsOf: source, encoding: .utf8)
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // The neighbours too, so relative references still lead somewhere.
        for name in try FileManager.default.contentsOfDirectory(atPath: source.deletingLastPathComponent().path)
        where name != source.lastPathComponent {
            try? FileManager.default.copyItem(
                at: source.deletingLastPathComponent().appendingPathComponent(name), to: folder.appendingPathComponent(name))
        }
        var generator = Generator(state: UInt64(document.utf8.reduce(0) { $0 &* 31 &+ Int($1) }.magnitude))
        var loaded = 0
        var refused = 0
        for round in 0..<Self.rounds {
            var lines = original.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            for _ in 0...(round % 4) {
                guard !lines.isEmpty else { break }
                let index = Int.random(in: 0..<lines.count, using: &generator)
                switch Int.random(in: 0..<4, using: &generator) {
                case 0: lines.remove(at: index)
                case 1: lines.insert(lines[index], at: index)
                case 2:
                    let piece = Self.pieces.randomElement(using: &generator) ?? ""
                    var line = lines[index]
                    let offset = line.isEmpty ? 0 : Int.random(in: 0..<line.count, using: &generator)
                    line.insert(contentsOf: piece, at: line.index(line.startIndex, offsetBy: offset))
                    lines[index] = line
                default:
                    let indent = String(lines[index].prefix { $0 == " " })
                    lines.insert(indent + (Self.pieces.randomElement(using: &generator) ?? ""), at: index)
                }
            }
            let url = folder.appendingPathComponent(source.lastPathComponent)
            try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
            do {
                _ = try OpenAPILoader.load(fileAt: url, displayName: document, gate: .inProcess)
                loaded += 1
            } catch {
                refused += 1
                #expect(error.problems.allSatisfy { !$0.file.isEmpty && $0.line != nil }, "\(error)")
                #expect(!error.problems.isEmpty)
            }
        }
        #expect(loaded + refused == Self.rounds)
        print("openapi-mutations: \(document): \(loaded) loaded, \(refused) refused with located problems")
    }
}
