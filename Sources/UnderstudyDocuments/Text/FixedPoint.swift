extension Double {
    /// The value with exactly `digits` decimals, rounded half away from zero:
    /// what `String(format: "%.3f", value)` gives, without full Foundation
    /// (its `String(format:)` is what pulled ICU into the server).
    package func fixedPoint(digits: Int) -> String {
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let scaled = (magnitude * scale).rounded(.toNearestOrAwayFromZero)
        // Beyond 2^63 (or for nan/inf) there is no exact integer to split; such values never reach here.
        guard scaled.isFinite, scaled < 9.2e18 else { return "\(self)" }
        let units = UInt64(scaled)
        let whole = units / UInt64(scale)
        let fraction = String(units % UInt64(scale))
        let sign = self < 0 && units != 0 ? "-" : ""
        guard digits > 0 else { return sign + String(whole) }
        return sign + String(whole) + "." + String(repeating: "0", count: digits - fraction.count) + fraction
    }
}
