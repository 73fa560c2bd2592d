import Foundation
import Testing

/// docs/ARCHITECTURE.md's module table (each module's product and what it depends on) and its table of test targets
/// say what Package.swift says: a target added, removed or rewired without its row fails here.
@Suite struct ArchitectureTableTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// One target of Package.swift: its kind, and the targets of this package it depends on (products of other
    /// packages left out).
    struct Target: Equatable {
        let kind: String
        let dependencies: Set<String>
        let path: String?
    }

    /// Package.swift's targets, read from its text: each `.target(`, `.executableTarget(`, `.testTarget(` and
    /// `.systemLibrary(` call up to its closing parenthesis.
    static func manifestTargets() throws -> [String: Target] {
        let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        var targets: [String: Target] = [:]
        for match in manifest.matches(of: /\.(target|executableTarget|testTarget|systemLibrary)\(\s*name: "([\w-]+)"/) {
            let call = balanced(manifest, from: match.range.lowerBound)
            // `.target(name: "X", condition: …)` in another target's list is a use of X, not its definition.
            if call.contains(", condition:") && !call.contains("dependencies:") { continue }
            var dependencies: Set<String> = []
            if let list = call.range(of: "dependencies: [") {
                // Products of other packages are `.product(name: …, package: …)`: taken out before the names are read.
                let text = String(balanced(call, from: call.index(before: list.upperBound))).replacing(/\.product\([^)]*\)/, with: "")
                for name in text.matches(of: /"([\w-]+)"/) { dependencies.insert(String(name.output.1)) }
                dependencies.subtract(["InProcessOpenAPI", "FullPackage"])  // traits' names in conditions, not targets
            }
            let path = call.firstMatch(of: /path: "([^"]+)"/).map { String($0.output.1) }
            targets[String(match.output.2)] = Target(kind: String(match.output.1), dependencies: dependencies, path: path)
        }
        return targets
    }

    /// `text` from the first `(` or `[` at or after `start` to the bracket that closes it (both included).
    static func balanced(_ text: some StringProtocol, from start: String.Index) -> Substring {
        let text = Substring(text)
        guard let open = text[start...].firstIndex(where: { $0 == "(" || $0 == "[" }) else { return text[start...] }
        var depth = 0
        var index = open
        while index < text.endIndex {
            switch text[index] {
            case "(", "[": depth += 1
            case ")", "]":
                depth -= 1
                if depth == 0 { return text[open...index] }
            default: break
            }
            index = text.index(after: index)
        }
        return text[open...]
    }

    static func architecture() throws -> String {
        try String(contentsOf: root.appendingPathComponent("docs/ARCHITECTURE.md"), encoding: .utf8)
    }

    /// The short names the table's "depends on" column uses for modules it names often.
    static let aliases = [
        "core": "UnderstudyHTTP", "transport": "UnderstudyMicroHTTPD", "engine": "UnderstudyStaging", "documents": "UnderstudyDocuments",
        "clients": "UnderstudyClients", "admin client": "UnderstudyAdminClient",
    ]

    @Test func theModuleTableIsPackageSwifts() throws {
        let targets = try Self.manifestTargets()
        #expect(targets.count > 30)
        let manifest = try String(contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let libraries = Set(manifest.matches(of: /\.library\(name: "(\w+)"/).map { String($0.output.1) })
        let executables = Set(manifest.matches(of: /\.executable\(name: "([\w-]+)"/).map { String($0.output.1) })
        let section = try #require(try Self.architecture().components(separatedBy: "\n## ").first { $0.hasPrefix("Modules") })
        var rows: Set<String> = []
        for line in section.components(separatedBy: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 5, let name = cells[1].firstMatch(of: /^`([\w-]+)`/).map({ String($0.output.1) }) else { continue }
            rows.insert(name)
            guard let target = targets[name] else {
                Issue.record("docs/ARCHITECTURE.md names a module \(name) that Package.swift does not have")
                continue
            }
            let product = libraries.contains(name) ? "library" : executables.contains(name) ? "executable" : "—"
            #expect(cells[2].hasPrefix(product), "\(name)'s product column says \(cells[2]), Package.swift: \(product)")
            // What the row says it depends on: names in backticks and the aliases, parentheses (remarks) left out.
            let column = cells[3].replacing(/\([^)]*\)/, with: "")
            var said = Set(column.matches(of: /`([\w-]+)`/).map { String($0.output.1) })
            for part in column.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) {
                if let module = Self.aliases[part] { said.insert(module) }
            }
            #expect(
                said == target.dependencies,
                "docs/ARCHITECTURE.md's row for \(name) depends on \(said.sorted()); Package.swift: \(target.dependencies.sorted())")
        }
        let modules = Set(targets.filter { $0.value.kind != "testTarget" && !($0.value.path ?? "").hasPrefix("Tests/") }.keys)
        #expect(modules.subtracting(rows).isEmpty, "modules without a row in docs/ARCHITECTURE.md: \(modules.subtracting(rows).sorted())")
    }

    @Test func theTestTableIsPackageSwifts() throws {
        let targets = try Self.manifestTargets()
        let tests = Set(targets.filter { $0.value.kind == "testTarget" }.map { $0.value.path ?? "Tests/\($0.key)" })
        let architecture = try Self.architecture()
        let table = try #require(architecture.range(of: "| target | tests |"))
        var rows: Set<String> = []
        for line in architecture[table.upperBound...].components(separatedBy: "\n").dropFirst(2) {
            guard line.hasPrefix("|") else { break }
            if let path = line.firstMatch(of: /^\| `?(Tests\/[\w-]+)`? \|/) { rows.insert(String(path.output.1)) }
        }
        #expect(tests.subtracting(rows).isEmpty, "test targets without a row in docs/ARCHITECTURE.md: \(tests.subtracting(rows).sorted())")
        let folders = Set(targets.values.compactMap(\.path).filter { $0.hasPrefix("Tests/") })
        #expect(
            rows.subtracting(tests).subtracting(folders).isEmpty, "rows naming no target: \(rows.subtracting(tests).subtracting(folders).sorted())")
    }
}
