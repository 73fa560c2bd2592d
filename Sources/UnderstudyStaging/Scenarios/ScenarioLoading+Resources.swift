import HTTPTypes
import UnderstudyDocuments
import UnderstudyOpenAPI

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
            for (name, line) in definition.resourceDocuments {
                guard let mount = mounts[name] else {
                    let served = mounts.keys.sorted().joined(separator: ", ")
                    problems.append(
                        FileProblem(
                            file: definition.file, line: line, keyPath: "resources",
                            message: "no document mounted as '\(name)' (\(served.isEmpty ? "none is" : "mounted: \(served)"))"))
                    continue
                }
                for var resource in Self.collections(of: mount, file: definition.file, line: line)
                where !gathered.contains(where: { $0.path == resource.path }) {
                    // A document's examples are not written as seeds: items without a usable id, or with one
                    // taken, are left out rather than refused.
                    var kept = ResourceItems()
                    resource.seed = resource.seed.filter { item in
                        item[resource.idKey] != nil && (try? kept.insert(item, definition: resource, limits: .default)) != nil
                    }
                    seeds.append(kept)
                    gathered.append(resource)
                }
            }
        }
        resources = ResourceStore(definitions: gathered, seeds: seeds, limits: .default)
    }

    /// A mounted document's collections: each path of literal segments that has a `GET` or `POST`, and an item
    /// path one `{parameter}` below it. Seeded from the list's example (or synthesised body), its id key and kind
    /// read from the items.
    static func collections(of mount: MountedDocument, file: String, line: Int) -> [ResourceDefinition] {
        let operations = mount.service.operations
        var found: [ResourceDefinition] = []
        for operation in operations where [.get, .post].contains(operation.method) {
            let segments = operation.path.segments
            guard !segments.isEmpty, segments.allSatisfy({ if case .literal = $0 { true } else { false } }) else { continue }
            let items = operations.filter { item in
                guard item.path.segments.count == segments.count + 1, Array(item.path.segments.prefix(segments.count)) == segments,
                    case .parameter = item.path.segments.last!
                else { return false }
                return true
            }
            let path = "/\(mount.name)/" + operation.path.segments.map { if case .literal(let text) = $0 { text } else { "" } }.joined(separator: "/")
            guard !items.isEmpty, !found.contains(where: { $0.path == path }) else { continue }
            var resource = ResourceDefinition(path: path, file: file, line: line)
            let list = operations.first { $0.method == .get && $0.path.segments == segments }
            let listed: JSONValue? = list.flatMap { operation in
                if case .json(let value)? = operation.answer(AnswerChoice())?.body { value } else { nil }
            }
            var seed: [JSONValue] = []
            switch listed {
            case .array(let values)?: seed = values
            case .object(let members)?:
                // An envelope of one array (`{data: [...], total: 3}`): the array is the page, a count its total.
                let arrays = members.filter { if case .array = $0.value { true } else { false } }
                if arrays.count == 1 {
                    seed = arrays[0].value.arrayValue ?? []
                    resource.paging.envelope = .object(
                        members.map { member in
                            if case .array = member.value { return .init(member.key, .string("{{items}}")) }
                            if ["total", "count", "total_count", "totalCount"].contains(member.key) {
                                return .init(member.key, .string("{{total}}"))
                            }
                            return member
                        })
                }
            default: break
            }
            let parameter: String? = {
                if case .parameter(let name) = items[0].path.segments.last! { name } else { nil }
            }()
            let sample =
                seed.first
                ?? items.first { $0.method == .get }.flatMap { operation in
                    if case .json(let value)? = operation.answer(AnswerChoice())?.body { value } else { nil }
                }
            resource.idKey = ["id", parameter ?? "id"].first { sample?[$0] != nil } ?? "id"
            if case .string? = sample?[resource.idKey] { resource.ids = .uuid }
            resource.filterKeys = Set(sample?.members?.map(\.key) ?? [])
            resource.seed = seed
            found.append(resource)
        }
        return found
    }

    /// The routes of a mounted document whose collection is a resource answer from it: a collection's `GET` and
    /// `POST`, an item's `GET`, `PUT`, `PATCH` and `DELETE`. The document's request checks still apply first.
    func attachDocumentResources(_ routes: inout [CustomRoute], documents: Set<String>) {
        guard !documents.isEmpty else { return }
        for position in routes.indices {
            guard let reference = routes[position].operation, documents.contains(reference.mount), let mount = mounts[reference.mount] else {
                continue
            }
            let operation = mount.service.operations[reference.index]
            let segments = operation.path.segments
            let isItem: Bool
            if case .parameter? = segments.last, [.get, .put, .patch, .delete].contains(operation.method) {
                isItem = true
            } else if [.get, .post].contains(operation.method) {
                isItem = false
            } else {
                continue
            }
            let collection = isItem ? Array(segments.dropLast()) : segments
            let path = "/\(mount.name)/" + collection.map { if case .literal(let text) = $0 { text } else { "{}" } }.joined(separator: "/")
            guard let index = resources.index(ofPath: path) else { continue }
            var resource = ResourceRoute(store: resources, index: index, isItem: isItem)
            resource.operation = reference
            resource.successStatus = routes[position].fixed.map(\.status).flatMap { (200..<300).contains($0) ? $0 : nil }
            routes[position].resource = resource
        }
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
