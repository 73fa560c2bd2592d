/// A QR code (ISO/IEC 18004) of a short text, for the dashboard's link to the CA's profile: a device's camera opens
/// it, so nobody types `http://192.168.1.20:8080/__admin/tls/ca.mobileconfig` on a phone. Byte mode, error
/// correction level L, versions 1 to 5 (up to 106 bytes): each of those has a single Reed–Solomon block, so the
/// codewords need no interleaving, and one alignment pattern. No library: the dashboard has no build step and the
/// engine links no image or QR library; the tests decode what this draws with an independent reader (zbar).
package struct QRCode: Sendable {
    /// Modules per side: 21 for version 1, 4 more per version.
    package let size: Int
    /// Row by row, `true` for a dark module.
    package let modules: [Bool]

    /// Data and error-correction codewords of versions 1–5 at level L (ISO/IEC 18004, table 9).
    private static let dataCodewords = [0, 19, 34, 55, 80, 108]
    private static let correctionCodewords = [0, 7, 10, 15, 20, 26]

    /// nil when `text` is longer than version 5 holds at level L (106 bytes of UTF-8).
    package init?(_ text: String) {
        let bytes = Array(text.utf8)
        guard let version = (1...5).first(where: { 4 + 8 + bytes.count * 8 <= Self.dataCodewords[$0] * 8 }) else { return nil }
        let data = Self.encode(bytes, capacity: Self.dataCodewords[version])
        let codewords = data + Self.correction(of: data, degree: Self.correctionCodewords[version])
        var best: (penalty: Int, grid: QRCodeGrid)?
        for mask in 0..<8 {
            var grid = QRCodeGrid(version: version)
            grid.place(codewords, mask: mask)
            let penalty = grid.penalty
            if best == nil || penalty < best!.penalty { best = (penalty, grid) }
        }
        size = best!.grid.size
        modules = best!.grid.dark
    }

    /// An SVG of the code with its 4-module quiet zone, `scale` pixels per module; only rectangles, no text.
    package func svg(scale: Int = 6) -> String {
        let side = size + 8
        var path = ""
        for y in 0..<size {
            for x in 0..<size where modules[y * size + x] { path += "M\(x + 4) \(y + 4)h1v1h-1z" }
        }
        return #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 \#(side) \#(side)" width="\#(side * scale)" "#
            + #"height="\#(side * scale)" shape-rendering="crispEdges"><rect width="\#(side)" height="\#(side)" fill="white"/>"#
            + #"<path fill="black" d="\#(path)"/></svg>"#
    }

    /// Mode 0100 (bytes), an 8-bit count, the bytes, a terminator of up to four 0 bits, then the pad bytes 0xEC 0x11.
    private static func encode(_ bytes: [UInt8], capacity: Int) -> [UInt8] {
        var bits: [Bool] = []
        func append(_ value: Int, count: Int) { for index in (0..<count).reversed() { bits.append(value >> index & 1 == 1) } }
        append(0b0100, count: 4)
        append(bytes.count, count: 8)
        for byte in bytes { append(Int(byte), count: 8) }
        append(0, count: min(4, capacity * 8 - bits.count))
        while bits.count % 8 != 0 { bits.append(false) }
        var codewords = stride(from: 0, to: bits.count, by: 8).map { start in bits[start..<start + 8].reduce(UInt8(0)) { $0 << 1 | ($1 ? 1 : 0) } }
        var pad: UInt8 = 0xEC
        while codewords.count < capacity {
            codewords.append(pad)
            pad = pad == 0xEC ? 0x11 : 0xEC
        }
        return codewords
    }

    /// GF(256) with the QR polynomial x⁸ + x⁴ + x³ + x² + 1 (0x11D): powers of α, and their logarithms.
    private static let field: (exp: [UInt8], log: [Int]) = {
        var exp = [UInt8](repeating: 0, count: 510)
        var log = [Int](repeating: 0, count: 256)
        var value = 1
        for power in 0..<255 {
            exp[power] = UInt8(value)
            exp[power + 255] = UInt8(value)
            log[value] = power
            value <<= 1
            if value & 0x100 != 0 { value ^= 0x11D }
        }
        return (exp, log)
    }()

    private static func multiply(_ a: UInt8, _ b: UInt8) -> UInt8 {
        a == 0 || b == 0 ? 0 : field.exp[field.log[Int(a)] + field.log[Int(b)]]
    }

    /// The Reed–Solomon remainder of `data` by the generator ∏(x − αⁱ), i < `degree`.
    private static func correction(of data: [UInt8], degree: Int) -> [UInt8] {
        var generator: [UInt8] = [1]  // highest power first
        for power in 0..<degree {
            var next = [UInt8](repeating: 0, count: generator.count + 1)
            for (index, coefficient) in generator.enumerated() {
                next[index] ^= coefficient
                next[index + 1] ^= multiply(coefficient, field.exp[power])
            }
            generator = next
        }
        var remainder = [UInt8](repeating: 0, count: degree)
        for byte in data {
            let factor = byte ^ remainder.removeFirst()
            remainder.append(0)
            for index in 0..<degree { remainder[index] ^= multiply(generator[index + 1], factor) }
        }
        return remainder
    }
}
