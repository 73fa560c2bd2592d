import Foundation
import HTTPTypes
import UnderstudyDocuments
import UnderstudyHTTP

/// A placeholder filled from the request being answered (`{{request.query.page}}`, `{{request.body.user.name}}`),
/// or from the moment (`{{now}}`, `{{uuid}}`, `{{counter}}`). Its value is hostile text: it is put in as a value of
/// the body's language, never read as a placeholder or as syntax (see ``CannedResponse``).
package enum RequestValue: Sendable, Hashable {
    /// A `:name` segment of the route's path (also written `{{name}}`).
    case path(String)
    case query(String)
    case header(String)
    /// A value of the JSON body, by a dotted path of keys and array indices; the whole body for no path.
    case body([String])
    case now(TimeFormat)
    case uuid
    /// How many requests this route has answered for this session, from 1.
    case counter

    package enum TimeFormat: Sendable, Hashable {
        case iso8601, epoch, epochMilliseconds
    }

    /// The value a placeholder's name stands for; nil for a name that is not one (a path parameter's, or unknown).
    package init?(placeholder name: String) {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        switch parts.first {
        case "now" where parts.count == 1: self = .now(.iso8601)
        case "now:epoch" where parts.count == 1: self = .now(.epoch)
        case "now:epoch_ms" where parts.count == 1: self = .now(.epochMilliseconds)
        case "uuid" where parts.count == 1: self = .uuid
        case "counter" where parts.count == 1: self = .counter
        case "request":
            guard parts.count >= 2 else { return nil }
            let rest = Array(parts.dropFirst(2))
            switch parts[1] {
            case "path" where rest.count == 1 && !rest[0].isEmpty: self = .path(rest[0])
            case "query" where rest.count == 1 && !rest[0].isEmpty: self = .query(rest[0])
            case "header" where rest.count == 1 && HTTPField.Name(rest[0]) != nil: self = .header(rest[0])
            case "body" where !rest.contains(""): self = .body(rest)
            default: return nil
            }
        default: return nil
        }
    }

    /// What a request gives for this value: text (a string), or a JSON value that is not a string (a number, an
    /// object from the body); nil when the request has none (`null` in JSON, nothing in text).
    func value(in request: ServerRequest?, parameters: [String: String], counter: Int) -> Filled? {
        switch self {
        case .path(let name): return parameters[name].map(Filled.text)
        case .query(let name): return request?.queryValue(name).map(Filled.text)
        case .header(let name): return HTTPField.Name(name).flatMap { request?.header($0) }.map(Filled.text)
        case .body(let keys):
            guard let request, !request.body.isEmpty, var value = try? JSONParser.parse(request.body, file: "request body").value else {
                return nil
            }
            for key in keys {
                switch value {
                case .object(let members):
                    guard let member = members.first(where: { $0.key == key }) else { return nil }
                    value = member.value
                case .array(let items):
                    guard let index = Int(key), items.indices.contains(index) else { return nil }
                    value = items[index]
                default:
                    return nil
                }
            }
            switch value {
            case .string(let text), .link(let text): return .text(text)
            case .null: return nil
            default: return .json(value)
            }
        case .now(let format):
            let milliseconds = Int64((Date().timeIntervalSince1970 * 1000).rounded(.down))
            switch format {
            case .iso8601: return .text(UTCTimestamp.milliseconds(milliseconds))
            case .epoch: return .json(.number(String(milliseconds / 1000)))
            case .epochMilliseconds: return .json(.number(String(milliseconds)))
            }
        case .uuid: return .text(Self.uuid())
        case .counter: return .json(.number(String(counter)))
        }
    }

    /// A filled value: text, or JSON that is not a string.
    enum Filled {
        case text(String)
        case json(JSONValue)

        /// As text (inside a JSON string, in a header, in a text body): a JSON value as its compact text.
        var text: String {
            switch self {
            case .text(let text): text
            case .json(let value): String(decoding: JSONWriter().template(value).render(origin: Origin("")), as: UTF8.self)
            }
        }
    }

    /// A random (version 4) UUID, lowercase as most APIs write it.
    static func uuid() -> String {
        var bytes = (0..<16).map { _ in UInt8.random(in: 0...255) }
        bytes[6] = bytes[6] & 0x0F | 0x40
        bytes[8] = bytes[8] & 0x3F | 0x80
        let hex = bytes.map { byte in String(byte, radix: 16).count == 1 ? "0" + String(byte, radix: 16) : String(byte, radix: 16) }
        return [hex[0..<4], hex[4..<6], hex[6..<8], hex[8..<10], hex[10..<16]].map { $0.joined() }.joined(separator: "-")
    }
}
