// The C library's `log`, which FoundationEssentials does not offer: the module's one platform file.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#else
#error("UnderstudyBuiltinAPIs supports Linux (glibc, musl) and Apple platforms: add this system's C library here")
#endif

enum Platform {
    /// The natural logarithm (BM25's idf).
    static func naturalLog(_ value: Double) -> Double { log(value) }
}
