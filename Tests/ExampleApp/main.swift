// An app as a UI test launches it: it knows nothing about tests, it only builds its clients with
// `.live()` and does some networking of its own. With UNDERSTUDY_BASE_URL and UNDERSTUDY_SESSION in
// its environment, both go to Understudy, in that session. RemoteTests runs it as a child process.
// Prints one line per call: `catfact 200 <length>` or `catfact error <status>`, then `people/1 <status>`.
import Foundation
import UnderstudyClients

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

let client = CatFactClient.live()
do {
    let fact = try await client.fetchFact(nil)
    print("catfact 200 \(fact.length)")
} catch let error as APIError {
    print("catfact error \(error.status ?? 0)")
}

// The app's own networking: the same headers on its own URLSessionConfiguration.
let configuration = URLSessionConfiguration.ephemeral
UnderstudyHeaders.environment.apply(to: configuration)
let session = URLSession(configuration: configuration)
let url = UnderstudyAPI.swapi.defaultBaseURL.appendingPathComponent("people/1/")  // $UNDERSTUDY_BASE_URL/swapi/api/people/1/
let (_, response) = try await session.dataShieldedFromCancellation(for: URLRequest(url: url))
print("people/1 \((response as? HTTPURLResponse)?.statusCode ?? 0)")
