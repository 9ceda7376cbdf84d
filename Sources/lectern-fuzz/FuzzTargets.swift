import Foundation
import Platform
import Touch

/// One fuzz target per parser or decoder that reads input from outside: what nobody
/// here wrote must never crash the kiosk. Each takes arbitrary bytes and must return
/// (throwing a clean error is fine); a crash, a sanitizer report or a hang is a finding.
enum FuzzTargets {
    static let all: [String: @Sendable (UnsafeRawBufferPointer) -> Void] = [
        "gesture-script": { bytes in
            _ = try? GestureScript.parse(String(decoding: bytes, as: UTF8.self), source: "fuzz")
        },
        // What the kernel hands back on the DRM fd (flip events); a driver bug or a short
        // read must not make the loop read past the buffer.
        "drm-events": { bytes in
            _ = DRMEvents.countFlips(in: ArraySlice(bytes))
        },
    ]
}
