import UnderstudyAPIService

/// How swapi.dev's Django and Django REST framework read a URL under `/api/`, so Understudy answers the
/// same forms the same way (`swapi/urls.py`: a DRF `DefaultRouter`, whose detail route is
/// `^people/(?P<pk>[^/.]+)/$`, not `<int:pk>`; the view looks the id up with the model's integer field,
/// which converts it with Python's `int()`, and DRF turns a failed conversion into its 404).
package enum DjangoURL {
    /// A segment the router's detail pattern `[^/.]+` takes: anything without a full stop (the path is
    /// already percent-decoded, as Django's `path_info` is, so `%3F` is `?` here and matches too).
    package static func isLookupValue(_ segment: Substring) -> Bool {
        !segment.isEmpty && !segment.utf8.contains(UInt8(ascii: "."))
    }

    /// Python's `int(text)`: surrounding whitespace, one optional sign, then decimal digits of any script
    /// with single underscores between them (`+1`, ` 1`, `01`, `1_0`, `١`). Nil where Python raises
    /// `ValueError` (DRF's 404), and past 64 bits, where no row exists either. At most 64 scalars are read:
    /// a longer segment is no row's id.
    package static func pythonInt(_ segment: Substring) -> Int? {
        let scalars = Array(segment.unicodeScalars.prefix(65))
        guard scalars.count <= 64 else { return nil }
        func isSpace(_ scalar: Unicode.Scalar) -> Bool {
            scalar.properties.isWhitespace || (0x1C...0x1F).contains(scalar.value)
        }
        var start = scalars.startIndex
        var end = scalars.endIndex
        while start < end, isSpace(scalars[start]) { start += 1 }
        while end > start, isSpace(scalars[end - 1]) { end -= 1 }
        var negative = false
        if start < end, scalars[start] == "+" || scalars[start] == "-" {
            negative = scalars[start] == "-"
            start += 1
        }
        guard start < end else { return nil }
        var value = 0
        var previousWasDigit = false
        for scalar in scalars[start..<end] {
            if scalar == "_" {
                // One underscore, between digits only.
                guard previousWasDigit else { return nil }
                previousWasDigit = false
                continue
            }
            guard scalar.properties.numericType == .decimal, let digit = scalar.properties.numericValue.map(Int.init) else { return nil }
            let (shifted, overflowA) = value.multipliedReportingOverflow(by: 10)
            let (next, overflowB) = negative ? shifted.subtractingReportingOverflow(digit) : shifted.addingReportingOverflow(digit)
            guard !overflowA, !overflowB else { return nil }
            value = next
            previousWasDigit = true
        }
        return previousWasDigit ? value : nil
    }

    /// Django's `escape_uri_path`: the path re-escaped for a `Location` (`urllib.parse.quote` keeping
    /// `/:@&+$,-_.!~*'()`), so a decoded `?` or space in a segment stays part of the path.
    package static func escapePath(_ path: String) -> String {
        let safe = Set("/:@&+$,-_.!~*'()".utf8)
        var out = ""
        for byte in path.utf8 {
            let isAlphanumeric = (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
            if isAlphanumeric || safe.contains(byte) {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                let hex = Array("0123456789ABCDEF".unicodeScalars)
                out.unicodeScalars.append("%")
                out.unicodeScalars.append(hex[Int(byte >> 4)])
                out.unicodeScalars.append(hex[Int(byte & 0x0F)])
            }
        }
        return out
    }
}
