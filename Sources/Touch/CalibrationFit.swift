/// The affine calibration libinput applies to a touchscreen
/// (`LIBINPUT_CALIBRATION_MATRIX`, `libinput_device_config_calibration_set_matrix`):
/// in coordinates normalised to 0…1 of the device's range,
/// `x' = a·x + b·y + c`, `y' = d·x + e·y + f`.
public struct CalibrationMatrix: Sendable, Equatable {
    public var a, b, c, d, e, f: Double

    public init(a: Double, b: Double, c: Double, d: Double, e: Double, f: Double) {
        (self.a, self.b, self.c, self.d, self.e, self.f) = (a, b, c, d, e, f)
    }

    public static let identity = CalibrationMatrix(a: 1, b: 0, c: 0, d: 0, e: 1, f: 0)

    public func apply(x: Double, y: Double) -> (x: Double, y: Double) {
        (a * x + b * y + c, d * x + e * y + f)
    }
}

public enum CalibrationFitError: Error, Sendable, Equatable, CustomStringConvertible {
    case tooFewPoints(Int)
    case degenerate

    public var description: String {
        switch self {
        case let .tooFewPoints(n): return "calibration needs at least 3 touched targets, got \(n)"
        case .degenerate: return "the touched points lie on a line; touch each target where it is shown and try again"
        }
    }
}

/// Least-squares affine fit from touches to targets, both normalised to 0…1: the matrix
/// that, applied by libinput to the raw (uncalibrated) touches, best puts them on the
/// targets. Three points determine it; more (one per corner and the centre) average
/// out where the finger landed.
public enum CalibrationFit {
    public static func fit(raw: [(x: Double, y: Double)], targets: [(x: Double, y: Double)]) throws(CalibrationFitError) -> CalibrationMatrix {
        let n = min(raw.count, targets.count)
        guard n >= 3 else { throw .tooFewPoints(n) }
        // Normal equations: (AᵀA) p = Aᵀt with rows A_i = (x_i, y_i, 1), once for x', once for y'.
        var m = [[Double]](repeating: [0, 0, 0], count: 3)
        var bx = [0.0, 0.0, 0.0], by = [0.0, 0.0, 0.0]
        for i in 0..<n {
            let row = [raw[i].x, raw[i].y, 1.0]
            for r in 0..<3 {
                for c in 0..<3 { m[r][c] += row[r] * row[c] }
                bx[r] += row[r] * targets[i].x
                by[r] += row[r] * targets[i].y
            }
        }
        guard let px = solve(m, bx), let py = solve(m, by) else { throw .degenerate }
        return CalibrationMatrix(a: px[0], b: px[1], c: px[2], d: py[0], e: py[1], f: py[2])
    }

    /// Gaussian elimination with partial pivoting on a 3×3 system; nil when singular.
    static func solve(_ matrix: [[Double]], _ rhs: [Double]) -> [Double]? {
        var a = matrix, b = rhs
        let scale = matrix.flatMap { $0 }.map(abs).max() ?? 0
        guard scale > 0 else { return nil }
        for col in 0..<3 {
            let pivot = (col..<3).max { abs(a[$0][col]) < abs(a[$1][col]) }!
            guard abs(a[pivot][col]) > 1e-9 * scale else { return nil }
            a.swapAt(col, pivot); b.swapAt(col, pivot)
            for r in (col + 1)..<3 {
                let k = a[r][col] / a[col][col]
                for c in col..<3 { a[r][c] -= k * a[col][c] }
                b[r] -= k * b[col]
            }
        }
        var x = [0.0, 0.0, 0.0]
        for r in stride(from: 2, through: 0, by: -1) {
            var s = b[r]
            for c in (r + 1)..<3 { s -= a[r][c] * x[c] }
            x[r] = s / a[r][r]
        }
        return x
    }

    /// Where the targets go, normalised: near the four corners (12.5 % in, where a finger
    /// still reaches and the bezel does not get in the way) and the centre.
    public static let targets: [(x: Double, y: Double)] = [(0.125, 0.125), (0.875, 0.125), (0.875, 0.875), (0.125, 0.875), (0.5, 0.5)]
}
