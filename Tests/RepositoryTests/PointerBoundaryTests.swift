import Foundation
import Testing

/// Pointers live only at the wire: the libmicrohttpd backend, the YAML composer over libyaml, and
/// a few named files that talk to the operating system. Everything else — the HTTP core, the
/// engine, the clients, the testing library — is memory-safe Swift, so a newcomer changing a
/// behaviour never meets a pointer.
@Suite struct PointerBoundaryTests {
    /// Whole folders at the wire.
    static let wireFolders = [
        "Sources/UnderstudyMicroHTTPD/",  // the libmicrohttpd backend: C callbacks, response objects, packed fields
        "Sources/CMicroHTTPD/",
        "Sources/CUnderstudyHTTPWire/",  // C over libmicrohttpd's buffers: the request's bytes where they lie
        "Sources/CYAML/",
        "Sources/CGnuTLS/",
        "Sources/CUnderstudyTLS/",  // certificates made and read with GnuTLS, the handshake's certificate by SNI
        "Sources/CHiredis/",
    ]

    /// Single files at the wire, each with its reason.
    static let wireFiles: [String: String] = [
        "Sources/UnderstudyDocuments/YAML/YAMLComposer.swift": "drives libyaml's parser",
        "Sources/UnderstudyDocuments/YAML/YAMLEventReader.swift": "reads libyaml's events",
        "Sources/UnderstudyHTTP/Platform.swift":
            "Locked's pthread mutex needs a stable address; ThreadOrdinal's pthread key value is a pointer; OnceReference retains by hand",
        "Sources/UnderstudyFuzz/Fuzz.swift": "libFuzzer hands its input over as a pointer",
        "Sources/understudy/Serve.swift": "the signal thread's sigset_t calls",
        "Sources/UnderstudyDocuments/Platform.swift": "a file read into an array: the system call needs the buffer's address",
        "Sources/UnderstudyStaging/Platform.swift":
            "the helpers (upstream, OpenAPI gate) run over pipes (posix_spawn's argument vector, pipe reads and writes), readlink of the executable",
        "Sources/understudy-upstream/Platform.swift": "the helper's stdin and stdout",
        "Sources/UnderstudyTLS/Platform.swift":
            "getifaddrs walks a C list of interface addresses; the calls into CUnderstudyTLS (C strings, the buffers it allocates)",
        "Sources/UnderstudyReplicas/Platform.swift":
            "a peer's address from getaddrinfo, the socket calls of one journal read; hiredis's context, command vectors, replies and reader",
    ]

    /// What marks pointer code: the unsafe types and calls, unmanaged references, raw memory
    /// compares, unchecked Sendable conformances, and the closures that lend out a buffer's address.
    static let markers = [
        "Unsafe", "withUnsafe", "unsafeBitCast", "unsafeDowncast", "Unmanaged", "memcmp", "memcpy", "@unchecked",
        "nonisolated(unsafe)", "withUTF8", "withContiguousStorageIfAvailable", "withContiguousMutableStorageIfAvailable",
        "OpaquePointer",
    ]

    @Test func pointersStayAtTheWire() throws {
        let root = PlatformTests.root
        let files = try PlatformTests.sourceFiles().filter { $0.hasSuffix(".swift") }
        #expect(files.count > 50)
        var found: [String] = []
        for file in files where Self.wireFiles[file] == nil && !Self.wireFolders.contains(where: file.hasPrefix) {
            for (index, line) in try PlatformTests.lines(of: file).enumerated() {
                let code = line.trimmingCharacters(in: .whitespaces)
                guard !code.hasPrefix("//") else { continue }
                for marker in Self.markers where code.contains(marker) {
                    found.append("\(file):\(index + 1) uses \(marker)")
                }
            }
        }
        #expect(found.isEmpty, "pointer code outside the wire:\n\(found.joined(separator: "\n"))")
        _ = root
    }

    /// The engine compiles without the C library: no module above the HTTP core imports it. One file is the
    /// exception: `UnderstudyServer` puts the engine on libmicrohttpd, so that `import Understudy` is enough to serve.
    @Test func theEngineDoesNotImportTheCLibrary() throws {
        let files = try PlatformTests.sourceFiles().filter {
            [
                "Sources/Understudy/", "Sources/UnderstudyHTTP/", "Sources/UnderstudyDocuments/", "Sources/UnderstudyBuiltinAPIs/",
                "Sources/UnderstudyRecording/", "Sources/UnderstudyStaging/", "Sources/UnderstudyAPIService/", "Sources/UnderstudyOpenAPI/",
            ]
            .contains(where: $0.hasPrefix) && $0 != "Sources/Understudy/UnderstudyServer.swift"
        }
        for file in files {
            for (index, line) in try PlatformTests.lines(of: file).enumerated()
            where line.contains("import CMicroHTTPD") || line.contains("import CUnderstudyHTTPWire") || line.contains("import UnderstudyMicroHTTPD") {
                Issue.record("\(file):\(index + 1) imports the libmicrohttpd backend")
            }
        }
    }
}
