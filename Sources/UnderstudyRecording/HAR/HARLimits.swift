/// The bounds of `understudy import har`. HAR files arrive in pull requests, so each one is a hostile input until
/// read: none of them can make the import take unbounded memory or write outside the scenarios folder.
package enum HARLimits {
    /// The largest HAR file read (checked before reading, and again on the bytes read). A browser's export of a long
    /// session with bodies is tens of MiB; past this the file is refused, naming the bound.
    package static let maxFileBytes = 256 << 20
    /// Entries read from `log.entries`; past it the file is refused rather than read in part.
    package static let maxEntries = 100_000
    /// A body once base64 and Content-Encoding are undone: decompression stops here, so a bomb costs at most this.
    package static let maxDecodedBody = 64 << 20
    /// The most a scenario file's `delay:` may say (the loader's own bound, ScenarioReader.maxDelayMilliseconds).
    static let maxDelayMilliseconds = 86_400_000
}
