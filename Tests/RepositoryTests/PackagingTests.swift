import Foundation
import Testing

/// docker/ cannot be built here (no Docker engine), so check what can be:
/// the Dockerfile runs the very scripts CI runs, and the image is set up as documented.
@Suite struct PackagingTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    func read(_ path: String) throws -> String {
        try String(contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8)
    }

    /// Recipe lines of `target` and of everything it depends on, from the Makefile.
    func recipes(of target: String, in makefile: String) -> [String] {
        var rules: [String: (prerequisites: [String], recipe: [String])] = [:]
        var current: String?
        for line in makefile.components(separatedBy: "\n") {
            if line.hasPrefix("\t"), let name = current {
                rules[name]?.recipe.append(line.trimmingCharacters(in: .whitespaces))
            } else if let match = line.firstMatch(of: /^([A-Za-z][\w-]*):(?!=)(.*)$/) {
                current = String(match.1)
                rules[String(match.1)] = (match.2.split(separator: " ").map(String.init), [])
            } else if !line.hasPrefix("#") {
                current = nil
            }
        }
        var seen: Set<String> = []
        func collect(_ name: String) -> [String] {
            guard seen.insert(name).inserted, let rule = rules[name] else { return [] }
            return rule.prerequisites.flatMap(collect) + rule.recipe
        }
        return collect(target)
    }

    @Test func theDockerfileRunsTheScriptsCIRuns() throws {
        let dockerfile = try read("docker/Dockerfile")
        let scripts = Set(dockerfile.matches(of: /scripts\/[\w.-]+/).map { String($0.0) })
        #expect(scripts == ["scripts/install-deps.sh", "scripts/build.sh"])
        for script in scripts {
            #expect(FileManager.default.isExecutableFile(atPath: Self.root.appendingPathComponent(script).path), "\(script) exists and is executable")
        }
        #expect(try read(".ci/run").contains("make test"))
        let ciSteps = recipes(of: "test", in: try read("Makefile")).joined(separator: "\n")
        for script in scripts {
            #expect(ciSteps.contains(script), "make test (what CI runs) also runs \(script)")
        }
    }

    /// Every Debian package Package.swift names for a system library is one install-deps.sh installs,
    /// so a fresh CI machine has it before `swift build`.
    @Test func installDepsInstallsTheSystemLibraries() throws {
        let manifest = try read("Package.swift")
        let packages = manifest.matches(of: /\.apt\(\[([^\]]*)\]\)/).flatMap { $0.1.split(separator: ",") }
            .map { $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }
        #expect(Set(packages) == ["libmicrohttpd-dev", "libyaml-dev", "libgnutls28-dev", "libhiredis-dev", "zlib1g-dev", "libbrotli-dev"])
        let line = try #require(try read("scripts/install-deps.sh").components(separatedBy: "\n").first { $0.hasPrefix("packages=(") })
        for package in packages {
            #expect(line.contains(package), "install-deps.sh installs \(package)")
        }
    }

    /// Full Foundation (and its ICU) stays out of the server binary: its modules import FoundationEssentials
    /// wherever it exists, and full Foundation only where it does not (Apple platforms).
    @Test func theServerModulesDoNotImportFullFoundation() throws {
        for module in ["Sources/UnderstudyHTTP", "Sources/Understudy", "Sources/understudy", "Sources/UnderstudyAdminWire"] {
            let files = try FileManager.default.subpathsOfDirectory(atPath: Self.root.appendingPathComponent(module).path).filter {
                $0.hasSuffix(".swift")
            }
            #expect(!files.isEmpty)
            for file in files {
                let lines = try read("\(module)/\(file)").components(separatedBy: "\n")
                for (index, line) in lines.enumerated()
                where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//")
                    && line.contains("import ") && line.contains("Foundation") && !line.contains("FoundationEssentials")
                {
                    let guarded =
                        ["import Foundation", "public import Foundation", "package import Foundation"].contains(line) && index >= 3
                        && lines[index - 1] == "#else"
                        && lines[index - 3] == "#if canImport(FoundationEssentials)"
                    #expect(guarded, "\(module)/\(file):\(index + 1): full Foundation only in the #else of #if canImport(FoundationEssentials)")
                }
                #expect(!lines.contains("import Yams"), "\(module)/\(file)")
            }
        }
    }

    /// A team may depend on the package and redistribute the image: one licence, the repository's LICENSE, named
    /// the same by the image (its OCI label, and the file itself) and by the Homebrew formula.
    @Test func theLicenceIsTheRepositorysEverywhereItShips() throws {
        let licence = try read("LICENSE")
        #expect(licence.hasPrefix("                                 Apache License\n                           Version 2.0, January 2004"))
        let runtime = try #require(try read("docker/Dockerfile").components(separatedBy: "\nFROM ").last)
        #expect(runtime.contains(#"org.opencontainers.image.licenses="Apache-2.0""#))
        #expect(runtime.contains("COPY LICENSE /usr/share/doc/understudy/LICENSE"))
        let formula = try read("Formula/understudy.rb")
        #expect(formula.contains(#"license "Apache-2.0""#))
        #expect(try read("scripts/install.sh").contains("install -m 0644 LICENSE"))
    }

    /// `make install` and the Homebrew formula lay out the same files: the three executables side by side (understudy
    /// runs its helpers from its own folder) and the bundled scenarios where `serve` looks for them.
    @Test func theFormulaAndMakeInstallAgree() throws {
        let formula = try read("Formula/understudy.rb")
        let script = try read("scripts/install.sh")
        for tool in ["understudy", "understudy-upstream", "understudy-openapi-gate"] {
            #expect(formula.contains(tool) && script.contains(tool), "both install \(tool)")
        }
        #expect(formula.contains(#"(share/"understudy").install "scenarios""#))
        #expect(script.contains(#"$prefix/share/understudy/scenarios"#))
        let lookup = try read("Sources/understudy/Environment.swift")
        #expect(lookup.contains(#""share/understudy/scenarios""#), "serve reads where they are installed")
    }

    /// A product per kind of user: every library product has its page in docs/products/ (who links it, what it
    /// gives), every page there is a product's, and the index lists each one.
    @Test func everyProductHasItsPageAndEveryPageAProduct() throws {
        let manifest = try read("Package.swift")
        let libraries = Set(manifest.matches(of: /\.library\(name: "(\w+)"/).map { String($0.1) })
        #expect(
            libraries == [
                "UnderstudyClients", "UnderstudyDependencies", "UnderstudyOpenAPIRuntime", "UnderstudyAdminClient", "UnderstudyTesting", "Understudy",
            ])
        let folder = Self.root.appendingPathComponent("docs/products")
        let pages = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".md") && $0 != "README.md" }
        #expect(Set(pages.map { String($0.dropLast(".md".count)) }) == libraries)
        let index = try read("docs/products/README.md")
        for library in libraries {
            #expect(index.contains("| `\(library)` |"), "docs/products/README.md lists \(library)")
            let page = try read("docs/products/\(library).md")
            #expect(page.hasPrefix("# \(library)\n") && page.contains("**Who links it:**") && page.contains("**What it gives:**"))
            #expect(page.contains(#".product(name: "\#(library)", package: "understudy")"#), "\(library)'s page shows how to add it")
        }
    }

    /// OpenAPIKit is compiled only where a document is read: the gate's module is linked by the helper, by this
    /// package's own tests, and by `Understudy` only when a package turns on the trait `InProcessOpenAPI`.
    @Test func openAPIKitOnlyWhereADocumentIsRead() throws {
        let manifest = try read("Package.swift")
        func target(_ name: String) throws -> Substring {
            let start = try #require(manifest.range(of: "\n            name: \"\(name)\","))
            let end = try #require(manifest[start.upperBound...].range(of: "\n        )"))
            return manifest[start.lowerBound..<end.lowerBound]
        }
        #expect(!(try target("UnderstudyTesting")).contains("UnderstudyOpenAPIGate"))
        #expect(!(try target("understudy")).contains("UnderstudyOpenAPIGate"))
        #expect(try target("Understudy").contains(#".target(name: "UnderstudyOpenAPIGate", condition: .when(traits: ["InProcessOpenAPI"]))"#))
        #expect(manifest.contains(#"name: "InProcessOpenAPI""#))
        #expect(manifest.contains(#".default(enabledTraits: ["FullPackage"])"#), "InProcessOpenAPI is not on by default")
        // Every product of the packages only the client products and helpers need is behind the default trait, so
        // `make run` (--disable-default-traits) fetches none of them.
        for package in ["swift-dependencies", "async-http-client", "OpenAPIKit", "swift-openapi-runtime", "swift-openapi-urlsession"] {
            for use in manifest.matches(of: /\.product\(name: "\w+", package: "([\w-]+)"[^)]*\)/) where use.output.1 == package {
                #expect(use.output.0.contains(#"condition: .when(traits: ["FullPackage"]"#), "\(use.output.0)")
            }
        }
        #expect(try read("scripts/build.sh").contains("--disable-default-traits"))
    }

    @Test func theImageIsSlimNonRootHealthCheckedAndGuarded() throws {
        let dockerfile = try read("docker/Dockerfile")
        let stages = dockerfile.components(separatedBy: "\nFROM ")
        #expect(stages.count == 3, "comments, then two stages: build, then runtime")
        let runtime = try #require(stages.last)
        #expect(runtime.hasPrefix("debian:bookworm-slim"))
        #expect(runtime.contains("libmicrohttpd12") && runtime.contains("libyaml-0-2"), "the two C libraries the binary links")
        #expect(!runtime.contains("-dev") && !runtime.contains("swift"), "no toolchain at run time")
        #expect(runtime.contains("USER understudy"))
        #expect(runtime.contains("EXPOSE 8080"))
        #expect(runtime.contains("HEALTHCHECK") && runtime.contains("/__admin/health"))
        #expect(runtime.contains("UNDERSTUDY_HOST=0.0.0.0"))
        #expect(runtime.contains("COPY --chown=understudy scenarios"))
        // `--tls` keeps its CA in a folder the image's user owns, where a volume is mounted (docs/https.md).
        #expect(runtime.contains("install -d -o understudy -m 0700 /srv/understudy/tls"))
        #expect(runtime.contains("UNDERSTUDY_TLS_DIR=/srv/understudy/tls"))
        #expect(dockerfile.contains(#"-v "$HOME/.local/share/understudy/tls:/srv/understudy/tls""#))
    }

    @Test func composeMountsTheScenariosReadOnlyAndWatchesThem() throws {
        let compose = try read("docker/docker-compose.yml")
        #expect(compose.contains("../scenarios:/srv/understudy/scenarios:ro"))
        #expect(compose.contains(#"UNDERSTUDY_WATCH: "1""#))
        #expect(compose.contains("UNDERSTUDY_ADMIN_TOKEN"))
        #expect(compose.contains("UNDERSTUDY_BASE_URL: http://understudy:8080"))
        let workflow = try read("docker/ci/github-actions.yml")
        #expect(workflow.contains("services:") && workflow.contains("/__admin/health") && workflow.contains("swift test"))
        #expect(workflow.contains("-X PUT"), "flips scenarios with curl")
    }

    /// The modules an iOS test target links import Foundation, the wire types, the clients and (for the
    /// `.understudySession` trait, where it exists) Testing, nothing else: no server module, no C library.
    @Test func theAdminClientDependsOnNothing() throws {
        let allowed: Set<String> = [
            "Foundation", "FoundationEssentials", "FoundationNetworking", "UnderstudyAdminWire", "UnderstudyClients", "Testing",
        ]
        for module in ["Sources/UnderstudyAdminClient", "Sources/UnderstudyAdminWire", "Sources/UnderstudyClients"] {
            let files = try FileManager.default.subpathsOfDirectory(atPath: Self.root.appendingPathComponent(module).path).filter {
                $0.hasSuffix(".swift")
            }
            #expect(!files.isEmpty)
            for file in files {
                for line in try read("\(module)/\(file)").components(separatedBy: "\n") {
                    guard let match = line.firstMatch(of: /^(?:@_exported )?(?:public |package |internal )?import (?:enum |struct )?(\w+)/)
                    else { continue }
                    #expect(allowed.contains(String(match.1)), "\(module)/\(file): \(line)")
                }
            }
        }
    }
}
