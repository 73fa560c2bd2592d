import UnderstudyDocuments

/// Where an import keeps a binary body (an image, a PDF): `data/NAME/binary/<method>-<path words>-<hash>.<ext>`,
/// named as ScenarioWriter names body files (readable, never the same name for other bytes), the extension taken
/// from the media type. Scenario bodies are UTF-8 text, so no route serves these; they are kept so that nothing the
/// HAR held is lost, and a path built this way cannot leave the scenarios folder (words are letters, digits, - and _).
enum HARBinaryFile {
    static func path(for exchange: RecordedExchange, scenario: String, mimeType: String) -> String {
        let words = exchange.path.split(separator: "/").map { $0.filter { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" } }
            .filter { !$0.isEmpty }.joined(separator: "-").prefix(60)
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325  // FNV-1a, 64 bits, over the query and the bytes
        for byte in Array(exchange.query.utf8) + exchange.body { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return "data/\(scenario)/binary/\(exchange.method.lowercased())-\(words)-\(String(hash, radix: 16)).\(fileExtension(mimeType))"
    }

    static func fileExtension(_ mimeType: String) -> String {
        let media = mimeType.split(separator: ";").first.map { String($0).trimmingSpaces.lowercased() } ?? ""
        let known = [
            "image/png": "png", "image/jpeg": "jpg", "image/gif": "gif", "image/webp": "webp", "image/avif": "avif", "image/x-icon": "ico",
            "image/vnd.microsoft.icon": "ico", "application/pdf": "pdf", "font/woff2": "woff2", "font/woff": "woff", "application/zip": "zip",
            "application/x-protobuf": "pb", "application/protobuf": "pb", "application/grpc-web+proto": "pb",
        ]
        return known[media] ?? "bin"
    }
}
