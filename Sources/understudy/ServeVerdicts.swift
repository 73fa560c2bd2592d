import Logging
import UnderstudyDocuments
import UnderstudyOpenAPI
import UnderstudyStaging

extension HelperOpenAPIGate {
    /// The command line's gate, lenient (OpenAPIKit's refusals as warnings) for every document when `flag` or
    /// `UNDERSTUDY_OPENAPI_LENIENT` says so; a load leaves its verdict with `deferral` when there is one.
    static func gate(lenient flag: Bool, deferringTo deferral: DeferredGateVerdicts? = nil) -> OpenAPIGate {
        var gate = gate
        gate.lenient = flag || Setting.openapiLenient.isOn
        gate.deferral = deferral
        return gate
    }
}

extension DeferredGateVerdicts {
    /// Waits for the verdicts `serve`'s first load did not wait for and says them: a lenient document's refusals as
    /// warnings, a strict one's as an error. False when a document that is not lenient was refused: `serve` stops.
    func report(to logger: Logger) -> Bool {
        var refused: [FileProblem] = []
        for verdict in verdicts() {
            if verdict.lenient {
                for problem in verdict.problems { logger.warning("\(OpenAPIGate.lenientWarning(problem))") }
            } else {
                refused += verdict.problems
            }
        }
        guard refused.isEmpty else {
            logger.error(
                "OpenAPIKit refuses an OpenAPI document being served (--openapi-lenient serves it anyway); stopping:\n\(FileProblems(refused))")
            return false
        }
        return true
    }
}
