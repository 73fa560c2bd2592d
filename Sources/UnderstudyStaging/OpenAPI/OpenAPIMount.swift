#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// An OpenAPI document served under `/NAME` (`understudy serve --openapi NAME=FILE`, `UNDERSTUDY_OPENAPI`, or a
/// scenario file's `openapi:`): a client whose server URL is `http://HOST:PORT/NAME` calls `/NAME/pets/1` where
/// the real one calls `https://api.example.com/v1/pets/1`.
public struct OpenAPIMount: Sendable, Hashable {
    /// The first path segment the operations are served under.
    public var name: String
    public var file: URL
    /// Served even though OpenAPIKit refuses it (an integer `maximum` past Int64…), its refusals as warnings:
    /// `--openapi-lenient`, or `lenient: true` in a scenario file. Every other problem still refuses it.
    public var lenient: Bool

    public init(name: String, file: URL, lenient: Bool = false) {
        self.name = name
        self.file = file
        self.lenient = lenient
    }

    /// `NAME=FILE`, as the command line and `UNDERSTUDY_OPENAPI` write it; nil when there is no `=`.
    public init?(argument: String) {
        guard let equals = argument.firstIndex(of: "=") else { return nil }
        name = String(argument[..<equals])
        file = URL(fileURLWithPath: String(argument[argument.index(after: equals)...]))
        lenient = false
    }

    /// Why `name` cannot be a mount's name, or nil when it can: one path segment of lowercase letters, digits,
    /// `-`, `_` and `.`, not taken by the built-in APIs or the admin API.
    package static func problem(withName name: String) -> String? {
        let allowed = name.utf8.allSatisfy { (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || [0x2D, 0x5F, 0x2E].contains($0) }
        guard !name.isEmpty, name.utf8.count <= 64, allowed, name.first != ".", name.first != "-" else {
            return "'\(name)' is not a mount name: 1 to 64 lowercase letters, digits, '-', '_' or '.', starting with a letter, digit or '_'"
        }
        guard !["swapi", "artic", "catfact", "__admin"].contains(name) else {
            return "'\(name)' is taken: /\(name) is \(name == "__admin" ? "the admin API" : "a built-in API")"
        }
        return nil
    }
}
