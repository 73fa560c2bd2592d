import UnderstudyDocuments
import UnderstudyStaging

#if canImport(FoundationEssentials)
package import FoundationEssentials
#else
package import Foundation
#endif

/// Turns a recording into a scenario file (and body files under `data/<name>/`) that `understudy
/// validate` accepts as written, and writes them so that an interrupted save never leaves a broken or
/// half-written scenario: body files first, under names taken from their contents (an old recording's
/// files are never overwritten with other bytes), then the scenario file, atomically (temporary file, rename).
package struct ScenarioWriter: Sendable {
    package var name: String
    package var keepHeaders: Set<String> = []
    package var parameters = false
    /// Bodies longer than this go to a body file; the scenario file itself must stay under the loader's 1 MB.
    package var inlineLimit = 2048

    package init(name: String) { self.name = name }

    /// What a save produced: the scenario file's text, the body files, and what the user should know.
    package struct Output {
        package var yaml: String
        package var files: [(path: String, bytes: [UInt8])]
        package var notes: [String]
        package var routeCount: Int
    }

    package func render(_ exchanges: [RecordedExchange]) -> Output {
        var notes: [String] = []
        var routes: [RecordedRoute] = []
        for exchange in exchanges {
            do throws(RecordedRoute.Skip) {
                routes.append(try RecordedRoute(exchange, keepHeaders: Set(keepHeaders.map { $0.lowercased() }), notes: &notes))
            } catch {
                notes.append(error.description)
            }
        }
        // A route without a query matches any query: the ones with a query come first, so each is reached.
        routes = routes.filter { !$0.query.isEmpty } + routes.filter { $0.query.isEmpty }
        if parameters { routes += ParameterGeneraliser.generalise(routes) }
        var output = write(routes, inlineLimit: inlineLimit, notes: notes)
        if output.yaml.utf8.count > 900_000 { output = write(routes, inlineLimit: 0, notes: notes) }
        return output
    }

    private func write(_ routes: [RecordedRoute], inlineLimit: Int, notes: [String]) -> Output {
        let sources = Set(routes.map { "\($0.mapping.upstream) as \($0.mapping.prefix)" }).sorted()
        var yaml = "# Written by `understudy record`; replay it with `understudy serve --scenario \(name)`.\n"
        yaml += "description: \(YAMLText.quoted("Recorded from \(sources.joined(separator: ", ")): \(routes.count) routes."))\n"
        yaml += routes.isEmpty ? "routes: []\n" : "routes:\n"
        var files: [(String, [UInt8])] = []
        for route in routes {
            yaml += "  - method: \(route.method)\n"
            yaml += "    path: \(YAMLText.quoted(route.path))\n"
            if !route.query.isEmpty { yaml += "    query: \(YAMLText.quoted(route.query))\n" }
            yaml += "    status: \(route.status)\n"
            if !route.headers.isEmpty {
                yaml += "    headers:\n"
                var written: Set<String> = []
                for (header, value) in route.headers where written.insert(header.lowercased()).inserted {
                    yaml += "      \(YAMLText.quoted(header)): \(YAMLText.quoted(value))\n"
                }
            }
            switch route.body {
            case .none: break
            case .json(let value):
                let flow = YAMLText.flow(value)
                if flow.utf8.count <= inlineLimit {
                    yaml += "    json: \(flow)\n"
                } else {
                    let bytes = JSONWriter().template(value).render(origin: Origin("{{origin}}"))
                    yaml += "    body_file: \(YAMLText.quoted(bodyFile(route, bytes, extension: "json", into: &files)))\n"
                }
            case .text(let text):
                if text.utf8.count <= inlineLimit {
                    yaml += "    body: \(YAMLText.quoted(text))\n"
                } else {
                    yaml +=
                        "    body_file: \(YAMLText.quoted(bodyFile(route, Array(text.utf8), extension: Self.fileExtension(route), into: &files)))\n"
                }
            }
        }
        return Output(yaml: yaml, files: files, notes: notes, routeCount: routes.count)
    }

    /// `data/<name>/<method>-<path words>-<hash of the bytes>.<ext>`: readable, and never the same name for other bytes.
    private func bodyFile(_ route: RecordedRoute, _ bytes: [UInt8], extension ext: String, into files: inout [(String, [UInt8])]) -> String {
        let words = route.path.split(separator: "/").map { $0.filter { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" } }
            .filter { !$0.isEmpty }.joined(separator: "-").prefix(60)
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325  // FNV-1a, 64 bits
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        let path = "data/\(name)/\(route.method.lowercased())-\(words)-\(String(hash, radix: 16)).\(ext)"
        if !files.contains(where: { $0.0 == path }) { files.append((path, bytes)) }
        return path
    }

    private static func fileExtension(_ route: RecordedRoute) -> String {
        let type = route.headers.first { $0.0.lowercased() == "content-type" }?.1.lowercased() ?? ""
        if type.contains("json") { return "json" }
        if type.contains("html") { return "html" }
        if type.contains("xml") { return "xml" }
        return "txt"
    }

    /// Writes `output` as `<folder>/<name>.yaml` and its body files; throws, leaving the previous scenario file
    /// as it was, when any of it cannot be written.
    package func save(_ output: Output, into folder: URL) throws(RecordingSaveError) {
        try RecordingFiles.write(output.files, scenario: output.yaml, named: name, into: folder)
    }
}

package enum RecordingSaveError: Error, CustomStringConvertible {
    case cannotWrite(String, String)
    case cannotDerive(String, String)

    package var description: String {
        switch self {
        case .cannotWrite(let path, let reason): "cannot write \(path): \(reason); the previous scenario file (if any) is unchanged"
        case .cannotDerive(let name, let reason): "cannot derive variants of '\(name)': \(reason)"
        }
    }
}
