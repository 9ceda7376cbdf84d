import CFFmpeg
import Raster
import Glibc

/// Writes a decoded picture at its own size into NV12 memory a display plane scans out
/// (the plane scales it; no colour conversion on the CPU): an NV12 picture row by row
/// with memcpy, any other format (the common 4:2:0 planar one included, whose chroma is
/// only interleaved) through libswscale.
public final class NV12Writer {
    private var context: OpaquePointer?
    private var key: (width: Int32, height: Int32, format: Int32)?

    public init() {}

    deinit { if let context { lectern_scaler_free(context) } }

    public func write(_ decoded: DecodedFrame, into target: NV12Picture) throws(ClipError) {
        let frame = decoded.frame
        guard Int(frame.pointee.width) == target.width, Int(frame.pointee.height) == target.height else {
            throw ClipError("a \(decoded.width)×\(decoded.height) picture cannot go into a \(target.width)×\(target.height) plane")
        }
        if frame.pointee.format == AV_PIX_FMT_NV12.rawValue, let luma = frame.pointee.data.0, let chroma = frame.pointee.data.1 {
            copyRows(from: luma, pitch: Int(frame.pointee.linesize.0), to: target.luma, pitch: target.lumaPitch, rows: target.height, bytes: target.width)
            copyRows(from: chroma, pitch: Int(frame.pointee.linesize.1), to: target.chroma, pitch: target.chromaPitch,
                     rows: target.height / 2, bytes: target.width)
            return
        }
        try convert(frame, into: target)
    }

    private func copyRows(from source: UnsafeMutablePointer<UInt8>, pitch: Int, to destination: UnsafeMutableRawPointer, pitch destinationPitch: Int,
                          rows: Int, bytes: Int) {
        for row in 0..<rows { memcpy(destination + row * destinationPitch, source + row * pitch, bytes) }
    }

    private func convert(_ frame: UnsafeMutablePointer<AVFrame>, into target: NV12Picture) throws(ClipError) {
        let wanted = (frame.pointee.width, frame.pointee.height, frame.pointee.format)
        if key.map({ $0 != wanted }) ?? true {
            context = lectern_scaler_to_nv12(context, frame.pointee.width, frame.pointee.height, frame.pointee.format)
            guard context != nil else {
                key = nil
                let name = av_get_pix_fmt_name(AVPixelFormat(rawValue: frame.pointee.format)).map { String(cString: $0) } ?? "unknown"
                throw ClipError("libswscale cannot convert \(name) pictures of \(frame.pointee.width)×\(frame.pointee.height) to NV12")
            }
            key = wanted
        }
        var planes = frame.pointee.data
        var lineSizes = frame.pointee.linesize
        var destinations: (UnsafeMutablePointer<UInt8>?, UnsafeMutablePointer<UInt8>?, UnsafeMutablePointer<UInt8>?, UnsafeMutablePointer<UInt8>?) =
            (target.luma.assumingMemoryBound(to: UInt8.self), target.chroma.assumingMemoryBound(to: UInt8.self), nil, nil)
        var destinationStrides: (Int32, Int32, Int32, Int32) = (Int32(target.lumaPitch), Int32(target.chromaPitch), 0, 0)
        withUnsafePointer(to: &planes) { planesTuple in
            planesTuple.withMemoryRebound(to: UnsafePointer<UInt8>?.self, capacity: 8) { sources in
                withUnsafePointer(to: &lineSizes) { linesTuple in
                    linesTuple.withMemoryRebound(to: Int32.self, capacity: 8) { sourceStrides in
                        withUnsafeMutablePointer(to: &destinations) { destinationTuple in
                            destinationTuple.withMemoryRebound(to: UnsafeMutablePointer<UInt8>?.self, capacity: 4) { outputs in
                                withUnsafePointer(to: &destinationStrides) { stridesTuple in
                                    stridesTuple.withMemoryRebound(to: Int32.self, capacity: 4) { outputStrides in
                                        _ = lectern_scaler_scale(context, sources, sourceStrides, frame.pointee.height, outputs, outputStrides)
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}
