// The live clients and the admin client against `UNDERSTUDY_BASE_URL` (an https:// server), as a test target or an
// app would use them: nothing here knows about certificates. Whether the server's CA is trusted is for the process's
// environment to decide; on Linux, URLSession (libcurl) checks against the system's CA bundle, which
// TLSClientsTests replaces for this process alone. Prints one line per step; exit status 1 at the first failure,
// after a line `failed: STEP: ERROR` (`transport URLERROR-CODE` for a connection that TLS refused).
import Foundation
import UnderstudyAdminClient
import UnderstudyClients

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

func step(_ name: String, _ body: () async throws -> String) async {
    do {
        print("\(name): \(try await body())")
    } catch let error as APIError {
        if case .transport(let code) = error { print("failed: \(name): transport \(code.rawValue)") } else { print("failed: \(name): \(error)") }
        exit(1)
    } catch {
        print("failed: \(name): \(error)")
        exit(1)
    }
}

guard let admin = UnderstudyAdmin.fromEnvironment(), admin.baseURL.scheme == "https" else {
    print("failed: setup: UNDERSTUDY_BASE_URL must name an https:// server")
    exit(1)
}

// A live client first: with an untrusted CA this is where the process stops, with the URLError the app would see.
await step("catfact") { "\(try await CatFactClient.live(baseURL: admin.url(for: .catfact)).fetchFact(nil).length > 0)" }
// Links in bodies follow the scheme the request came in on.
await step("swapi") { try await SWAPIClient.live(baseURL: admin.url(for: .swapi)).fetchPerson(1).url.absoluteString }
await step("artic") { "\(try await ArticClient.live(baseURL: admin.url(for: .artic)).fetchArtwork(28560).id)" }
// The admin client, and a session with its own URLSession and clients.
await step("admin") { "\(try await admin.scenarios().scenarios.count) scenarios" }
let session = admin.session()
await step("session") {
    try await session.use("server-error", api: .catfact)
    do {
        _ = try await session.catfact.fetchFact(nil)
        return "answered, not the session's scenario"
    } catch APIError.requestFailed(let status, _) {
        let entry = try await session.waitForRequest { $0.path == "/catfact/fact" }
        return "\(status), journal \(entry.status.map(String.init) ?? "none")"
    }
}
await session.end()
