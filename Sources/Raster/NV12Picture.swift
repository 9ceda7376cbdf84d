/// A picture in NV12 memory a display plane scans out: a luma plane of `width`×`height`
/// bytes, then the chroma plane (interleaved U and V, half the rows). Write-only memory:
/// never read it.
public struct NV12Picture {
    public let width: Int
    public let height: Int
    public let luma: UnsafeMutableRawPointer
    public let lumaPitch: Int
    public let chroma: UnsafeMutableRawPointer
    public let chromaPitch: Int

    public init(width: Int, height: Int, luma: UnsafeMutableRawPointer, lumaPitch: Int, chroma: UnsafeMutableRawPointer, chromaPitch: Int) {
        self.width = width; self.height = height; self.luma = luma; self.lumaPitch = lumaPitch
        self.chroma = chroma; self.chromaPitch = chromaPitch
    }
}
