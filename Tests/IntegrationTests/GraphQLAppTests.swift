import Foundation
import Testing
import UnderstudyTesting

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// An Apollo-style app against a real server over URLSession: one GraphQL path, typed decoding of `data` and
/// `errors`, automatic persisted queries as Apollo's clients send them. Each test's session stages only what the
/// test is about; every other operation is answered from the schema.
@Suite struct GraphQLAppTests {
    static let schema = """
        enum Episode { NEWHOPE EMPIRE JEDI }
        type Film { id: ID! title: String! episode: Episode! director: String }
        type Order { id: ID! sku: String! quantity: Int! }
        input OrderInput { sku: String! quantity: Int! }
        type Query { allFilms(first: Int): [Film!]! }
        type Mutation { createOrder(input: OrderInput!): Order! }
        """

    /// One server for the suite, on a folder of its own: a shop whose GraphQL endpoint has a schema and nothing staged.
    static let server: UnderstudyTestServer = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("understudy-graphql-app-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: folder.appendingPathComponent("graphql"), withIntermediateDirectories: true)
        try! "description: the shop\ngraphql:\n  - path: /shop/graphql\n    schema: graphql/schema.graphql\n".write(
            to: folder.appendingPathComponent("shop.yaml"), atomically: true, encoding: .utf8)
        try! Self.schema.write(to: folder.appendingPathComponent("graphql/schema.graphql"), atomically: true, encoding: .utf8)
        try! "description: GraphQL errors\nextends: shop\nfault: graphql-errors\n".write(
            to: folder.appendingPathComponent("graphql-errors.yaml"), atomically: true, encoding: .utf8)
        return try! UnderstudyTestServer(scenarios: folder, scenario: "shop")
    }()

    func session() -> UnderstudySession { UnderstudySession(admin: Self.server.admin, requestTimeout: 30) }

    @Test func filmsDecodeFromTheSchemasAnswer() async throws {
        let app = ShopApp(session: session(), baseURL: Self.server.baseURL)
        await app.loadFilms(first: 3)
        guard case .loaded(let films) = app.films else {
            Issue.record("\(app.films)")
            return
        }
        #expect(films.count == 3)
        #expect(films.allSatisfy { !$0.title.isEmpty && ["NEWHOPE", "EMPIRE", "JEDI"].contains($0.episode) })
    }

    @Test func oneSessionsCreateOrderFailsWhileAnothersSucceeds() async throws {
        let failing = session()
        try await failing.respond(toGraphQL: "CreateOrder", errors: [.init(message: "Out of stock", path: ["createOrder"], code: "OUT_OF_STOCK")])
        let app = ShopApp(session: failing, baseURL: Self.server.baseURL)
        await app.placeOrder(sku: "B-1", quantity: 2)
        #expect(app.order == .failed("Out of stock"))
        // The staged error was for that session alone: another session's order is answered from the schema.
        let other = ShopApp(session: session(), baseURL: Self.server.baseURL)
        await other.placeOrder(sku: "B-1", quantity: 2)
        guard case .placed(let order) = other.order else {
            Issue.record("\(other.order)")
            return
        }
        #expect(!order.id.isEmpty)
        try await failing.verify(.graphQL("CreateOrder", variables: .json(contains: ["input": ["sku": "B-1"]])))
        try await failing.verify(.graphQL("GetFilms"), count: .never)
    }

    @Test func graphQLErrorsForOneOperationReachTheErrorState() async throws {
        let session = session()
        try await session.use("graphql-errors", operation: "GetFilms")
        let app = ShopApp(session: session, baseURL: Self.server.baseURL)
        await app.loadFilms(first: 2)
        guard case .failed(let message) = app.films else {
            Issue.record("\(app.films)")
            return
        }
        #expect(message.contains("GetFilms"))
        await app.placeOrder(sku: "A", quantity: 1)
        guard case .placed = app.order else {
            Issue.record("CreateOrder should not fail: \(app.order)")
            return
        }
    }

    @Test func partialDataKeepsWhatCameAndReportsTheRest() async throws {
        let session = session()
        try await session.respond(toGraphQL: "GetFilms", fault: .partialData)
        let app = ShopApp(session: session, baseURL: Self.server.baseURL)
        await app.loadFilms(first: 2)
        // `director` is the only nullable field: it is null in every film, and each null has its error.
        guard case .partial(let films, let errors) = app.films else {
            Issue.record("\(app.films)")
            return
        }
        #expect(films.count == 2 && films.allSatisfy { $0.director == nil })
        #expect(errors == 2)
    }

    @Test func persistedQueriesAreSentAsApolloDoes() async throws {
        let session = session()
        let app = ShopApp(session: session, baseURL: Self.server.baseURL, persistedQueries: true)
        await app.loadFilms(first: 1)
        await app.loadFilms(first: 1)
        guard case .loaded(let films) = app.films else {
            Issue.record("\(app.films)")
            return
        }
        #expect(films.count == 1)
        // First the hash alone (not found), then the hash with the query; the second load sends the hash alone.
        #expect(app.sent == ["hash", "hash+query", "hash"])
    }
}

/// The app: its networking as an Apollo-style client would do it, and the states its screens show.
final class ShopApp: @unchecked Sendable {
    struct Film: Decodable, Equatable {
        var id: String
        var title: String
        var episode: String
        var director: String?
    }
    struct Order: Decodable, Equatable {
        var id: String
        var sku: String
        var quantity: Int
    }
    enum Films: Equatable {
        case idle
        case loaded([Film])
        case partial([Film], errors: Int)
        case failed(String)
    }
    enum OrderState: Equatable {
        case idle
        case placed(Order)
        case failed(String)
    }

    var films = Films.idle
    var order = OrderState.idle
    /// What each request carried: "hash", "hash+query" or "query".
    var sent: [String] = []

    private let session: UnderstudySession
    private let url: URL
    private let persistedQueries: Bool

    init(session: UnderstudySession, baseURL: URL, persistedQueries: Bool = false) {
        self.session = session
        url = baseURL.appendingPathComponent("shop/graphql")
        self.persistedQueries = persistedQueries
    }

    struct Response<Data: Decodable>: Decodable {
        var data: Data?
        var errors: [ErrorEntry]?
    }
    struct ErrorEntry: Decodable { var message: String }

    func loadFilms(first: Int) async {
        struct Data: Decodable { var allFilms: [Film]? }
        let query = "query GetFilms($first: Int) { allFilms(first: $first) { id title episode director } }"
        do {
            let response: Response<Data> = try await send(query, name: "GetFilms", variables: ["first": first])
            switch (response.data?.allFilms, response.errors ?? []) {
            case (let films?, let errors) where errors.isEmpty: self.films = .loaded(films)
            case (let films?, let errors): self.films = .partial(films, errors: errors.count)
            case (nil, let errors): self.films = .failed(errors.first?.message ?? "no data")
            }
        } catch {
            films = .failed("\(error)")
        }
    }

    func placeOrder(sku: String, quantity: Int) async {
        struct Data: Decodable { var createOrder: Order? }
        let query = "mutation CreateOrder($input: OrderInput!) { createOrder(input: $input) { id sku quantity } }"
        do {
            let response: Response<Data> = try await send(query, name: "CreateOrder", variables: ["input": ["sku": sku, "quantity": quantity]])
            if let placed = response.data?.createOrder {
                order = .placed(placed)
            } else {
                order = .failed(response.errors?.first?.message ?? "no data")
            }
        } catch {
            order = .failed("\(error)")
        }
    }

    private func send<Data: Decodable>(_ query: String, name: String, variables: [String: Any]) async throws -> Response<Data> {
        guard persistedQueries else { return try await post(["query": query, "operationName": name, "variables": variables], label: "query") }
        let hash = SHA256Hex.of(query)
        let extensions: [String: Any] = ["persistedQuery": ["version": 1, "sha256Hash": hash]]
        let first: Response<Data> = try await post(["operationName": name, "variables": variables, "extensions": extensions], label: "hash")
        guard first.errors?.first?.message == "PersistedQueryNotFound" else { return first }
        return try await post(["query": query, "operationName": name, "variables": variables, "extensions": extensions], label: "hash+query")
    }

    private func post<Data: Decodable>(_ body: [String: Any], label: String) async throws -> Response<Data> {
        sent.append(label)
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = try JSONSerialization.data(withJSONObject: body)
        let (data, _) = try await session.urlSession.data(for: request)
        return try JSONDecoder().decode(Response<Data>.self, from: data)
    }
}

/// SHA-256 as the app computes it for Apollo's persisted queries: FIPS 180-4 in a few lines (Foundation has no
/// hash on Linux, and the app must not share Understudy's).
enum SHA256Hex {
    static func of(_ text: String) -> String {
        var h: [UInt32] = [0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19]
        let k: [UInt32] = [
            0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5, 0xd807_aa98, 0x1283_5b01,
            0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174, 0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc,
            0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da, 0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147,
            0x06ca_6351, 0x1429_2967, 0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
            0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070, 0x19a4_c116, 0x1e37_6c08,
            0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3, 0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208,
            0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
        ]
        var message = Array(text.utf8)
        let length = UInt64(message.count) * 8
        message.append(0x80)
        while message.count % 64 != 56 { message.append(0) }
        for shift in stride(from: 56, through: 0, by: -8) { message.append(UInt8(truncatingIfNeeded: length >> UInt64(shift))) }
        func rotate(_ x: UInt32, _ n: UInt32) -> UInt32 { (x >> n) | (x << (32 - n)) }
        for chunk in stride(from: 0, to: message.count, by: 64) {
            var w = (0..<16).map { i in message[chunk + i * 4..<chunk + i * 4 + 4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) } }
            for i in 16..<64 {
                let s0 = rotate(w[i - 15], 7) ^ rotate(w[i - 15], 18) ^ (w[i - 15] >> 3)
                let s1 = rotate(w[i - 2], 17) ^ rotate(w[i - 2], 19) ^ (w[i - 2] >> 10)
                w.append(w[i - 16] &+ s0 &+ w[i - 7] &+ s1)
            }
            var (a, b, c, d, e, f, g, hh) = (h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7])
            for i in 0..<64 {
                let t1 = hh &+ (rotate(e, 6) ^ rotate(e, 11) ^ rotate(e, 25)) &+ ((e & f) ^ (~e & g)) &+ k[i] &+ w[i]
                let t2 = (rotate(a, 2) ^ rotate(a, 13) ^ rotate(a, 22)) &+ ((a & b) ^ (a & c) ^ (b & c))
                (hh, g, f, e, d, c, b, a) = (g, f, e, d &+ t1, c, b, a, t1 &+ t2)
            }
            for (i, value) in [a, b, c, d, e, f, g, hh].enumerated() { h[i] = h[i] &+ value }
        }
        return h.map { String($0, radix: 16).leftPadded(to: 8) }.joined()
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
