import ArgumentParser
import Foundation
import Spring

/// `lectern spring`: print (and plot) a spring's motion, for whoever tunes the feel.
struct SpringCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "spring",
        abstract: "Print a spring's position and velocity over time as CSV (t,position,velocity).",
        discussion: """
        Give the spring in one of three forms:
          physics:  --stiffness K --damping-ratio Z [--mass M]
          SwiftUI:  --duration D --bounce B
          UIKit:    --uikit-duration D --damping-ratio Z --relative-velocity V
        """
    )

    @Option(help: "Stiffness k (physics form).") var stiffness: Double?
    @Option(name: .customLong("damping-ratio"), help: "Damping ratio ζ (physics and UIKit forms).") var dampingRatio: Double?
    @Option(help: "Mass (physics and UIKit forms).") var mass: Double = 1
    @Option(help: "Perceptual duration in seconds (SwiftUI form).") var duration: Double?
    @Option(help: "Bounce in (-1, 1) (SwiftUI form).") var bounce: Double?
    @Option(name: .customLong("uikit-duration"), help: "Settling duration in seconds (UIKit form).") var uikitDuration: Double?
    @Option(name: .customLong("relative-velocity"), help: "Initial velocity in distances per second (UIKit form).") var relativeVelocity: Double?
    @Option(help: "Start position.") var from: Double = 0
    @Option(help: "Target position.") var to: Double = 1
    @Option(help: "Initial velocity in units per second (physics and SwiftUI forms).") var velocity: Double?
    @Option(help: "Comma-separated times in seconds, e.g. 0.25,0.5,0.75 (default with --plot: 60 per second until the spring settles).") var times: String?
    @Option(help: "Write a PNG plot of the curve to this file.") var plot: String?

    /// The spring and its initial velocity (units per second), from whichever form was given.
    func resolve() throws -> (SpringParameters, Double) {
        let forms = [stiffness != nil, duration != nil || bounce != nil, uikitDuration != nil].filter { $0 }.count
        guard forms == 1 else {
            throw ValidationError("give exactly one of --stiffness, --duration/--bounce or --uikit-duration")
        }
        guard mass > 0, mass.isFinite else { throw ValidationError("--mass must be a positive number") }
        if let k = stiffness {
            guard k > 0, k.isFinite else { throw ValidationError("--stiffness must be a positive number") }
            guard let z = dampingRatio else { throw ValidationError("--stiffness needs --damping-ratio") }
            guard z >= 0, z.isFinite else { throw ValidationError("--damping-ratio must be >= 0") }
            guard relativeVelocity == nil else { throw ValidationError("--relative-velocity belongs to the UIKit form; use --velocity") }
            return (SpringParameters(mass: mass, stiffness: k, dampingRatio: z), velocity ?? 0)
        }
        if let d = uikitDuration {
            guard d > 0, d.isFinite else { throw ValidationError("--uikit-duration must be a positive number of seconds") }
            guard let z = dampingRatio else { throw ValidationError("--uikit-duration needs --damping-ratio") }
            guard z > 0, z.isFinite else { throw ValidationError("--damping-ratio must be > 0") }
            guard velocity == nil else { throw ValidationError("--velocity belongs to the other forms; the UIKit form takes --relative-velocity") }
            let v = relativeVelocity ?? 0
            guard v.isFinite else { throw ValidationError("--relative-velocity must be a number") }
            return (SpringParameters(mass: mass, uikitDuration: d, dampingRatio: z, relativeVelocity: v), v * (to - from))
        }
        let d = duration ?? 0.5
        let b = bounce ?? 0
        guard d > 0, d.isFinite else { throw ValidationError("--duration must be a positive number of seconds") }
        guard b > -1, b < 1 else { throw ValidationError("--bounce must be between -1 and 1 (exclusive)") }
        guard dampingRatio == nil else { throw ValidationError("--damping-ratio does not apply to the --duration/--bounce form") }
        guard relativeVelocity == nil else { throw ValidationError("--relative-velocity belongs to the UIKit form; use --velocity") }
        return (SpringParameters(duration: d, bounce: b), velocity ?? 0)
    }

    func parsedTimes() throws -> [Double] {
        guard let times else { return [] }
        var result: [Double] = []
        for part in times.split(separator: ",", omittingEmptySubsequences: false) {
            let text = part.trimmingCharacters(in: .whitespaces)
            guard let t = Double(text), t.isFinite, t >= 0 else {
                throw ValidationError("--times: '\(text)' is not a time in seconds (>= 0)")
            }
            result.append(t)
        }
        return result
    }

    func validate() throws {
        _ = try resolve()
        let ts = try parsedTimes()
        if ts.isEmpty && plot == nil { throw ValidationError("give --times t1,t2,... or --plot FILE.png") }
        guard from.isFinite, to.isFinite else { throw ValidationError("--from and --to must be numbers") }
    }

    func run() throws {
        let (parameters, v0) = try resolve()
        let spring = DampedOscillator(parameters: parameters, from: from, to: to, velocity: v0)
        var out = "t,position,velocity\n"
        var times = try parsedTimes()
        if times.isEmpty {
            // --plot alone: the plotted curve as numbers too, one sample per 60 Hz frame
            // until the spring settles.
            let end = SpringPlot.settleTime(spring)
            times = (0...Int((end * 60).rounded())).map { Double($0) / 60 }
        }
        for t in times {
            out += "\(format(t)),\(format(spring.position(at: t))),\(format(spring.velocity(at: t)))\n"
        }
        FileHandle.standardOutput.write(Data(out.utf8))
        if let plot {
            try SpringPlot.write(spring: spring, to: plot)
        }
    }

    private func format(_ value: Double) -> String {
        String(format: "%.4f", value)
    }
}
