/// A RIFF/WAVE file of 16-bit little-endian mono PCM: the 44-byte canonical header
/// (Microsoft's RIFF, format tag 1) and the samples. Written by hand because the
/// container is three fixed chunks; nothing here reads WAV.
public enum WAVFile {
    public static func bytes(samples: [Int16], sampleRate: Int) -> [UInt8] {
        let dataBytes = samples.count * 2
        var out: [UInt8] = []
        out.reserveCapacity(44 + dataBytes)
        func u32(_ v: Int) { withUnsafeBytes(of: UInt32(truncatingIfNeeded: v).littleEndian) { out += $0 } }
        func u16(_ v: Int) { withUnsafeBytes(of: UInt16(truncatingIfNeeded: v).littleEndian) { out += $0 } }
        out += Array("RIFF".utf8); u32(36 + dataBytes); out += Array("WAVE".utf8)
        out += Array("fmt ".utf8); u32(16)
        u16(1)                      // PCM
        u16(1)                      // mono
        u32(sampleRate)
        u32(sampleRate * 2)         // bytes per second
        u16(2)                      // bytes per frame
        u16(16)                     // bits per sample
        out += Array("data".utf8); u32(dataBytes)
        for s in samples { withUnsafeBytes(of: s.littleEndian) { out += $0 } }
        return out
    }
}
