import UnderstudyDocuments
import UnderstudyGraphQL

/// One GraphQL request of a HAR, named as the server names it (UnderstudyGraphQL's `GraphQLHTTPRequest` and
/// `GraphQLOperationScanner`, the engine's own reading): the `operationName` sent, else the document's single named
/// operation, else its persisted query's hash.
struct HARGraphQLCall {
    var path: String
    /// The `operations:` key: a GraphQL name, or a persisted query's 64-digit hash.
    var operation: String
    /// The request's variables (an object), nil when it sent none.
    var variables: JSONValue?
}

enum HARGraphQL {
    enum Detected {
        case call(HARGraphQLCall)
        /// GraphQL, but nothing a `graphql:` entry can key it by (an anonymous operation, a batch); the reason.
        case unnamed(String)
        case notGraphQL
    }

    /// Whether `candidate` is a GraphQL request: a GET with a `query` parameter, or a POST whose body GraphQL reads
    /// (JSON with a string `query`, `application/graphql`), whose document scans as GraphQL. A search API's POST of
    /// `{"query": "dune"}` reads as GraphQL over HTTP but scans as no operation, so it stays a route.
    static func detect(_ candidate: HARCandidate) -> Detected {
        guard candidate.method == "GET" || candidate.method == "POST" else { return .notGraphQL }
        let entry = candidate.entry
        let contentType =
            entry.postData.map(\.mimeType).flatMap { $0.isEmpty ? nil : $0 }
            ?? HAREntry.header("content-type", in: entry.requestHeaders)
        let body = candidate.method == "POST" ? Array((entry.postData?.text ?? "").utf8) : []
        guard
            case .success(let request) = GraphQLHTTPRequest.read(
                method: candidate.method, queryItems: candidate.target.pairs.map { (name: $0.0, value: $0.1) }, contentType: contentType,
                body: body)
        else { return .notGraphQL }
        guard !request.isBatch, request.operations.count == 1, let operation = request.operations.first else {
            return .unnamed("a batch (\(request.operations.count) operations in one request), which no one name answers")
        }
        var summaries: [GraphQLOperationSummary] = []
        if let query = operation.query {
            guard case .success(let found) = GraphQLOperationScanner.scan(query), !found.isEmpty else { return .notGraphQL }
            summaries = found
        }
        let variables = operation.variables.flatMap { $0 == .null ? nil : $0 }
        if let name = operation.operationName(in: summaries) {
            guard isName(name) else { return .unnamed("its operation name is not a GraphQL name") }
            return .call(HARGraphQLCall(path: candidate.target.path, operation: name, variables: variables))
        }
        if let hash = operation.persistedQueryHash {
            return .call(HARGraphQLCall(path: candidate.target.path, operation: hash, variables: variables))
        }
        return .unnamed("an anonymous operation, which no name answers")
    }

    /// GraphQL's Name, `[_A-Za-z][_0-9A-Za-z]*`, at most 256 characters: what the loader takes as an operation's key.
    static func isName(_ text: String) -> Bool {
        guard let first = text.utf8.first, first == UInt8(ascii: "_") || (first | 0x20 >= 0x61 && first | 0x20 <= 0x7A) else {
            return false
        }
        return text.utf8.count <= 256
            && text.utf8.allSatisfy { $0 == UInt8(ascii: "_") || ($0 >= 0x30 && $0 <= 0x39) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x7A) }
    }
}
