import UnderstudyDocuments
import UnderstudyHTTP

/// Applies ``HARSecrets`` to what an import writes, counting each value it replaces by `REDACTED`: query values
/// under secret keys, JSON values under secret keys, the same in form bodies and in the query of `Location` and
/// `Link`, and every secret value found anywhere in the file wherever else it appears.
struct HARRedactor {
    /// For each possible first two bytes, the index in ``groups`` of the secrets that start so (-1: none): a flat
    /// table, since it is looked up at every byte of every body.
    private let starts: [Int32]
    /// Secrets sharing their first two bytes, longest first.
    private let groups: [[[UInt8]]]
    private(set) var count = 0

    init(_ secrets: HARSecrets) {
        // Longest first, so that a token is replaced whole rather than a shorter secret inside it.
        let values = secrets.values.map { Array($0.utf8) }.sorted { $0.count != $1.count ? $0.count > $1.count : $0.lexicographicallyPrecedes($1) }
        var starts = [Int32](repeating: -1, count: 1 << 16)
        var groups: [[[UInt8]]] = []
        for value in values {
            let key = Int(value[0]) << 8 | Int(value[1])
            if starts[key] < 0 {
                starts[key] = Int32(groups.count)
                groups.append([])
            }
            groups[Int(starts[key])].append(value)
        }
        self.starts = starts
        self.groups = groups
    }

    /// Decoded query pairs with secret keys' values replaced.
    mutating func query(_ pairs: [(String, String)]) -> [(String, String)] {
        pairs.map { name, value in
            if HARSecrets.isSecretQueryName(name), value != HARSecrets.redacted, !value.isEmpty {
                count += 1
                return (name, HARSecrets.redacted)
            }
            return (name, text(value))
        }
    }

    /// `text` with every known secret value replaced.
    mutating func text(_ text: String) -> String {
        let bytes = Array(text.utf8)
        let replaced = self.bytes(bytes)
        return replaced == bytes ? text : String(decoding: replaced, as: UTF8.self)
    }

    /// A header value holding a URL (`Location`, `Link`): secret query values replaced, then known secrets.
    mutating func urlHeader(_ value: String) -> String {
        guard let question = value.firstIndex(of: "?") else { return text(value) }
        let end = value[question...].firstIndex { $0 == ">" || $0 == "#" || $0 == ";" || $0 == "," || $0 == " " } ?? value.endIndex
        let queryText = value[value.index(after: question)..<end]
        var changed = false
        let parts = queryText.split(separator: "&", omittingEmptySubsequences: false).map { part -> String in
            let halves = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard halves.count == 2, !halves[1].isEmpty, HARSecrets.isSecretQueryName(PercentDecoding.decode(halves[0], malformed: .keep) ?? "")
            else { return String(part) }
            count += 1
            changed = true
            return "\(halves[0])=\(HARSecrets.redacted)"
        }
        let rewritten = changed ? String(value[..<question]) + "?" + parts.joined(separator: "&") + String(value[end...]) : value
        return text(rewritten)
    }

    /// A body: JSON values under secret keys, form values under secret keys, then known secrets anywhere. A JSON
    /// body that changed is written compactly (the scenario file keeps it as `json:`); one that did not keeps its bytes.
    mutating func body(_ bytes: [UInt8], mediaType: String) -> [UInt8] {
        if mediaType == "application/json" || mediaType.hasSuffix("+json"), let value = try? JSONParser.parse(bytes, file: "").value {
            let before = count
            let redacted = json(value)
            return count == before ? bytes : JSONWriter().template(redacted).render(origin: Origin("{{origin}}"))
        }
        if mediaType == "application/x-www-form-urlencoded", let text = String(validating: bytes, as: UTF8.self) {
            let pairs = text.split(separator: "&").map { part -> String in
                let halves = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                guard halves.count == 2, !halves[1].isEmpty,
                    HARSecrets.isSecretQueryName(PercentDecoding.decode(halves[0], plusIsSpace: true, malformed: .keep) ?? "")
                else { return String(part) }
                count += 1
                return "\(halves[0])=\(HARSecrets.redacted)"
            }
            return self.bytes(Array(pairs.joined(separator: "&").utf8))
        }
        return self.bytes(bytes)
    }

    private mutating func json(_ value: JSONValue) -> JSONValue {
        switch value {
        case .object(let members):
            return .object(
                members.map { member in
                    if HARSecrets.isSecretJSONKey(member.key), let text = HARSecrets.scalarText(member.value), text != HARSecrets.redacted {
                        count += 1
                        return .init(member.key, .string(HARSecrets.redacted))
                    }
                    return .init(member.key, json(member.value))
                })
        case .array(let items): return .array(items.map { json($0) })
        case .string(let text): return .string(self.text(text))
        default: return value
        }
    }

    /// Every known secret in `input` replaced, in one pass: each position's first two bytes pick the few secrets
    /// that could start there (a large file's bodies times its secrets would otherwise be compared byte by byte).
    mutating func bytes(_ input: [UInt8]) -> [UInt8] {
        guard !groups.isEmpty, input.count >= HARSecrets.shortest else { return input }
        var out: [UInt8] = []
        var copied = 0
        var index = 0
        let last = input.count - 1
        while index < last {
            let key = Int(input[index]) << 8 | Int(input[index + 1])
            if starts[key] >= 0,
                let secret = groups[Int(starts[key])].first(where: {
                    index + $0.count <= input.count && input[index..<(index + $0.count)].elementsEqual($0)
                })
            {
                if out.isEmpty { out.reserveCapacity(input.count) }
                out += input[copied..<index]
                out += HARSecrets.redacted.utf8
                count += 1
                index += secret.count
                copied = index
            } else {
                index += 1
            }
        }
        guard copied > 0 else { return input }
        out += input[copied...]
        return out
    }
}
