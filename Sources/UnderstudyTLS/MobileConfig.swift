/// The configuration profile a device installs to trust the development CA: one
/// `com.apple.security.root` payload holding the CA's DER. After installing it, iOS still asks
/// for full trust under Settings › General › About › Certificate Trust Settings.
package enum MobileConfig {
    /// The profile's XML property list. UUIDs are derived from the CA's fingerprint, so the same CA
    /// always makes the same profile (a second install replaces the first instead of adding one).
    package static func profile(for authority: Certificate) throws(TLSError) -> String {
        let der = try authority.der()
        let fingerprint = authority.sha256Fingerprint.replacingColons()
        let payloadUUID = uuid(from: fingerprint, variant: "1")
        let profileUUID = uuid(from: fingerprint, variant: "2")
        let name = escape(authority.commonName)
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            \t<key>PayloadContent</key>
            \t<array>
            \t\t<dict>
            \t\t\t<key>PayloadCertificateFileName</key>
            \t\t\t<string>understudy-ca.cer</string>
            \t\t\t<key>PayloadContent</key>
            \t\t\t<data>\(base64(der))</data>
            \t\t\t<key>PayloadDescription</key>
            \t\t\t<string>Adds the Understudy development CA, for a local staging server. Development only.</string>
            \t\t\t<key>PayloadDisplayName</key>
            \t\t\t<string>\(name)</string>
            \t\t\t<key>PayloadIdentifier</key>
            \t\t\t<string>dev.understudy.ca.\(payloadUUID)</string>
            \t\t\t<key>PayloadType</key>
            \t\t\t<string>com.apple.security.root</string>
            \t\t\t<key>PayloadUUID</key>
            \t\t\t<string>\(payloadUUID)</string>
            \t\t\t<key>PayloadVersion</key>
            \t\t\t<integer>1</integer>
            \t\t</dict>
            \t</array>
            \t<key>PayloadDisplayName</key>
            \t<string>\(name)</string>
            \t<key>PayloadIdentifier</key>
            \t<string>dev.understudy.profile.\(profileUUID)</string>
            \t<key>PayloadRemovalDisallowed</key>
            \t<false/>
            \t<key>PayloadType</key>
            \t<string>Configuration</string>
            \t<key>PayloadUUID</key>
            \t<string>\(profileUUID)</string>
            \t<key>PayloadVersion</key>
            \t<integer>1</integer>
            </dict>
            </plist>

            """
    }

    private static func uuid(from hex: String, variant: Character) -> String {
        var digits = Array(hex.prefix(32))
        digits[12] = "4"
        digits[16] = variant == "1" ? "8" : "9"
        let text = String(digits)
        let cuts = [8, 12, 16, 20]
        var parts: [Substring] = []
        var start = text.startIndex
        for cut in cuts {
            let end = text.index(text.startIndex, offsetBy: cut)
            parts.append(text[start..<end])
            start = end
        }
        parts.append(text[start...])
        return parts.joined(separator: "-")
    }

    private static func escape(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            default: out.append(character)
            }
        }
        return out
    }

    static func base64(_ bytes: [UInt8]) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")
        var out = ""
        var index = 0
        while index < bytes.count {
            let chunk = bytes[index..<min(index + 3, bytes.count)]
            let value = chunk.enumerated().reduce(UInt32(0)) { $0 | UInt32($1.element) << (16 - 8 * UInt32($1.offset)) }
            for position in 0..<4 {
                out.append(position <= chunk.count ? alphabet[Int((value >> (18 - 6 * UInt32(position))) & 63)] : "=")
            }
            index += 3
        }
        return out
    }
}

extension String {
    fileprivate func replacingColons() -> String { String(filter { $0 != ":" }) }
}
