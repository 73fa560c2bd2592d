import UnderstudyDocuments

/// A response body's bytes from its HAR `content`, whatever the exporter did with them: plain text (Chrome's,
/// Firefox's and Safari's text bodies), base64 (their binary ones, and every body of some proxies), and base64 of
/// the bytes still compressed (`Content-Encoding: gzip`, `deflate` or `br` kept as they came over the wire).
///
/// Browsers keep the `Content-Encoding` header of a body they have already decoded, so the header alone never
/// decides: a body is decompressed only when it is base64 and its bytes are that coding (gzip's magic number, a zlib
/// header, or for br and raw deflate bytes that are not text and decode whole).
enum HARBody {
    enum Decoded {
        case bytes([UInt8], decompressed: Bool)
        /// The HAR has no text for a body that had bytes (Firefox without "Save All As HAR with content", a body
        /// Chrome had evicted): replaying it empty would be wrong, so the entry is left out.
        case notCaptured(Int)
        /// Over ``HARLimits/maxDecodedBody`` once decoded.
        case tooLarge
    }

    static func decode(_ entry: HAREntry) throws(HARImportError) -> Decoded {
        let content = entry.content
        guard let text = content.text else {
            let size = Int(max(0, min(content.size ?? 0, Double(Int32.max))))
            return size > 0 && entry.status != 304 && entry.method != "HEAD" ? .notCaptured(size) : .bytes([], decompressed: false)
        }
        let textField = try content.field.member("text") ?? content.field
        var bytes: [UInt8]
        switch content.encoding?.lowercased() ?? "" {
        case "": bytes = Array(text.utf8)
        case "base64": bytes = try HARBase64.decode(text, at: textField)
        case let other:
            let field = try content.field.member("encoding") ?? content.field
            throw field.problem("unknown encoding '\(other)' (HAR 1.2 names only base64)")
        }
        guard bytes.count <= HARLimits.maxDecodedBody else { return .tooLarge }
        guard content.encoding?.lowercased() == "base64" else { return .bytes(bytes, decompressed: false) }
        let codings = (HAREntry.header("content-encoding", in: entry.responseHeaders) ?? "").lowercased()
            .split(separator: ",").map { String($0).trimmingSpaces }.filter { !$0.isEmpty && $0 != "identity" }
        var decompressed = false
        // Codings were applied in the order listed, so they come off last first.
        for coding in codings.reversed() {
            let strong = coding == "gzip" || coding == "x-gzip" ? bytes.starts(with: [0x1F, 0x8B]) : false
            let looksCompressed = strong || (["br", "deflate"].contains(coding) && String(validating: bytes, as: UTF8.self) == nil)
            guard looksCompressed else { break }
            guard HARDecompression.available(coding) else {
                throw textField.problem(
                    "the body is still compressed (Content-Encoding: \(coding)) and this understudy was built without "
                        + "\(coding == "br" ? "libbrotli" : "zlib") (the FullPackage trait, which `make run` leaves out): import it "
                        + "with a default build (`swift build`), or export the HAR with decoded bodies")
            }
            switch HARDecompression.decode(bytes, coding: coding, limit: HARLimits.maxDecodedBody) {
            case .decoded(let plain):
                bytes = plain
                decompressed = true
            case .tooLarge: return .tooLarge
            case .invalid(let reason):
                // gzip's magic number says the bytes are meant as gzip: broken ones are the file's fault. A br or
                // raw-deflate guess that does not decode is a binary body an exporter had already decoded.
                if strong { throw textField.problem("the body starts as gzip (Content-Encoding: \(coding)) but does not decode: \(reason)") }
                return .bytes(bytes, decompressed: decompressed)
            }
        }
        return .bytes(bytes, decompressed: decompressed)
    }
}
