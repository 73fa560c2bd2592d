/// The version of this Understudy release, defined once: `understudy --version` prints it, and a test
/// target can read it from `UnderstudyClients` or `UnderstudyAdminClient`. CHANGELOG.md lists what each one changed.
public enum UnderstudyVersion {
    /// `MAJOR.MINOR.PATCH`, as in the package's release tag and CHANGELOG.md.
    public static let current = "0.3.0"
}
