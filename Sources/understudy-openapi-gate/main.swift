// understudy-openapi-gate: checks one OpenAPI document with OpenAPIKit for `understudy` and exits.
// Linked into `understudy` itself, OpenAPIKit's release compile was most of a fresh clone's `make run`
// (250 of 352 s), for a check only `--openapi` documents need. Reads an OpenAPIGateWire request on stdin
// (a path and a display name, a few hundred bytes), writes the problems found on stdout.
import Foundation
import UnderstudyOpenAPIGate

let input = FileHandle.standardInput.readData(ofLength: 1 << 16)
guard let output = OpenAPIGateHelper.answer(Array(input)) else {
    try? FileHandle.standardError.write(contentsOf: Data("understudy-openapi-gate: expected a request from understudy on stdin\n".utf8))
    exit(2)
}
// The throwing write: `write(_:)` traps on an error, and a reader that has gone (understudy stopped first) is no crash.
do {
    try FileHandle.standardOutput.write(contentsOf: Data(output))
} catch {
    exit(1)
}
exit(0)
