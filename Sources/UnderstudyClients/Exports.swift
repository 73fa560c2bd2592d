// The names the server reads, defined once in the wire module and re-exported so that
// `import UnderstudyClients` is enough to set a header or an environment variable by hand.

@_exported public import enum UnderstudyAdminWire.UnderstudyEnvironmentKey
@_exported public import enum UnderstudyAdminWire.UnderstudyHeaderName
