import Raster

/// How pages look: fonts, size, colours, spacing. Sizes are in pixels.
public struct TextStyle: Sendable, Equatable {
    /// The regular font chain: the primary font first, then fallbacks (e.g. a CJK font).
    /// Characters none of these cover are looked up among the system fonts through
    /// fontconfig when `useSystemFallback` is on.
    public var fontPaths: [String]
    /// Faces for **strong**, *emphasis*, both, and `code`. When one is nil the regular
    /// font is used with a synthesised weight (FreeType outline emboldening) or slant
    /// (a 12° shear); for code, the regular font.
    public var boldFontPath: String?
    public var italicFontPath: String?
    public var boldItalicFontPath: String?
    public var monospaceFontPath: String?
    /// Body text size in px; headings are 2×, 1.5× and 1.25× of it.
    public var size: Double
    public var textColor: Color
    /// Block quotes and list markers.
    public var mutedColor: Color
    /// Links and the quote bar.
    public var accentColor: Color
    /// The page's background: code tints and alert colours are chosen against it.
    public var backgroundColor: Color = .white
    /// Behind code blocks and inline code; nil: a tint mixed from text and background.
    public var codeBackgroundColor: Color? = nil
    /// Line height as a multiple of the font's own line height.
    public var lineSpacing: Double
    /// Space between blocks, as a multiple of `size`.
    public var paragraphSpacing: Double
    /// Space around the text inside the layout width, in px.
    public var margins: Insets
    public var useSystemFallback: Bool
    /// Device pixels per logical pixel for images: a picture is shown at most at its
    /// natural size × this (and never wider than the text).
    public var imageScale: Double = 1
    /// Budget for rendered glyph masks, shared by all layouts of one typesetter.
    public var glyphCacheBytes: Int
    /// The longest body line, in characters of ordinary prose in the body font (about
    /// 45–75 reads comfortably; Bringhurst's ideal is 66). The body column is that wide,
    /// centred; headings, tables, code and pictures may use the whole width. Nil: no limit.
    public var measure: Double? = nil
    /// The language of pages that do not name their own (front matter `lang:`): it picks
    /// the hyphenation dictionary. Nil: words are not hyphenated.
    public var language: String? = nil
    /// The direction of pages that do not set their own (front matter `dir:`); nil: each
    /// paragraph's first strong character, else the page language's direction.
    public var direction: TextDirection? = nil

    public struct Insets: Sendable, Equatable {
        public var top: Int, left: Int, bottom: Int, right: Int
        public init(top: Int, left: Int, bottom: Int, right: Int) {
            self.top = top; self.left = left; self.bottom = bottom; self.right = right
        }
        public init(all: Int) { self.init(top: all, left: all, bottom: all, right: all) }
    }

    /// Debian 12: fonts-dejavu-core and fonts-droid-fallback.
    public static let dejaVuDirectory = "/usr/share/fonts/truetype/dejavu"
    public static let defaultFontPaths = [
        "\(dejaVuDirectory)/DejaVuSans.ttf",
        "/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf",
    ]

    public init(
        fontPaths: [String] = TextStyle.defaultFontPaths,
        boldFontPath: String? = "\(TextStyle.dejaVuDirectory)/DejaVuSans-Bold.ttf",
        italicFontPath: String? = "\(TextStyle.dejaVuDirectory)/DejaVuSans-Oblique.ttf",
        boldItalicFontPath: String? = "\(TextStyle.dejaVuDirectory)/DejaVuSans-BoldOblique.ttf",
        monospaceFontPath: String? = "\(TextStyle.dejaVuDirectory)/DejaVuSansMono.ttf",
        size: Double = 24,
        textColor: Color = Color(red: 0x20, green: 0x20, blue: 0x20),
        mutedColor: Color = Color(red: 0x70, green: 0x70, blue: 0x70),
        accentColor: Color = Color(red: 0x1A, green: 0x5F, blue: 0xB4),
        lineSpacing: Double = 1.2,
        paragraphSpacing: Double = 0.75,
        margins: Insets = Insets(top: 32, left: 48, bottom: 48, right: 48),
        useSystemFallback: Bool = true,
        glyphCacheBytes: Int = 4 << 20
    ) {
        self.fontPaths = fontPaths
        self.boldFontPath = boldFontPath
        self.italicFontPath = italicFontPath
        self.boldItalicFontPath = boldItalicFontPath
        self.monospaceFontPath = monospaceFontPath
        self.size = size
        self.textColor = textColor
        self.mutedColor = mutedColor
        self.accentColor = accentColor
        self.lineSpacing = lineSpacing
        self.paragraphSpacing = paragraphSpacing
        self.margins = margins
        self.useSystemFallback = useSystemFallback
        self.glyphCacheBytes = glyphCacheBytes
    }

    /// Only these fonts, no extra faces and no system fallback: for reproducible output
    /// (golden images) and for checking what a given configuration covers.
    public static func pinned(_ fontPaths: [String], size: Double) -> TextStyle {
        TextStyle(fontPaths: fontPaths, boldFontPath: nil, italicFontPath: nil, boldItalicFontPath: nil,
                  monospaceFontPath: nil, size: size, useSystemFallback: false)
    }
}
