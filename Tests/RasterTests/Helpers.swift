import Raster

/// A bitmap filled with one colour: most tests start from a known background.
func makeBitmap(_ width: Int, _ height: Int, _ color: Color = .black) throws -> Bitmap {
    let bitmap = try Bitmap(width: width, height: height)
    bitmap.canvas.fill(bitmap.canvas.bounds, color: color)
    return bitmap
}

func channel(_ pixel: UInt32, _ shift: UInt32) -> Int { Int((pixel >> shift) & 0xFF) }
