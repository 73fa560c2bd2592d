// The package's trait, not canImport: a build without it may find the modules an earlier build left in the same
// folder, and then fail to link them.
#if FullPackage
import CZlib
import CBrotli
#endif

/// Bodies a HAR keeps as they came over the wire (base64 of gzip, deflate or br bytes, as some proxies export
/// them) decoded by zlib and libbrotli, never past a bound: a small body that decompresses to gigabytes (a
/// "bomb") stops there. Both libraries are linked with the FullPackage trait only; without them ``available`` is
/// false and the caller says so where the body is.
///
/// Each decoder fills one output array in one call (zlib's through `CZlib/shim.h`, brotli's
/// `BrotliDecoderDecompress`), so no stream's pointers are handled in Swift; when the array is too small the body
/// is decoded again into one twice the size, up to the bound (at most twice the work of knowing the size).
enum HARDecompression {
    enum Outcome: Equatable {
        case decoded([UInt8])
        /// More than the bound once decoded.
        case tooLarge
        /// Not a valid stream of that coding.
        case invalid(String)
    }

    static func available(_ coding: String) -> Bool {
        switch coding {
        #if FullPackage
        case "gzip", "x-gzip", "deflate", "br": return true
        #endif
        default: return false
        }
    }

    static func decode(_ bytes: [UInt8], coding: String, limit: Int) -> Outcome {
        var capacity = min(limit + 1, max(64 << 10, bytes.count * 8))
        while true {
            switch attempt(bytes, coding: coding, capacity: capacity) {
            case .decoded(let plain): return plain.count > limit ? .tooLarge : .decoded(plain)
            case .invalid(let reason): return .invalid(reason)
            case .tooLarge:
                guard capacity <= limit else { return .tooLarge }
                capacity = min(limit + 1, capacity * 2)
            }
        }
    }

    /// One decode into `capacity` bytes; `.tooLarge` when they were not enough.
    private static func attempt(_ bytes: [UInt8], coding: String, capacity: Int) -> Outcome {
        var output = [UInt8](repeating: 0, count: capacity)
        switch coding {
        #if FullPackage
        case "gzip", "x-gzip", "deflate":
            // RFC 9110's deflate is zlib-wrapped, but servers often send raw deflate: the zlib header decides.
            let zlibWrapped = bytes.count >= 2 && bytes[0] & 0x0F == 8 && (UInt16(bytes[0]) << 8 | UInt16(bytes[1])) % 31 == 0
            let windowBits: Int32 = coding == "deflate" ? (zlibWrapped ? 15 : -15) : 15 + 16
            var length = 0
            var error: Int32 = 0
            switch us_inflate(bytes, bytes.count, windowBits, &output, capacity, &length, &error) {
            case Int32(US_INFLATE_DONE): return .decoded(Array(output[..<length]))
            case Int32(US_INFLATE_FULL): return .tooLarge
            default:
                return .invalid(
                    error == Z_BUF_ERROR ? "the data ends early" : error == Z_NEED_DICT ? "it needs a preset dictionary" : "the data is corrupt")
            }
        #endif
        #if FullPackage
        case "br":
            var length = capacity
            // The one-shot call says ERROR for every failure, a full output included: a filled array means "more room".
            guard BrotliDecoderDecompress(bytes.count, bytes, &length, &output) == BROTLI_DECODER_RESULT_SUCCESS else {
                return length >= capacity ? .tooLarge : .invalid("the data is corrupt or ends early")
            }
            return .decoded(Array(output[..<length]))
        #endif
        default: return .invalid("\(coding) is not decoded by this build")
        }
    }
}
