// The standard library only (Codable): the server, which keeps full Foundation out, and any client can use it.

/// The admin API's JSON, as Codable types shared by the server (which encodes its answers
/// through them) and by ``UnderstudyAdmin`` (which decodes them): renaming a field on one
/// side renames it on the other, or fails to compile.
///
/// Optional fields the server always writes (as `null` when absent) are declared as plain
/// optionals; fields it writes only sometimes have hand-written `encode(to:)`s.
public enum UnderstudyWire {}
