/// Checks on the names a scenario file gives to HTTP methods and headers.
/// Hand-written: the regular expressions they replace needed full Foundation.
enum HTTPToken {
    /// A header name: one or more RFC 9110 token characters
    /// (`A-Z a-z 0-9 ! # $ % & ' * + - . ^ _ ` | ~`).
    static func isValid(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.allSatisfy(isTokenByte)
    }

    /// A method as scenario files write it (after upper-casing): one or more letters A-Z.
    static func isMethod(_ method: String) -> Bool {
        !method.isEmpty && method.utf8.allSatisfy { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }
    }

    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"):
            true
        default:
            Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
        }
    }
}
