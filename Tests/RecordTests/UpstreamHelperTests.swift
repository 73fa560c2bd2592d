import Foundation
import Testing
import Understudy
import UnderstudyStaging
import UnderstudyTestSupport
import UnderstudyTesting
import UnderstudyUpstreamWire

/// The wire between `understudy` and its `understudy-upstream` helper, and the helper against bad input.
@Suite struct UpstreamHelperTests {
    @Test func requestsAndOutcomesSurviveTheWire() throws {
        let request = UpstreamRequest(method: "POST", url: "http://h/x?a=1", headers: [("A", "1:2"), ("B", "")], body: Array("0:\u{0}é".utf8))
        let (decoded, timeout, limit) = try UpstreamWire.decodeRequest(UpstreamWire.encode(request, timeoutSeconds: 7, maxBodyBytes: 99))
        #expect(decoded.method == "POST" && decoded.url == request.url && decoded.body == request.body && timeout == 7 && limit == 99)
        #expect(decoded.headers.map { "\($0.0)=\($0.1)" } == ["A=1:2", "B="])
        let answer = UpstreamResponse(status: 301, headers: [("Location", "/y")], body: [0, 58, 255])
        guard case .success(let back) = try UpstreamWire.decodeResult(UpstreamWire.encode(.success(answer))) else {
            Issue.record("not a success")
            return
        }
        #expect(back.status == 301 && back.body == [0, 58, 255] && back.header("location") == "/y")
        for error in [
            UpstreamError.unreachable(upstream: "http://h", reason: "refused"), .timedOut(upstream: "http://h", seconds: 3),
            .tooLarge(upstream: "http://h", limit: 5), .broken(upstream: "http://h", reason: "reset"),
        ] {
            guard case .failure(let decodedError) = try UpstreamWire.decodeResult(UpstreamWire.encode(.failure(error))) else {
                Issue.record("\(error)")
                continue
            }
            #expect(decodedError.description == error.description)
        }
        for garbage in [[UInt8](), Array("5:ab".utf8), Array("x:".utf8), Array("99999999999999999:".utf8), Array("2:ok1:a".utf8)] {
            #expect(throws: UpstreamWire.Malformed.self) { try UpstreamWire.decodeResult(garbage) }
        }
    }

    @Test func theHelperRefusesInputThatIsNotARequest() throws {
        let helper = UnderstudyProcess.builtExecutable.deletingLastPathComponent().appendingPathComponent("understudy-upstream")
        let process = Process()
        process.executableURL = helper
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data("GET / HTTP/1.1\r\n\r\n".utf8))
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        #expect(process.terminationStatus == 2)
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(text.contains("expected an upstream request"))
    }
}
