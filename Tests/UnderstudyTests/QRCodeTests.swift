import Foundation
import Testing
import UnderstudyQRCode

/// The QR encoder's versions 1–5 and their limits. Whether a reader decodes what it draws is checked with zbar:
/// here for versions 1 and 2 (texts shorter than any profile URL), and through the server for 3–5 by
/// scripts/tls-qr.py, which `make test` runs.
@Suite struct QRCodeTests {
    /// The version a text's length needs at level L: byte capacities 17, 32, 53, 78 and 106.
    @Test(arguments: [(1, 21), (17, 21), (18, 25), (32, 25), (33, 29), (53, 29), (54, 33), (78, 33), (79, 37), (106, 37)])
    func eachLengthGetsTheSmallestVersionThatHoldsIt(length: Int, size: Int) throws {
        #expect(try #require(QRCode(String(repeating: "a", count: length))).size == size)
    }

    @Test func aTextLongerThanVersion5HoldsIsRefused() {
        #expect(QRCode(String(repeating: "a", count: 107)) == nil)
        #expect(QRCode(String(repeating: "é", count: 54)) == nil, "108 bytes of UTF-8")
    }

    /// Both copies of the format information say level L (01) and one mask, and their BCH check bits hold.
    @Test func theFormatInformationSaysLevelLTwice() throws {
        let code = try #require(QRCode("http://192.168.1.20:8080/__admin/tls/ca.mobileconfig"))
        let size = code.size
        func dark(_ x: Int, _ y: Int) -> Int { code.modules[y * size + x] ? 1 : 0 }
        var first = 0
        var second = 0
        for index in 0..<15 {
            let (x, y) = index < 6 ? (8, index) : index < 8 ? (8, index + 1) : index == 8 ? (7, 8) : (14 - index, 8)
            first |= dark(x, y) << index
            second |= (index < 8 ? dark(size - 1 - index, 8) : dark(8, size - 15 + index)) << index
        }
        #expect(first == second)
        let bits = first ^ 0x5412
        #expect(bits >> 13 == 0b01, "level L")
        var remainder = bits >> 10
        for _ in 0..<10 { remainder = remainder << 1 ^ (remainder >> 9) * 0x537 }
        #expect(remainder == bits & 0x3FF, "BCH(15, 5) check bits")
        #expect(dark(8, size - 8) == 1, "the dark module")
    }

    @Test(arguments: ["understudy", "http://a:1/__admin/tls"])  // 10 bytes: version 1; 22: version 2
    func zbarReadsVersionsOneAndTwoBack(text: String) throws {
        guard
            let zbar = ["/usr/bin/zbarimg", "/opt/homebrew/bin/zbarimg", "/usr/local/bin/zbarimg"].first(where: FileManager.default.isExecutableFile)
        else {
            print("QRCodeTests: zbarimg is not installed (scripts/install-deps.sh zbar-tools); the read-back is skipped")
            return
        }
        let code = try #require(QRCode(text))
        let scale = 4
        let side = (code.size + 8) * scale
        var pixels = [UInt8](repeating: 255, count: side * side)
        for y in 0..<side {
            for x in 0..<side {
                let (column, row) = (x / scale - 4, y / scale - 4)
                if (0..<code.size).contains(column) && (0..<code.size).contains(row) && code.modules[row * code.size + column] {
                    pixels[y * side + x] = 0
                }
            }
        }
        let image = FileManager.default.temporaryDirectory.appendingPathComponent("understudy-qr-\(UUID().uuidString).pgm")
        defer { try? FileManager.default.removeItem(at: image) }
        try (Data("P5 \(side) \(side) 255\n".utf8) + Data(pixels)).write(to: image)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: zbar)
        process.arguments = ["--raw", "-q", image.path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let read = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(String(decoding: read, as: UTF8.self).trimmingCharacters(in: .newlines) == text)
    }
}
