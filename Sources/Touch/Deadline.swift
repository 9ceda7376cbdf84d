/// The earlier of two optional deadlines (nil: none), for whoever asks "when must I wake
/// next?" of several parts: the recognisers here, the scene and the runtime above.
@inlinable
public func earliest(_ a: Double?, _ b: Double?) -> Double? {
    guard let a else { return b }
    guard let b else { return a }
    return min(a, b)
}
