/// UIScrollView's rubber band: how far content moves when dragged `offset` past its
/// edge, in a viewport of `dimension` (c = 0.55):
/// b = (1 − 1 / (|x| c / d + 1)) · d, with the sign of x. Never reaches d.
public enum RubberBand {
    public static let defaultCoefficient = 0.55

    public static func resisted(_ offset: Double, dimension: Double, coefficient: Double = defaultCoefficient) -> Double {
        guard dimension > 0 else { return 0 }
        let x = abs(offset)
        let b = (1 - 1 / (x * coefficient / dimension + 1)) * dimension
        return offset < 0 ? -b : b
    }

    /// The inverse: the finger offset that gives resisted offset `b` (|b| < d).
    public static func unresisted(_ b: Double, dimension: Double, coefficient: Double = defaultCoefficient) -> Double {
        guard dimension > 0 else { return 0 }
        let y = min(abs(b), dimension * 0.999_999)
        // 1 − y/d = 1 / (x c / d + 1)  ⇒  x = (d / c) (1 / (1 − y/d) − 1)
        let x = dimension / coefficient * (1 / (1 - y / dimension) - 1)
        return b < 0 ? -x : x
    }

    /// Clamp `position` into `range`, resisting whatever lies outside it.
    public static func clamp(_ position: Double, to range: ClosedRange<Double>, dimension: Double, coefficient: Double = defaultCoefficient) -> Double {
        if position < range.lowerBound {
            return range.lowerBound + resisted(position - range.lowerBound, dimension: dimension, coefficient: coefficient)
        }
        if position > range.upperBound {
            return range.upperBound + resisted(position - range.upperBound, dimension: dimension, coefficient: coefficient)
        }
        return position
    }
}
