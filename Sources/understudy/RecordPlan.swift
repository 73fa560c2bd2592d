import ArgumentParser
import Understudy
import UnderstudyAdminWire
import UnderstudyRecording
import UnderstudyStaging

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `understudy record`'s arguments checked and turned into what the recorder needs, and its save.
enum RecordPlan {
    /// The real services' base URLs, which Understudy's prefixes stand for.
    static let realBaseURLs: [UnderstudyAPI: String] = [
        .swapi: "https://swapi.dev/api", .artic: "https://api.artic.edu/api/v1", .catfact: "https://catfact.ninja",
    ]

    static func mappings(upstreams: [String], prefixes: [String], apis: [String]) throws -> [UpstreamMapping] {
        guard upstreams.count == prefixes.count else {
            throw ValidationError("give one --prefix for each --upstream (got \(upstreams.count) --upstream, \(prefixes.count) --prefix)")
        }
        var mappings: [UpstreamMapping] = []
        do {
            for (upstream, prefix) in zip(upstreams, prefixes) { mappings.append(try UpstreamMapping(prefix: prefix, upstream: upstream)) }
            for text in apis {
                let parts = text.split(separator: "=", maxSplits: 1).map(String.init)
                guard let api = UnderstudyAPI(rawValue: parts[0]) else {
                    throw ValidationError("--api \(parts[0]): unknown API (known: \(UnderstudyAPI.allCases.map(\.rawValue).joined(separator: ", ")))")
                }
                mappings.append(try UpstreamMapping(prefix: api.prefix, upstream: parts.count > 1 ? parts[1] : realBaseURLs[api]!, builtIn: api))
            }
        } catch let error as UpstreamMappingError {
            throw ValidationError(error.description)
        }
        guard !mappings.isEmpty else { throw ValidationError("nothing to record: give --upstream URL --prefix /path, or --api NAME") }
        let duplicates = Dictionary(grouping: mappings, by: \.prefix).filter { $0.value.count > 1 }.keys
        if let duplicate = duplicates.first { throw ValidationError("prefix \(duplicate) is given twice") }
        return mappings
    }

    /// The built-in APIs among `mappings` (only `--api` may take their prefixes), for the dataset writer.
    static func builtInAPIs(_ mappings: [UpstreamMapping]) -> [UnderstudyAPI] {
        mappings.compactMap { mapping in UnderstudyAPI.allCases.first { $0.prefix == mapping.prefix } }
    }

    /// The scenarios folder and the scenario's name from `--into`.
    static func target(_ into: String) throws -> (folder: URL, name: String) {
        let url = URL(fileURLWithPath: into, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath)).standardizedFileURL
        guard ["yaml", "yml"].contains(url.pathExtension.lowercased()) else {
            throw ValidationError("--into must name a .yaml file, e.g. scenarios/myapi.yaml")
        }
        let name = url.deletingPathExtension().lastPathComponent
        guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) else {
            throw ValidationError("--into: the scenario name '\(name)' may hold only letters, digits, - and _")
        }
        let folder = url.deletingLastPathComponent()
        let type = (try? FileManager.default.attributesOfItem(atPath: folder.path))?[.type] as? FileAttributeType
        guard type == .typeDirectory else {
            throw ValidationError("--into: the folder \(folder.path) does not exist")
        }
        return (folder, name)
    }

    /// Writes the recording (and, asked to, its derived variants), then loads the folder as `validate` does.
    /// With `--api`, also the datasets of what was recorded and their scenario (`<name>-dataset.yaml`).
    static func save(
        _ recorder: Recorder, writer: ScenarioWriter, datasets: DatasetWriter?, folder: URL, derive: Bool
    ) -> Result<String, RecordingSaveError> {
        let exchanges = recorder.exchanges
        let output = writer.render(exchanges)
        let dataset = datasets?.render(exchanges)
        do throws(RecordingSaveError) {
            try writer.save(output, into: folder)
            if let datasets, let dataset { try datasets.save(dataset, into: folder) }
        } catch {
            return .failure(error)
        }
        var lines = output.notes.map { "note: \($0)" }
        if recorder.dropped > 0 { lines.append("note: \(recorder.dropped) answers were not kept (the recording is at its size limit)") }
        lines.append(
            "wrote \(folder.appendingPathComponent(writer.name + ".yaml").path): \(output.routeCount) routes, \(output.files.count) body files")
        if let datasets, let dataset {
            lines += dataset.notes.map { "note: \($0)" }
            if dataset.yaml != nil {
                let path = folder.appendingPathComponent(datasets.scenarioName + ".yaml").path
                lines.append("wrote \(path): \(dataset.written.joined(separator: "; "))")
            }
        }
        if derive {
            switch DerivedVariants.write(recording: writer.name, folder: folder) {
            case .success(let names): lines.append("derived: \(names.joined(separator: ", "))")
            case .failure(let error): return .failure(error)
            }
        }
        do {
            _ = try ScenarioLoader.load(directory: folder, gate: HelperOpenAPIGate.gate)
        } catch {
            lines += error.problems.map { "warning: \($0)" }
        }
        return .success(lines.joined(separator: "\n"))
    }
}
