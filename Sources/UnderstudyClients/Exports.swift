// The names the server reads, defined once in the wire module and re-exported so that
// `import UnderstudyClients` is enough to set a header or an environment variable by hand,
// to find an API's base URL (`UnderstudyAPI.catfact.defaultBaseURL`) and to read the version.

@_exported public import enum UnderstudyAdminWire.UnderstudyAPI
@_exported public import enum UnderstudyAdminWire.UnderstudyEnvironmentKey
@_exported public import enum UnderstudyAdminWire.UnderstudyHeaderName
@_exported public import enum UnderstudyAdminWire.UnderstudyVersion
