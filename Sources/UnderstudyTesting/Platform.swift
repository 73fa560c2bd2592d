// Everything in UnderstudyTesting that differs between systems, in one place: which systems it builds for.
//
// The module runs an Understudy server inside the test process, so it needs the server's systems;
// nothing else in it differs between Linux and Darwin.
#if os(iOS) || os(tvOS) || os(watchOS) || os(visionOS)
#error(
    "UnderstudyTesting runs an Understudy server in the test process: macOS and Linux only. In an iOS, tvOS, watchOS or visionOS test target use UnderstudyAdminClient (UnderstudySession.attach(to:token:)) against a server running on the Mac or in CI."
)
#elseif os(Linux) || canImport(Darwin)
// Linux and macOS: supported.
#else
#error("UnderstudyTesting builds on Linux and on Darwin (macOS); add this system's branch to Platform.swift")
#endif
