import Spring

/// Draws a spring's curve to a PNG (filled in by the rasterizer).
enum SpringPlot {
    static func write(spring: DampedOscillator, to path: String) throws {
        throw CLIUsageError("--plot: plotting is not available yet (it arrives with the software rasterizer)")
    }
}
