import UnderstudyAPIService

/// An error response carried through `Result`.
struct APIResponseError: Error {
    package var response: APIResponse
    package init(_ response: APIResponse) { self.response = response }
}
