import SystemPackage
package import UnderstudyAPIService
import UnderstudyAdminWire
package import UnderstudyDocuments
package import UnderstudyGraphQL
package import UnderstudyOpenAPI

#if canImport(FoundationEssentials)
package import FoundationEssentials
#else
package import Foundation
#endif

/// Loads a scenarios folder: parses every `*.yaml`, `*.yml` and `*.json`
/// file, resolves `extends`, loads datasets and body files, and reports every
/// problem (file, line, key path) before anything is served.
package enum ScenarioLoader {
    ///
    /// Every file opened must resolve inside the folder, and sizes are bounded
    /// (``LoadScope``). Setting `cancellation` ends the load early, with a
    /// "cancelled" problem, at the next file or dataset item.
    /// `apis` makes each API's service from the dataset a scenario names (``APIServices/builtin``).
    /// `lazyDatasets`: artic's artworks file is read when a request first needs it, not now (a server's
    /// start); its contents are then not validated here. `validate` and reloads read everything.
    /// `openAPI`: documents mounted from outside the folder (`--openapi`), besides the scenario files' `openapi:`;
    /// `gate` checks each (without one, a document is refused, saying how to get one).
    package static func load(
        directory: URL, apis: APIServices, openAPI: [OpenAPIMount] = [], gate: OpenAPIGate? = nil, cancellation: LoadCancellation? = nil,
        lazyDatasets: Bool = false
    ) throws(FileProblems) -> ScenarioSet {
        let directory = directory.standardizedFileURL
        var loader = ScenarioLoading(directory: directory, apis: apis)
        loader.openAPIGate = gate
        loader.lazyDatasets = lazyDatasets
        // Read before the folder's scope is set: a document given on the command line may sit anywhere (its own
        // `$ref`s stay confined to its folder); one a scenario file names is read inside the scope, confined to the folder.
        loader.loadMounts(openAPI, cancellation: cancellation)
        // Without a real folder there is nothing to confine to; run() reports it missing.
        let scope = ConfinedRead.realPath(directory.path).map { LoadScope(root: $0, cancellation: cancellation) }
        let set = LoadScope.$current.withValue(scope) { loader.run() }
        guard loader.problems.isEmpty, let set else { throw FileProblems(loader.problems) }
        return set
    }

    /// The scenario files of a folder, sorted by name.
    static func scenarioFiles(in directory: URL) throws -> [URL] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .map { directory.appendingPathComponent($0) }
            .filter { ["yaml", "yml", "json"].contains($0.pathExtension.lowercased()) }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }
}

/// One load of a folder: the problems found so far, and what is read once and shared (definitions, datasets, bodies).
package struct ScenarioLoading {
    package let directory: URL
    /// Makes the APIs' services from datasets.
    let apis: APIServices
    package var problems: [FileProblem] = []
    var definitions: [String: ScenarioDefinition] = [:]
    var services: [String: any APIService] = [:]
    package var bodies: [String: String] = [:]
    var lazyDatasets = false
    /// The OpenAPI documents served, by mount name.
    var mounts: [String: MountedDocument] = [:]
    /// Answers of the mounted documents' operations, made once per choice for all the scenarios of the load.
    var madeAnswers: [OperationReference: CannedResponse?] = [:]
    /// Checks each document (OpenAPIKit); nil refuses them.
    var openAPIGate: OpenAPIGate?
    /// The folder's resources and their copies (``loadResources()``).
    var resources = ResourceStore.empty
    /// `graphql:` entries' schemas by file, read once for every scenario that extends their file.
    var graphQLSchemas: [String: GraphQLSchemaModel] = [:]
    /// Where each mount came from (`--openapi`, or a scenario file), to name both when two disagree.
    var mountSources: [String: (file: URL, source: String)] = [:]

    package init(directory: URL, apis: APIServices) {
        self.directory = directory
        self.apis = apis
    }

    /// A route as written, checked and with its response read (a body file from the folder).
    package mutating func customRoute(_ route: ScenarioDefinition.RouteDefinition, file: String, depth: Int) -> CustomRoute {
        let pattern = CustomRoute(method: route.method, path: route.path, fixed: nil, delay: route.delay, fault: route.fault)
        let fixed = route.response.flatMap { fixedResponse($0, file: file, keyPath: route.keyPath, parameters: pattern.parameterNames) }
        // An operation's route without an answer changes only its delay or fault: the endpoint answers.
        if route.response == nil, route.stream == nil, route.webSocket == nil, route.graphQLOperation == nil, pattern.api == nil {
            problems.append(
                FileProblem(
                    file: file, line: route.line, keyPath: route.keyPath,
                    message: "a route outside the API prefixes needs a response (status, body, body_file, json, stream or websocket)"))
        }
        var custom = CustomRoute(method: route.method, path: route.path, fixed: fixed, delay: route.delay, fault: route.fault)
        custom.depth = depth
        custom.query = route.query
        custom.body = route.body
        custom.headers = route.headers
        custom.allowance = route.times.map(RouteAllowance.init)
        custom.stream = route.stream
        custom.webSocket = route.webSocket
        custom.faultAfter = route.faultAfter
        custom.graphQLOperation = route.graphQLOperation
        return custom
    }

    mutating func run() -> ScenarioSet? {
        let folder = directory.path
        guard (try? Stat(FilePath(folder)))?.type == .directory else {
            problems.append(FileProblem(file: folder, message: "no such scenarios folder"))
            return nil
        }
        let files: [URL]
        do { files = try ScenarioLoader.scenarioFiles(in: directory) } catch {
            problems.append(FileProblem(file: folder, message: "cannot list the folder: \(Errno(error).map(String.init(describing:)) ?? "\(error)")"))
            return nil
        }
        guard !files.isEmpty else {
            problems.append(FileProblem(file: folder, message: "no scenario files (*.yaml, *.yml, *.json) in the folder"))
            return nil
        }
        for url in files {
            guard !cancelled() else { return nil }
            read(url)
        }
        for name in definitions.keys.sorted() {
            for entry in definitions[name]!.openAPI {
                guard !cancelled() else { return nil }
                mount(
                    OpenAPIMount(name: entry.name, file: directory.appendingPathComponent(entry.file), lenient: entry.lenient), display: entry.file,
                    source: definitions[name]!.file, line: entry.line)
            }
        }
        loadResources()
        var scenarios: [String: Scenario] = [:]
        for name in definitions.keys.sorted() {
            guard !cancelled() else { return nil }
            if let scenario = resolve(name) { scenarios[name] = scenario }
        }
        return ScenarioSet(directory: directory, apis: apis, scenarios: scenarios, resources: resources)
    }

    /// True (with the one problem a cancelled load reports) once the load is cancelled.
    private mutating func cancelled() -> Bool {
        guard LoadScope.current?.isCancelled == true else { return false }
        problems = [ConfinedRead.cancelled(directory.path)]
        return true
    }

    private mutating func read(_ url: URL) {
        let file = url.lastPathComponent
        let name = url.deletingPathExtension().lastPathComponent
        do {
            let root = try DocumentParser.parseFile(at: url, displayName: file)
            var reader = ScenarioReader(file: file)
            let definition = reader.read(root, defaultName: name)
            problems += reader.problems
            guard let definition else { return }
            if let other = definitions[name] {
                problems.append(FileProblem(file: file, message: "scenario '\(name)' is also defined by \(other.file); keep one"))
                return
            }
            definitions[name] = definition
        } catch {
            problems.append(error)
        }
    }

    /// The chain from `name` up through `extends`, or nil (with a problem) on a bad link.
    private mutating func chain(_ name: String) -> [ScenarioDefinition]? {
        var chain: [ScenarioDefinition] = []
        var current = definitions[name]!
        while true {
            chain.append(current)
            guard let parent = current.extends else { return chain }
            guard let next = definitions[parent.name] else {
                if current.name == name {
                    problems.append(
                        FileProblem(
                            file: current.file, line: parent.line, keyPath: "extends",
                            message: "unknown scenario '\(parent.name)' (known: \(definitions.keys.sorted().joined(separator: ", ")))"))
                }
                return nil
            }
            if chain.contains(where: { $0.name == next.name }) {
                if current.name == name || next.name == name {
                    let cycle = (chain.map(\.name) + [next.name]).joined(separator: " → ")
                    problems.append(
                        FileProblem(
                            file: definitions[name]!.file, line: definitions[name]!.extends?.line, keyPath: "extends",
                            message: "extends forms a cycle: \(cycle)"))
                }
                return nil
            }
            current = next
        }
    }

    private mutating func resolve(_ name: String) -> Scenario? {
        guard let chain = chain(name) else { return nil }
        let own = chain[0]
        let before = problems.count
        var apis: [UnderstudyAPI: APIBehavior] = [:]
        for api in UnderstudyAPI.allCases {
            func first<T>(_ pick: (ScenarioDefinition.Behavior) -> T?) -> (value: T, file: String, keyPath: String)? {
                for definition in chain {
                    if let value = definition.apis[api].flatMap(pick) { return (value, definition.file, "apis.\(api.rawValue).") }
                    if let value = pick(definition.common) { return (value, definition.file, "") }
                }
                return nil
            }
            let dataset = first { $0.dataset }
            let response = first { $0.response }
            guard let service = service(api, dataset?.value ?? .empty, file: dataset?.file ?? own.file, keyPath: (dataset?.keyPath ?? "") + "dataset")
            else {
                continue
            }
            let fixed = response.flatMap { fixedResponse($0.value, file: $0.file, keyPath: $0.keyPath + "response", parameters: []) }
            apis[api] = APIBehavior(service: service, fixed: fixed, delay: first { $0.delay }?.value ?? 0, fault: first { $0.fault }?.value ?? .none)
        }
        var routes: [CustomRoute] = []
        var generic = GenericBehavior()
        for (depth, definition) in chain.enumerated() {
            if generic.fixed == nil, let response = definition.common.response {
                generic.fixed = fixedResponse(response, file: definition.file, keyPath: "response", parameters: [])
                generic.fixedDepth = depth
            }
            if generic.delay == nil, let delay = definition.common.delay { (generic.delay, generic.delayDepth) = (delay, depth) }
            if generic.fault == nil, let fault = definition.common.fault { (generic.fault, generic.faultDepth) = (fault, depth) }
            for route in definition.routes {
                routes.append(customRoute(route, file: definition.file, depth: depth))
            }
        }
        for (depth, definition) in chain.enumerated() { routes += graphQLRoutes(of: definition, depth: depth) }
        // After the written routes, so a route of the file's own (a fault on POST /myapi/todos) answers first.
        for (depth, definition) in chain.enumerated() { routes += resourceRoutes(of: definition, depth: depth) }
        var choices = MountedDocument.Choices(status: generic.fixed?.status, fallback: generic.fixed)
        choices.emptyArrays = chain.first { $0.common.dataset != nil }?.common.dataset == .empty
        // The nearest file's entry for an operation wins.
        for definition in chain.reversed() { choices.overrides.merge(definition.operations) { $1 } }
        for (id, override) in own.operations where !mounts.values.contains(where: { $0.operationIDs[id] != nil }) {
            let served = mounts.keys.sorted().map { "/\($0)" }.joined(separator: ", ")
            problems.append(
                FileProblem(
                    file: own.file, line: override.line, keyPath: "operations.\(id)",
                    message: "no operation '\(id)' in the documents served" + (served.isEmpty ? " (none is mounted)" : " (\(served))")))
        }
        for mountName in mounts.keys.sorted() {
            routes += mounts[mountName]!.routes(for: choices, made: &madeAnswers)
        }
        attachDocumentResources(&routes, documents: Set(chain.flatMap { $0.resourceDocuments.map(\.name) }))
        guard problems.count == before else { return nil }
        return Scenario(
            name: name, description: own.description, file: own.file, extends: chain.dropFirst().map(\.name), apis: apis, routes: routes,
            generic: generic,
            proxies: chain.flatMap(\.proxies), mounts: mounts)
    }

    /// Loads the documents given from outside the folder.
    mutating func loadMounts(_ configured: [OpenAPIMount], cancellation: LoadCancellation?) {
        for mount in configured {
            if cancellation?.isCancelled == true { return }
            self.mount(mount, display: mount.file.path, source: "--openapi", line: nil)
        }
    }

    /// Loads one document under its name, unless that name is taken by another file.
    mutating func mount(_ mount: OpenAPIMount, display: String, source: String, line: Int?) {
        if let reason = OpenAPIMount.problem(withName: mount.name) {
            problems.append(FileProblem(file: source, line: line, keyPath: "openapi.\(mount.name)", message: reason))
            return
        }
        if let earlier = mountSources[mount.name] {
            if earlier.file.standardizedFileURL != mount.file.standardizedFileURL {
                problems.append(
                    FileProblem(
                        file: source, line: line, keyPath: "openapi.\(mount.name)",
                        message:
                            "/\(mount.name) is already \(earlier.file.lastPathComponent) (from \(earlier.source)); give each document a name of its own"
                    ))
            }
            return
        }
        mountSources[mount.name] = (mount.file, source)
        guard let gate = openAPIGate else {
            problems.append(
                FileProblem(
                    file: source, line: line, keyPath: "openapi.\(mount.name)",
                    message: "OpenAPI documents are checked by OpenAPIKit, which this program does not run; serve them with `understudy`"))
            return
        }
        do {
            mounts[mount.name] = try MountedDocument.load(mount, displayName: display, gate: gate)
        } catch {
            problems += error.problems
        }
    }
}
