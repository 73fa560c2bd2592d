// Two coverage-guided fuzz targets, chosen by UNDERSTUDY_FUZZ_TARGET:
//
// - `request` (default): bytes → a request line and header fields → the checks the server applies
//   before its responder (the same C helpers) → `ScenarioResponder.reply(to:)` over the bundled
//   scenarios. Must never crash or trap.
// - `scenario`: bytes → one scenario file next to a copy of the bundled data →
//   `ScenarioLoader.load(directory:)`. Must load or throw problems that name a file and a line or key.
//
// Built by scripts/fuzz.sh with `-sanitize=fuzzer -DFUZZING` (libFuzzer supplies `main`). A plain
// build has a `main` of its own that runs each file given as an argument through the same entry
// point, to replay a crash: `swift run UnderstudyFuzz crash-…`.

import CUnderstudyHTTPWire
import Foundation
import HTTPTypes
import Logging
import UnderstudyHTTP
import UnderstudyMicroHTTPD

@testable import Understudy
@testable import UnderstudyStaging

/// Everything set up once per process: loading the bundled scenarios takes far longer than one input.
final class FuzzState: Sendable {
    let target: String
    let responder: ScenarioResponder?
    let scenarioFolder: URL?

    init() {
        let environment = ProcessInfo.processInfo.environment
        target = environment["UNDERSTUDY_FUZZ_TARGET"] ?? "request"
        let bundled = URL(fileURLWithPath: environment["UNDERSTUDY_SCENARIOS"] ?? "scenarios")
        if target == "scenario" {
            responder = nil
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("understudy-fuzz-\(getpid())")
            try? FileManager.default.removeItem(at: folder)
            try! FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try! FileManager.default.copyItem(at: bundled.appendingPathComponent("data"), to: folder.appendingPathComponent("data"))
            scenarioFolder = folder
        } else {
            let scenarios = try! ScenarioLoader.load(directory: bundled)
            var logger = Logger(label: "fuzz")
            logger.logLevel = .critical
            let control = ServerControl(
                scenarios: scenarios, start: "happy", journalSize: 64,
                adminGuard: AdminGuard(bindHost: "127.0.0.1", isLoopback: true, allowedHosts: [], token: "fuzz-token"),
                logger: logger)
            responder = ScenarioResponder(control: control)
            scenarioFolder = nil
        }
    }
}

let fuzzState = FuzzState()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    if fuzzState.target == "scenario" {
        fuzzScenario(bytes)
    } else {
        fuzzRequest(bytes)
    }
    return 0
}

/// Input: `METHOD TARGET` on the first line, then `Name: value` lines (LF or CRLF), then an
/// empty line and a body.
func fuzzRequest(_ bytes: [UInt8]) {
    guard let responder = fuzzState.responder else { return }
    var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { line in
        line.last == UInt8(ascii: "\r") ? Array(line.dropLast()) : Array(line)
    }
    guard !lines.isEmpty else { return }
    let requestLine = lines.removeFirst()
    guard let space = requestLine.firstIndex(of: UInt8(ascii: " ")) else { return }
    let methodBytes = Array(requestLine[..<space])
    let target = Array(requestLine[(space + 1)...])
    // What the server answers 400 before the responder runs (uhw_check_request): not a token
    // method, a space or control byte in the target, a target in neither origin nor absolute form.
    guard methodBytes.withUnsafeBufferPointer({ $0.withMemoryRebound(to: CChar.self) { uhw_is_token($0.baseAddress, $0.count) } }) != 0,
        let method = HTTPRequest.Method(String(decoding: methodBytes, as: UTF8.self)),
        target.first == UInt8(ascii: "/"), targetIsAcceptable(target)
    else { return }
    var headers: [(name: String, value: String)] = []
    var body: [UInt8] = []
    while !lines.isEmpty {
        let line = lines.removeFirst()
        if line.isEmpty {
            body = Array(lines.joined(separator: [UInt8(ascii: "\n")]))
            break
        }
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { return }
        let name = Array(line[..<colon])
        guard name.withUnsafeBufferPointer({ $0.withMemoryRebound(to: CChar.self) { uhw_is_token($0.baseAddress, $0.count) } }) != 0 else { return }
        let value = line[(colon + 1)...].drop { $0 == 0x20 || $0 == 0x09 }
        guard !value.contains(0), !value.contains(UInt8(ascii: "\r")) else { return }
        if name.count == 4, String(decoding: name, as: UTF8.self).lowercased() == "host", !value.isEmpty {
            let valid = Array(value).withUnsafeBufferPointer { $0.withMemoryRebound(to: CChar.self) { uhw_is_authority($0.baseAddress, $0.count) } }
            guard valid != 0 else { return }
        }
        headers.append((String(decoding: name, as: UTF8.self), String(decoding: value, as: UTF8.self)))
    }
    let request = ServerRequest.received(method: method, rawTarget: target, headers: headers, body: body)
    // A reload re-reads the scenarios folder: slow, and a different target's job.
    if request.path.hasPrefix("/__admin/reload") { return }
    let reply = responder.reply(to: request)
    // Touch what the server would send.
    switch reply.action {
    case .respond(let response), .truncate(let response), .dribble(let response, _, _), .stream(let response, _):
        precondition(response.body.count >= 0 && (100...599).contains(response.status.code))
    default:
        break
    }
    _ = request.target
    _ = request.headerFields
}

/// Runs the target through the URI callback's C code as the server does (`uhw_take_target`
/// blanks the query's first byte for libmicrohttpd, `uhw_restore_query` puts it back) and says
/// whether the server would go on: no NUL, space or control byte.
func targetIsAcceptable(_ target: [UInt8]) -> Bool {
    var raw = target.map { CChar(bitPattern: $0) } + [0]
    var taken = uhw_target()
    let acceptable = raw.withUnsafeMutableBufferPointer { buffer in
        uhw_take_target(buffer.baseAddress, &taken)
        uhw_restore_query(&taken)
        return taken.has_invalid == 0 && taken.length == target.count
    }
    precondition(raw.dropLast().map { UInt8(bitPattern: $0) } == target, "the target is not restored after the URI callback")
    return acceptable
}

func fuzzScenario(_ bytes: [UInt8]) {
    guard let folder = fuzzState.scenarioFolder else { return }
    let file = folder.appendingPathComponent("fuzz.yaml")
    _ = FileManager.default.createFile(atPath: file.path, contents: Data(bytes))
    do {
        _ = try ScenarioLoader.load(directory: folder)
    } catch {
        for problem in error.problems where problem.file.isEmpty || (problem.line == nil && problem.keyPath == nil) {
            if knownUnlocatedProblems.contains(where: problem.message.contains) { continue }
            fatalError("a problem without a file, or without a line and a key: \(problem)")
        }
    }
}

/// Findings of this fuzzer that are tolerated until fixed, so the bounded run in `make check`
/// keeps looking for new ones; each has its reproducer in Tests/Fuzz/findings/. (Empty: the
/// first finding, an unreadable dataset reported without a line or key, is fixed in the loader.)
let knownUnlocatedProblems: [String] = []

#if FUZZING
/// libFuzzer's driver (libclang_rt.fuzzer). SwiftPM links an executable with `main` aliased to
/// `UnderstudyFuzz_main`, so this is the process entry: it hands over to libFuzzer.
// swift-format-ignore: AlwaysUseLowerCamelCase
// libFuzzer's C name.
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<Int32>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32

@_cdecl("UnderstudyFuzz_main")
func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    var count = argc
    var arguments = argv
    return LLVMFuzzerRunDriver(&count, &arguments) { data, size in fuzzOne(data, size) }
}
#else
/// Replays files through the fuzz entry point (the fuzzing build gets libFuzzer's `main` instead).
@main struct Replay {
    static func main() throws {
        for path in CommandLine.arguments.dropFirst() {
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            _ = data.withUnsafeBytes { fuzzOne($0.bindMemory(to: UInt8.self).baseAddress, $0.count) }
            print("ok \(path)")
        }
    }
}
#endif
