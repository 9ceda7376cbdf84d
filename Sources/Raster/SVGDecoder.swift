import CLibraryLoader
import CRSVG

/// SVG through librsvg, rendered by cairo straight into the picture's pixels: cairo's
/// ARGB32 is premultiplied 0xAARRGGBB in native byte order, the layout `Image` keeps, so
/// nothing is converted. A drawing is rendered at the size it is shown at (`size` answers
/// it from the drawing's own size), never scaled as pixels: it stays sharp at any density.
///
/// Hostile files: the handle is made from bytes with no base file, so librsvg loads no
/// external reference at all (`<image href="file:///…">`, `http://…`, XInclude, an
/// external stylesheet): only `data:` URLs inside the file are drawn. libxml2 under
/// librsvg refuses entity expansion past its amplification limit (a billion-laughs file
/// is a parse error), and librsvg caps the elements it loads and the references it follows.
/// The drawing's own size goes through the same pixel caps as every other picture.
enum SVGDecoder {
    /// Pixels per inch for sizes given in physical units (`width="5cm"`): CSS's 96.
    static let dpi = 96.0

    /// librsvg, cairo and GLib, loaded when the first SVG is drawn (`CLibraryLoader`): a
    /// kiosk showing none never maps them. nil once loaded, or why they cannot be.
    static let librariesMissing: String? = lectern_svg_load().map { String(cString: $0) }

    static func render(_ data: [UInt8], size: (Int, Int) throws -> (width: Int, height: Int)) throws -> Image {
        if let missing = librariesMissing { throw ImageError("the SVG cannot be drawn: \(missing)") }
        var error: UnsafeMutablePointer<GError>?
        let made = data.withUnsafeBufferPointer { rsvg_handle_new_from_data($0.baseAddress, gsize($0.count), &error) }
        guard let handle = made else {
            throw ImageError("the SVG cannot be read (\(take(&error))): fix the XML or export the drawing again")
        }
        defer { g_object_unref(UnsafeMutableRawPointer(handle)) }
        rsvg_handle_set_dpi(handle, dpi)
        let natural = try naturalSize(handle)
        let shown = try size(natural.width, natural.height)
        let bitmap = try Bitmap(width: shown.width, height: shown.height)
        guard let surface = cairo_image_surface_create_for_data(bitmap.base.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32,
                                                                Int32(shown.width), Int32(shown.height), Int32(bitmap.stride))
        else { throw ImageError("cannot render the SVG: cairo refused a \(shown.width)×\(shown.height) surface") }
        defer { cairo_surface_destroy(surface) }
        guard let cairo = cairo_create(surface) else { throw ImageError("cannot render the SVG: out of memory") }
        var viewport = RsvgRectangle(x: 0, y: 0, width: Double(shown.width), height: Double(shown.height))
        let drawn = rsvg_handle_render_document(handle, cairo, &viewport, &error)
        cairo_destroy(cairo)
        cairo_surface_flush(surface)
        guard drawn != 0 else {
            throw ImageError("the SVG cannot be drawn (\(take(&error))): fix the drawing or export it again")
        }
        return Image(bitmap: bitmap)
    }

    /// The drawing's own size in pixels: its width and height, or its viewBox when they
    /// are missing or relative (`100%`).
    private static func naturalSize(_ handle: OpaquePointer) throws -> (width: Int, height: Int) {
        var width = 0.0, height = 0.0
        if rsvg_handle_get_intrinsic_size_in_pixels(handle, &width, &height) == 0 {
            var hasWidth: gboolean = 0, hasHeight: gboolean = 0, hasViewBox: gboolean = 0
            var w = RsvgLength(), h = RsvgLength(), box = RsvgRectangle()
            rsvg_handle_get_intrinsic_dimensions(handle, &hasWidth, &w, &hasHeight, &h, &hasViewBox, &box)
            guard hasViewBox != 0 else {
                throw ImageError("the SVG has neither a width and height in absolute units nor a viewBox, so it has no size: "
                    + "add width=\"…\" height=\"…\" (pixels) or a viewBox to its <svg> element")
            }
            width = box.width
            height = box.height
        }
        guard width.isFinite, height.isFinite, width >= 0.5, height >= 0.5 else {
            throw ImageError("the SVG's size is \(width)×\(height) pixels: give its <svg> element a width and height of at least 1 px")
        }
        // Over the caps, the check names the size (a width of 1e9 stays visible as such).
        let w = width < 1e9 ? Int(width.rounded()) : 1_000_000_000, h = height < 1e9 ? Int(height.rounded()) : 1_000_000_000
        return (w, h)
    }

    /// librsvg's message, and the error freed.
    private static func take(_ error: inout UnsafeMutablePointer<GError>?) -> String {
        guard let e = error else { return "librsvg gave no reason" }
        defer { g_error_free(e); error = nil }
        return String(cString: e.pointee.message)
    }
}
