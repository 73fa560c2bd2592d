import HTTPTypes
import UnderstudyBuiltinAPIs
package import UnderstudyDocuments
import UnderstudyHTTP
import UnderstudyStaging

#if canImport(FoundationEssentials)
package import FoundationEssentials
#else
package import Foundation
#endif

/// `understudy derive FILE` (and `record --derive`): the scenarios a recording's tests flip to, each a small
/// file that `extends:` the recording. Their top-level settings are nearer than the recorded routes, so
/// they win over them (see ``GenericBehavior``); `empty` instead repeats each JSON route with its
/// arrays emptied and its count and total fields zeroed.
package enum DerivedVariants {
    package static let kinds = ["empty", "not-found", "server-error", "malformed-json"]

    /// Writes `<recording>-<kind>.yaml` for each kind into `folder`, which must load with the recording in it.
    package static func write(recording: String, folder: URL) -> Result<[String], RecordingSaveError> {
        let scenario: Scenario
        do {
            guard let loaded = try ScenarioLoader.load(directory: folder, apis: .builtin)[recording] else {
                return .failure(.cannotDerive(recording, "no scenario of that name in \(folder.path)"))
            }
            scenario = loaded
        } catch {
            return .failure(.cannotDerive(recording, error.problems.map(\.description).joined(separator: "; ")))
        }
        var written: [String] = []
        for kind in kinds {
            let name = "\(recording)-\(kind)"
            let text =
                "# Written by `understudy derive` from \(recording).yaml; edit freely, it is not rewritten unless derived again.\n"
                + "extends: \(recording)\n" + body(kind, scenario: scenario)
            let url = folder.appendingPathComponent(name + ".yaml")
            do {
                try Data(text.utf8).write(to: url, options: .atomic)
            } catch {
                return .failure(.cannotWrite(url.path, "\(error)"))
            }
            written.append(name)
        }
        return .success(written)
    }

    private static func body(_ kind: String, scenario: Scenario) -> String {
        switch kind {
        case "not-found":
            return
                "description: \(YAMLText.quoted("\(scenario.name)'s routes answer 404."))\nresponse:\n  status: 404\n  json: {\"status\": 404, \"error\": \"Not Found\"}\n"
        case "server-error":
            return
                "description: \(YAMLText.quoted("\(scenario.name)'s routes answer 500."))\nresponse:\n  status: 500\n  json: {\"status\": 500, \"error\": \"Internal Server Error\"}\n"
        case "malformed-json":
            return
                "description: \(YAMLText.quoted("\(scenario.name)'s routes answer 200 with half of their body: not valid JSON."))\nfault: malformed-json\n"
        default:
            return emptyRoutes(scenario)
        }
    }

    /// Every recorded JSON route again, with arrays emptied and count/total fields zeroed; other routes are inherited as they are.
    /// A GraphQL operation's answer is written back as one (`operation:`); one chosen by its variables is inherited (a
    /// matcher has no spelling here), behind the operation's emptied answer.
    private static func emptyRoutes(_ scenario: Scenario) -> String {
        let text = "description: \(YAMLText.quoted("\(scenario.name) with every list empty and every count or total 0."))\n"
        var routes = ""
        for route in scenario.routes where route.depth == 0 {
            guard let fixed = route.fixed, let value = try? JSONParser.parse(Array(fixed.body.utf8), file: "").value else { continue }
            let emptied = emptied(value)
            guard emptied != value, route.graphQLOperation?.variables == nil else { continue }
            // Quoted: a bare `*` is a YAML alias.
            routes += "  - method: \(YAMLText.quoted(route.method?.rawValue ?? "*"))\n"
            if route.pattern != "/" || route.graphQLOperation == nil { routes += "    path: \(YAMLText.quoted(route.pattern))\n" }
            if let operation = route.graphQLOperation { routes += "    operation: \(YAMLText.quoted(operation.name))\n" }
            if let query = route.query {
                let encoded = query.pairs.map { percentEncode($0.name) + "=" + percentEncode($0.value) }.joined(separator: "&")
                routes += "    query: \(YAMLText.quoted(encoded))\n"
            }
            routes += "    status: \(fixed.status)\n"
            if !fixed.fields.isEmpty {
                routes += "    headers:\n" + fixed.fields.map { "      \(YAMLText.quoted($0.name.rawName)): \(YAMLText.quoted($0.value))\n" }.joined()
            }
            routes += "    json: \(YAMLText.flow(emptied))\n"
        }
        return text + (routes.isEmpty ? "routes: []\n" : "routes:\n" + routes)
    }

    /// `value` with arrays emptied and numeric fields whose name says count or total set to 0.
    package static func emptied(_ value: JSONValue) -> JSONValue {
        switch value {
        case .array: return .array([])
        case .object(let members):
            return .object(
                members.map { member in
                    let key = member.key.lowercased()
                    if case .number = member.value, key.contains("count") || key.contains("total") { return .init(member.key, .number("0")) }
                    return .init(member.key, emptied(member.value))
                })
        default: return value
        }
    }
}
