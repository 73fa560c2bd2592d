package import UnderstudyAdminWire
import UnderstudyBuiltinAPIs
import UnderstudyDocuments
import UnderstudyStaging

#if canImport(FoundationEssentials)
package import FoundationEssentials
#else
package import Foundation
#endif

/// Turns what `understudy record --api` forwarded into datasets in the loader's own format (the shape of
/// `scenarios/data/<api>/…`) and a scenario that serves them, `<name>-dataset.yaml`: so a team can refresh
/// its data from the real services and then serve it with real pagination, search and relations, not only
/// the pages it happened to visit. Every body is hostile: one that is not the expected shape is skipped.
package struct DatasetWriter: Sendable {
    /// The routes scenario's name; the dataset scenario is `<name>-dataset`, its files under `data/<name>/<api>/`.
    package var name: String
    /// The built-in APIs being recorded, so that one with nothing usable is reported, not silently missing.
    package var apis: [UnderstudyAPI]

    package init(name: String, apis: [UnderstudyAPI]) {
        self.name = name
        self.apis = apis
    }

    package var scenarioName: String { "\(name)-dataset" }

    /// The dataset files, the scenario's text (nil when no API gave anything usable) and what the user should know.
    package struct Output {
        package var yaml: String?
        package var files: [(path: String, bytes: [UInt8])]
        package var notes: [String]
        /// One line per API written, e.g. `catfact: 20 facts, 5 breeds`.
        package var written: [String]
    }

    package func render(_ exchanges: [RecordedExchange]) -> Output {
        var catfact = CatFactHarvest()
        var swapi = SWAPIHarvest()
        var artic = ArticHarvest()
        for exchange in exchanges where exchange.method == "GET" && exchange.status == 200 {
            // Only the built-in prefixes, which `--api` alone may record under (the mapping refuses them otherwise).
            guard let api = apis.first(where: { $0.prefix == exchange.mapping.prefix }),
                let body = try? JSONParser.parse(exchange.body, file: "").value
            else { continue }
            switch api {
            case .catfact: catfact.add(body)
            case .swapi: swapi.add(body)
            case .artic: artic.add(body)
            }
        }
        var output = Output(yaml: nil, files: [], notes: [], written: [])
        var entries: [(UnderstudyAPI, String)] = []
        for api in apis {
            let folder = "data/\(name)/\(api.rawValue)"
            let harvest: (files: [(String, [JSONValue])], summary: String, notes: [String])?
            switch api {
            case .catfact: harvest = catfact.files()
            case .swapi: harvest = swapi.files()
            case .artic: harvest = artic.files()
            }
            guard let harvest else {
                output.notes.append("\(api.rawValue): nothing usable recorded for a dataset; none written")
                continue
            }
            for (file, items) in harvest.files { output.files.append(("\(folder)/\(file)", Self.jsonArray(items))) }
            output.notes += harvest.notes.map { "\(api.rawValue): \($0)" }
            output.written.append("\(api.rawValue): \(harvest.summary)")
            entries.append((api, api == .artic ? "\(folder)/artworks.json" : folder))
        }
        guard !entries.isEmpty else { return output }
        var yaml = "# Written by `understudy record` from the answers it forwarded; serve it with `understudy serve --scenario \(scenarioName)`.\n"
        yaml += "description: \(YAMLText.quoted("Datasets recorded by understudy record: \(output.written.joined(separator: "; "))."))\n"
        yaml += "apis:\n"
        for (api, path) in entries { yaml += "  \(api.rawValue):\n    dataset: \(YAMLText.quoted(path))\n" }
        output.yaml = yaml
        return output
    }

    /// A JSON array with one item a line: readable, and a refresh diffs item by item.
    static func jsonArray(_ items: [JSONValue]) -> [UInt8] {
        guard !items.isEmpty else { return Array("[]\n".utf8) }
        let writer = JSONWriter()
        var bytes = Array("[\n".utf8)
        for (index, item) in items.enumerated() {
            bytes += Array("  ".utf8) + writer.template(item).render(origin: Origin(""))
            bytes += Array((index == items.count - 1 ? "\n" : ",\n").utf8)
        }
        return bytes + Array("]\n".utf8)
    }

    /// Writes the dataset files, then `<folder>/<name>-dataset.yaml` atomically, as the routes scenario is written.
    package func save(_ output: Output, into folder: URL) throws(RecordingSaveError) {
        guard let yaml = output.yaml else { return }
        try RecordingFiles.write(output.files, scenario: yaml, named: scenarioName, into: folder)
    }
}
