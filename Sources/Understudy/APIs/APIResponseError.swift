/// An error response carried through `Result`.
struct APIResponseError: Error {
    var response: APIResponse
    init(_ response: APIResponse) { self.response = response }
}
