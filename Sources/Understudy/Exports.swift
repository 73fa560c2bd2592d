// What an embedding user needs from the modules below the engine, re-exported so that
// `import Understudy` is enough to configure, start and stop a server and read its problems.

@_exported public import enum UnderstudyAdminWire.RequestValidation
@_exported public import struct UnderstudyDocuments.FileProblem
@_exported public import struct UnderstudyDocuments.FileProblems
@_exported public import struct UnderstudyHTTP.ServerConfiguration
@_exported public import struct UnderstudyStaging.OpenAPIMount
@_exported public import struct UnderstudyStaging.TrustDownloads
