// GnuTLS (the CGnuTLS system module, which libmicrohttpd's TLS already links) computes the SHA-256: no second crypto library.
import CGnuTLS

/// Automatic Persisted Queries name a document by the SHA-256 of its text: this is that name.
package enum PersistedQueryHash {
    /// Whether `text` is a hash as this module writes one: 64 lowercase hexadecimal digits.
    package static func isHash(_ text: String) -> Bool {
        text.utf8.count == 64 && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    /// The lowercase hex SHA-256 of the text's UTF-8 bytes, as Apollo's clients compute `sha256Hash`.
    /// Empty in the one case GnuTLS refuses the digest (a library built without SHA-256), so that no hash matches.
    package static func sha256Hex(_ text: String) -> String {
        let bytes = Array(text.utf8)
        var digest = [UInt8](repeating: 0, count: 32)
        // Arrays passed as C pointers: Swift keeps them alive and contiguous for the call.
        guard gnutls_hash_fast(GNUTLS_DIG_SHA256, bytes, bytes.count, &digest) == 0 else { return "" }
        let hexDigits = Array("0123456789abcdef".utf8)
        var hex: [UInt8] = []
        hex.reserveCapacity(64)
        for byte in digest {
            hex.append(hexDigits[Int(byte >> 4)])
            hex.append(hexDigits[Int(byte & 0x0F)])
        }
        return String(decoding: hex, as: UTF8.self)
    }
}
