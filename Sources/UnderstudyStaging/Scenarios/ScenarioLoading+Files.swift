import SystemPackage
import UnderstudyAPIService
import UnderstudyAdminWire
import UnderstudyDocuments

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What scenarios name outside their own file: datasets, body files, and the check that each stays inside the folder.
extension ScenarioLoading {

    mutating func service(_ api: UnderstudyAPI, _ choice: ScenarioDefinition.DatasetChoice, file: String, keyPath: String) -> (any APIService)? {
        let key: String
        switch choice {
        case .empty: key = "\(api.rawValue):empty"
        case .path(let path): key = "\(api.rawValue):\(path)"
        }
        if let cached = services[key] { return cached }
        let service: (any APIService)?
        switch choice {
        case .empty: service = apis.empty(api)
        case .path(let path):
            guard let url = contained(path, file: file, keyPath: keyPath) else { return nil }
            let wantsFolder = api.datasetIsFolder
            if (try? Stat(FilePath(url.path))).map({ $0.type == .directory }) != wantsFolder {
                problems.append(
                    FileProblem(
                        file: file, keyPath: keyPath,
                        message: wantsFolder
                            ? "'\(path)' is not a folder; the \(api.rawValue) dataset is a folder of JSON files (see data/\(api.rawValue))"
                            : "'\(path)' is a folder; the artic dataset is one JSON file (see data/artic/artworks.json)"))
                return nil
            }
            do {
                service = try apis.load(api, url, path, lazyDatasets)
            } catch {
                // A dataset file that cannot be read at all is also reported where the scenario names it.
                problems += error.problems.map { problem in
                    problem.line == nil && problem.keyPath == nil
                        ? FileProblem(file: file, keyPath: keyPath, message: "dataset \(problem.file): \(problem.message)")
                        : problem
                }
                return nil
            }
        }
        services[key] = service
        return service
    }

    mutating func fixedResponse(
        _ definition: ScenarioDefinition.ResponseDefinition, file: String, keyPath: String, parameters: [String]
    ) -> CannedResponse? {
        var body = ""
        switch definition.body {
        case .none: break
        case .inline(let text): body = text
        case .json(let value): body = String(decoding: JSONWriter().template(value).render(origin: Origin("{{origin}}")), as: UTF8.self)
        case .file(let path):
            if let cached = bodies[path] {
                body = cached
            } else {
                guard let url = contained(path, file: file, keyPath: keyPath + ".body_file") else { return nil }
                let read = Result { () throws(FileProblem) in try DocumentParser.readText(at: url, displayName: path) }
                guard case .success(let decoded) = read, let text = decoded else {
                    // Reported where the scenario names the file; the reason (size, a symlink out, …) names it too.
                    let reason =
                        if case .failure(let problem) = read { "cannot read '\(path)': \(problem.message)" } else {
                            "cannot read '\(path)' as UTF-8 text"
                        }
                    problems.append(FileProblem(file: file, line: definition.line, keyPath: keyPath + ".body_file", message: reason))
                    return nil
                }
                bodies[path] = text
                body = text
            }
        }
        let fixed = CannedResponse(status: definition.status, fields: definition.headers, body: body)
        let unknown = fixed.placeholders.subtracting(["origin"] + parameters)
        if !unknown.isEmpty {
            problems.append(
                FileProblem(
                    file: file, line: definition.line, keyPath: keyPath,
                    message:
                        "unknown placeholder \(unknown.sorted().map { "{{\($0)}}" }.joined(separator: ", ")) (known: \((["origin"] + parameters).map { "{{\($0)}}" }.joined(separator: ", ")))"
                ))
            return nil
        }
        return fixed
    }

    /// The file or folder `path` names inside the scenarios folder; nil (with
    /// a problem) when it is absolute, leaves the folder (also through a
    /// symlink) or does not exist.
    mutating func contained(_ path: String, file: String, keyPath: String) -> URL? {
        guard !path.hasPrefix("/") else {
            problems.append(FileProblem(file: file, keyPath: keyPath, message: "'\(path)' is absolute; give a path relative to the scenarios folder"))
            return nil
        }
        let root = directory.resolvingSymlinksInPath().path
        let url = directory.appendingPathComponent(path).standardizedFileURL
        guard FileManager.default.fileExists(atPath: url.path) else {
            problems.append(FileProblem(file: file, keyPath: keyPath, message: "'\(path)' does not exist in the scenarios folder"))
            return nil
        }
        let resolved = url.resolvingSymlinksInPath().path
        guard resolved.hasPrefix(root + "/") else {
            problems.append(FileProblem(file: file, keyPath: keyPath, message: "'\(path)' points outside the scenarios folder"))
            return nil
        }
        return url
    }
}
