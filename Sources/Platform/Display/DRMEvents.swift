import Display
import CSystemShim

/// The kernel's DRM event stream: records of `struct drm_event { u32 type; u32 length; }`.
public enum DRMEvents {
    /// Flip-complete events and the last one's time: `struct drm_event_vblank` carries
    /// `tv_sec` at byte 16 and `tv_usec` at byte 20, on CLOCK_MONOTONIC (the kernel's
    /// default since DRM_CAP_TIMESTAMP_MONOTONIC), the clock libinput stamps touches with.
    public static func flips(in bytes: ArraySlice<UInt8>) -> FlipCompletions {
        var flips = FlipCompletions(count: 0)
        var offset = bytes.startIndex
        while offset + 8 <= bytes.endIndex {
            let type = readU32(bytes, offset), length = Int(readU32(bytes, offset + 4))
            guard length >= 8 else { break }
            if type == cshim_DRM_EVENT_FLIP_COMPLETE {
                flips.count += 1
                if length >= 24, offset + 24 <= bytes.endIndex {
                    flips.lastTime = Double(readU32(bytes, offset + 16)) + Double(readU32(bytes, offset + 20)) / 1e6
                }
            }
            offset += length
        }
        return flips
    }

    public static func countFlips(in bytes: ArraySlice<UInt8>) -> Int {
        var flips = 0
        var offset = bytes.startIndex
        while offset + 8 <= bytes.endIndex {
            let type = readU32(bytes, offset), length = Int(readU32(bytes, offset + 4))
            guard length >= 8 else { break }
            if type == cshim_DRM_EVENT_FLIP_COMPLETE { flips += 1 }
            offset += length
        }
        return flips
    }

    private static func readU32(_ b: ArraySlice<UInt8>, _ i: Int) -> UInt32 {
        UInt32(b[i]) | UInt32(b[i + 1]) << 8 | UInt32(b[i + 2]) << 16 | UInt32(b[i + 3]) << 24
    }
}
