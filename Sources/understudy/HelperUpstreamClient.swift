import Dispatch
import Understudy
import UnderstudyStaging
import UnderstudyUpstreamWire

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The command line's ``UpstreamClient``: each request runs in an `understudy-upstream` process (installed
/// next to `understudy`), which alone links AsyncHTTPClient. Linking it here cost `serve` some 3 MB of
/// resident memory and a few milliseconds at every start, proxy or not; a helper costs nothing until a
/// request is proxied or recorded, then a process start (tens of milliseconds) per request.
final class HelperUpstreamClient: UpstreamClient {
    let timeoutSeconds: Int
    let maxBodyBytes: Int
    /// Blocking reads and writes of the helper's pipes happen here, never on a server worker thread.
    private let queue = DispatchQueue(label: "understudy.upstream", attributes: .concurrent)

    init(timeoutSeconds: Int = 30, maxBodyBytes: Int = 16 << 20) {
        self.timeoutSeconds = timeoutSeconds
        self.maxBodyBytes = maxBodyBytes
    }

    /// `understudy-upstream` beside the running executable (symlinks resolved).
    static var helperPath: String {
        let executable = Platform.executablePath ?? CommandLine.arguments[0]
        let folder = executable.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        return (folder.isEmpty ? "." : folder) + "/understudy-upstream"
    }

    func send(_ request: UpstreamRequest, completion: @escaping @Sendable (Result<UpstreamResponse, UpstreamError>) -> Void) {
        let input = UpstreamWire.encode(request, timeoutSeconds: timeoutSeconds, maxBodyBytes: maxBodyBytes)
        let upstream = Self.origin(of: request.url)
        queue.async {
            completion(Self.run(input, upstream: upstream))
        }
    }

    private static func run(_ input: [UInt8], upstream: String) -> Result<UpstreamResponse, UpstreamError> {
        let path = helperPath
        // `make run` builds the helper only when a scenario proxies: say how to build it, not just that it failed.
        guard FileManager.default.isExecutableFile(atPath: path) else {
            return .failure(
                .unreachable(
                    upstream: upstream,
                    reason: "the upstream helper \(path) is not built; `make helper` builds it "
                        + "(or `swift build -c release --product understudy-upstream`)"))
        }
        let output: [UInt8]
        let status: Int32
        switch Platform.run(path, input: input) {
        case .failure(.cannotStart(let reason)):
            return .failure(.unreachable(upstream: upstream, reason: "cannot start \(path): \(reason)"))
        case .failure(.broken(let reason)):
            return .failure(.broken(upstream: upstream, reason: reason))
        case .success(let result):
            (output, status) = result
        }
        do throws(UpstreamWire.Malformed) {
            return try UpstreamWire.decodeResult(output)
        } catch {
            return .failure(.broken(upstream: upstream, reason: "\(path) gave no answer (exit status \(status))"))
        }
    }

    static func origin(of url: String) -> String {
        guard let schemeEnd = url.firstRange(of: "://") else { return url }
        let host = url[schemeEnd.upperBound...].prefix { $0 != "/" && $0 != "?" }
        return String(url[..<schemeEnd.upperBound]) + host
    }
}
