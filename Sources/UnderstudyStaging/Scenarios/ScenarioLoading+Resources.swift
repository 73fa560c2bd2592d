import UnderstudyDocuments

/// The folder's `resources:` gathered into one store: each collection defined once (scenarios that extend a file
/// share its resources, and their copies), its seed read and checked as POSTs are.
extension ScenarioLoading {
    mutating func loadResources() {
        var gathered: [ResourceDefinition] = []
        var seeds: [ResourceItems] = []
        for name in definitions.keys.sorted() {
            let definition = definitions[name]!
            for (position, var resource) in definition.resources.enumerated() {
                let keyPath = "resources[\(position)]"
                if let other = gathered.first(where: { $0.path == resource.path }) {
                    problems.append(
                        FileProblem(
                            file: resource.file, line: resource.line, keyPath: keyPath + ".path",
                            message: "\(resource.path) is a resource of \(other.file) too; define it once (a scenario extending that file shares it)")
                    )
                    continue
                }
                if let file = resource.seedFile {
                    guard let seed = seedItems(file, resource: resource, keyPath: keyPath + ".seed") else { continue }
                    resource.seed = seed
                }
                do throws(ResourceRefusal) {
                    seeds.append(try ResourceItems(seed: resource.seed, definition: resource, limits: .default))
                    gathered.append(resource)
                } catch {
                    problems.append(
                        FileProblem(
                            file: resource.file, line: resource.line, keyPath: keyPath + ".seed",
                            message: "\(resource.seedFile.map { "\($0): " } ?? "")\(error.detail)"))
                }
            }
        }
        resources = ResourceStore(definitions: gathered, seeds: seeds, limits: .default)
    }

    /// The routes of the resources a scenario file defines: each collection, then its items.
    func resourceRoutes(of definition: ScenarioDefinition, depth: Int) -> [CustomRoute] {
        definition.resources.flatMap { resource -> [CustomRoute] in
            guard let index = resources.index(ofPath: resource.path), resources.definitions[index].file == resource.file else { return [] }
            return [false, true].map { isItem in
                var route = CustomRoute(method: nil, path: resource.path + (isItem ? "/:id" : ""), fixed: nil, delay: nil, fault: nil)
                route.resource = ResourceRoute(store: resources, index: index, isItem: isItem)
                route.depth = depth
                return route
            }
        }
    }

    /// A seed file: a JSON array of the scenarios folder.
    private mutating func seedItems(_ path: String, resource: ResourceDefinition, keyPath: String) -> [JSONValue]? {
        guard let url = contained(path, file: resource.file, keyPath: keyPath) else { return nil }
        let parsed = Result { () throws(FileProblem) -> JSONValue in
            guard let text = try DocumentParser.readText(at: url, displayName: path) else {
                throw FileProblem(file: path, message: "not UTF-8 text")
            }
            return try JSONParser.parse(Array(text.utf8), file: path).value
        }
        switch parsed {
        case .success(.array(let items)): return items
        case .success(let other):
            problems.append(
                FileProblem(
                    file: resource.file, line: resource.line, keyPath: keyPath, message: "\(path) holds \(other.kindName), not an array of items"))
        case .failure(let problem):
            problems.append(FileProblem(file: resource.file, line: resource.line, keyPath: keyPath, message: "cannot read '\(path)': \(problem)"))
        }
        return nil
    }
}
