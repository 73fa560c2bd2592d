/// The modules of one QR code of versions 1–5: the function patterns (finders, timing, the alignment pattern, the dark
/// module, the format information), the codewords placed in the standard's zig-zag under one of the eight masks, and
/// the standard's penalty, by which ``QRCode`` keeps the mask a camera reads most easily.
struct QRCodeGrid {
    let size: Int
    private(set) var dark: [Bool]
    /// Modules of the function patterns, which data and masks leave alone.
    private var reserved: [Bool]

    init(version: Int) {
        size = 17 + 4 * version
        dark = Array(repeating: false, count: size * size)
        reserved = dark
        // The three finders with their light separators: rings at Chebyshev distance 0–1 and 3 dark, 2 and 4 light.
        for (centreX, centreY) in [(3, 3), (size - 4, 3), (3, size - 4)] {
            for dy in -4...4 {
                for dx in -4...4 where (0..<size).contains(centreX + dx) && (0..<size).contains(centreY + dy) {
                    let ring = max(abs(dx), abs(dy))
                    set(centreX + dx, centreY + dy, ring != 2 && ring != 4)
                }
            }
        }
        for index in 8..<size - 8 {
            set(index, 6, index % 2 == 0)
            set(6, index, index % 2 == 0)
        }
        // Versions 2–5 have one alignment pattern, centred 7 modules from the bottom and right edges.
        if version >= 2 {
            for dy in -2...2 {
                for dx in -2...2 { set(size - 7 + dx, size - 7 + dy, max(abs(dx), abs(dy)) != 1) }
            }
        }
        drawFormat(mask: 0)  // reserves the format modules; drawn again with the mask chosen
    }

    private mutating func set(_ x: Int, _ y: Int, _ isDark: Bool) {
        dark[y * size + x] = isDark
        reserved[y * size + x] = true
    }

    /// Level L (01) and the mask, with their BCH(15, 5) check bits, XORed with 101010000010010; two copies.
    private mutating func drawFormat(mask: Int) {
        let data = 0b01 << 3 | mask
        var remainder = data
        for _ in 0..<10 { remainder = remainder << 1 ^ (remainder >> 9) * 0x537 }
        let bits = (data << 10 | remainder) ^ 0x5412
        func bit(_ index: Int) -> Bool { bits >> index & 1 == 1 }
        for index in 0...5 { set(8, index, bit(index)) }
        set(8, 7, bit(6))
        set(8, 8, bit(7))
        set(7, 8, bit(8))
        for index in 9..<15 { set(14 - index, 8, bit(index)) }
        for index in 0..<8 { set(size - 1 - index, 8, bit(index)) }
        for index in 8..<15 { set(8, size - 15 + index, bit(index)) }
        set(8, size - 8, true)  // the dark module
    }

    /// The codewords' bits, most significant first, up and down two-column strips from the bottom right (skipping
    /// the vertical timing column), then the mask over every data module.
    mutating func place(_ codewords: [UInt8], mask: Int) {
        var index = 0
        var right = size - 1
        while right >= 1 {
            if right == 6 { right = 5 }
            let upward = (right + 1) & 2 == 0
            for step in 0..<size {
                let y = upward ? size - 1 - step : step
                for x in [right, right - 1] where !reserved[y * size + x] {
                    if index < codewords.count * 8 { dark[y * size + x] = codewords[index >> 3] >> (7 - index & 7) & 1 == 1 }
                    index += 1
                    if Self.masks(mask, x, y) { dark[y * size + x].toggle() }
                }
            }
            right -= 2
        }
        drawFormat(mask: mask)
    }

    /// The eight mask conditions of the standard (x the column, y the row).
    private static func masks(_ mask: Int, _ x: Int, _ y: Int) -> Bool {
        switch mask {
        case 0: (x + y) % 2 == 0
        case 1: y % 2 == 0
        case 2: x % 3 == 0
        case 3: (x + y) % 3 == 0
        case 4: (x / 3 + y / 2) % 2 == 0
        case 5: x * y % 2 + x * y % 3 == 0
        case 6: (x * y % 2 + x * y % 3) % 2 == 0
        default: ((x + y) % 2 + x * y % 3) % 2 == 0
        }
    }

    /// The standard's four penalties: runs of five or more, 2×2 blocks, finder-like 1:1:3:1:1 runs beside four light
    /// modules, and the distance of the dark share from half.
    var penalty: Int {
        var total = 0
        let finderLike: [[Bool]] = [
            [true, false, true, true, true, false, true, false, false, false, false],
            [false, false, false, false, true, false, true, true, true, false, true],
        ]
        for line in 0..<size {
            for lineOfRows in [true, false] {
                let cells = (0..<size).map { lineOfRows ? dark[line * size + $0] : dark[$0 * size + line] }
                var run = 1
                for index in 1...size {
                    if index < size && cells[index] == cells[index - 1] {
                        run += 1
                    } else {
                        if run >= 5 { total += run - 2 }
                        run = 1
                    }
                }
                for start in 0...(size - 11) where finderLike.contains(Array(cells[start..<start + 11])) { total += 40 }
            }
        }
        for y in 0..<size - 1 {
            for x in 0..<size - 1 {
                let colour = dark[y * size + x]
                if dark[y * size + x + 1] == colour && dark[(y + 1) * size + x] == colour && dark[(y + 1) * size + x + 1] == colour { total += 3 }
            }
        }
        let darkCount = dark.count(where: { $0 })
        total += abs(darkCount * 20 - dark.count * 10) / dark.count * 10
        return total
    }
}
