import Foundation
import Kiosk
import PDFPages
import Platform
import Raster
import TextFile
import Touch
import TouchRecording
import Typeset
import Video

/// One fuzz target per parser or decoder that reads input from outside: what nobody
/// here wrote must never crash the kiosk. Each takes arbitrary bytes and must return
/// (throwing a clean error is fine); a crash, a sanitizer report or a hang is a finding.
enum FuzzTargets {
    /// The picture decoded whole at 128 px, then from a file in bands of 16 rows at 64 px
    /// and at up to 3× its own size.
    static func decodePicture(_ bytes: UnsafeRawBufferPointer) {
        _ = try? Image(data: Array(bytes), fit: ImageFit(maxWidth: 128, maxHeight: 128))
        let path = NSTemporaryDirectory() + "lectern-fuzz-picture-\(getpid())"
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else { return }
        defer { try? FileManager.default.removeItem(atPath: path) }
        for fit in [ImageFit(maxWidth: 64, maxHeight: 64), ImageFit(maxWidth: 384, maxHeight: 384, scale: 3)] {
            _ = try? Image.bands(contentsOfFile: path, fit: fit, bandRows: { _ in 16 }, wanted: { _ in 0..<Int.max }, checkingOpacity: true)
        }
    }

    static let all: [String: @Sendable (UnsafeRawBufferPointer) -> Void] = [
        // What the PDF renderer process answers (the boundary: poppler runs outside,
        // Lectern reads its words back): pdfinfo's lines, then pdftohtml's XML with the
        // link boxes laid on a stack of sheets as the page shows them.
        "pdf-info": { bytes in
            if let info = try? PDFInfo.parse(Array(bytes)) {
                let stack = PDFPageStack(sizes: info.pages, width: 480, gap: 12)
                _ = stack.pages(overlapping: 0, 800)
            }
        },
        "pdf-links": { bytes in
            if let links = try? PDFLinkAnnotations.parse(Array(bytes), pageLimit: 500) {
                _ = links.annotations.map(\.target)
            }
        },
        "pdf-text": { bytes in
            if let layer = try? PDFTextLayer.parse(Array(bytes)) {
                _ = layer.pages.prefix(64).map(\.text)
            }
        },
        // The configuration as the loader sees it: toml++ through the C shim, then every
        // key's checks (files are not looked up: fuzzing must not touch the disk).
        "config": { bytes in
            let text = TextFile(path: "fuzz.toml", bytes: bytes).text
            _ = try? ConfigLoader.parse(text, file: "fuzz.toml", baseDirectory: "/nonexistent")
        },
        // Markdown to a laid-out page: cmark-gfm, the walk into Typeset's model, line
        // breaking, shaping, tables; the links as `check` lists them and a tap on each.
        "markdown": { bytes in
            let text = TextFile(path: "fuzz.md", bytes: bytes).text
            let layout = FuzzTypesetter.shared?.layout(Document.markdown(text, baseDirectory: "/nonexistent"), width: 480)
            _ = Document.links(inMarkdown: text)
            for box in (layout?.links ?? []).prefix(64).compactMap(\.rects.first) {
                _ = layout?.link(atX: Double(box.x), y: Double(box.y), minimumSize: 34)
            }
        },
        // Page text through libhyphen: every word of the input, as pages hand words to the
        // English (UTF-8) and French dictionaries, and narrow-column layout with them.
        "hyphenation": { bytes in
            let text = TextFile(path: "fuzz.txt", bytes: bytes).text
            for language in ["en", "fr"] {
                guard let dictionary = HyphenationDictionaries.shared.hyphenator(for: language) else { continue }
                for word in text.split(whereSeparator: { $0.isWhitespace }).prefix(2000) {
                    _ = dictionary.breaks(in: Array(word.unicodeScalars))
                }
            }
            _ = FuzzTypesetter.hyphenating?.layout(Document.plainText(text), width: 120)
        },
        // Pictures: libpng and libjpeg-turbo behind the header checks and the scaled decode,
        // then the same file read row by row into bands as a page holds it, shrunk and
        // enlarged (AreaAverage, BilinearRows).
        "png": { bytes in decodePicture(bytes) },
        "jpeg": { bytes in decodePicture(bytes) },
        // SVG (librsvg and cairo), WebP still and animated (libwebp), GIF (giflib), HEIF and
        // AVIF (libheif): the same entry point, told apart by their first bytes. A WebP or
        // GIF is also played as the page plays an animation: frame by frame, composed, scaled.
        "svg": { bytes in _ = try? Image(data: Array(bytes), fit: ImageFit(maxWidth: 128, maxHeight: 128, scale: 2)) },
        "webp": { bytes in
            _ = try? Image(data: Array(bytes), fit: ImageFit(maxWidth: 128, maxHeight: 128))
            FuzzTargets.animate(bytes)
        },
        "gif": { bytes in
            _ = try? Image(data: Array(bytes), fit: ImageFit(maxWidth: 128, maxHeight: 128))
            FuzzTargets.animate(bytes)
        },
        "heif": { bytes in _ = try? Image(data: Array(bytes), fit: ImageFit(maxWidth: 128, maxHeight: 128)) },
        "gesture-script": { bytes in
            _ = try? GestureScript.parse(String(decoding: bytes, as: UTF8.self), source: "fuzz")
        },
        // Touch recordings from sites: evemu and `libinput record`, then contact tracking
        // and the mapping to the screen, as `lectern replay` does.
        "evemu": { bytes in
            guard let recording = try? EvemuReader.parse(TextFile(path: "fuzz.events", bytes: bytes)) else { return }
            FuzzTargets.play(recording)
        },
        "libinput-record": { bytes in
            guard let recording = try? LibinputRecordReader.parse(TextFile(path: "fuzz.yml", bytes: bytes)) else { return }
            FuzzTargets.play(recording)
        },
        // What the kernel hands back on the DRM fd (flip events); a driver bug or a short
        // read must not make the loop read past the buffer.
        "drm-events": { bytes in
            _ = DRMEvents.countFlips(in: ArraySlice(bytes))
        },
        // Clips: libavformat's probing and demuxers, libavcodec's decoders, then
        // libswscale, behind the caps, as a page's clip is probed and played. The bytes are
        // a shared-memory file (tmpfs, unlinked at once): nothing touches the disk.
        "clip": { bytes in
            FuzzTargets.withMemoryFile(bytes) { path in
                guard let info = try? ClipProbe.probe(path: path), info.willPlay,
                      let reader = try? ClipFrameReader(path: path), let bitmap = try? Bitmap(width: 64, height: 48) else { return }
                let converter = FrameConverter()
                for _ in 0..<8 {
                    guard let frame = try? reader.next() else { break }
                    try? converter.draw(frame, in: bitmap.canvas.bounds, on: bitmap.canvas)
                }
            }
            // Its sound: libavcodec's audio decoders, then libswresample.
            FuzzTargets.withMemoryFile(bytes) { path in
                guard let audio = try? ClipAudioReader(path: path, sampleRate: 22050) else { return }
                for _ in 0..<8 where (try? audio.next()) != nil {}
            }
        },
        // A clip's captions: libavformat's WebVTT reader and the cue markup dropped after it.
        "captions": { bytes in
            FuzzTargets.withMemoryFile(bytes) { path in
                guard let captions = try? ClipCaptions.read(path: path) else { return }
                _ = captions.text(at: 1)
                _ = captions.transcript
            }
        },
    ]

    /// Up to 24 frames of `bytes` as an animated picture shown at 24×16 (two passes of
    /// a short one: the rewind too).
    static func animate(_ bytes: UnsafeRawBufferPointer) {
        guard let animation = try? PictureAnimation(data: Array(bytes), width: 24, height: 16) else { return }
        for _ in 0..<24 {
            guard let frame = try? animation.next() else { return }
            _ = frame.image.width
        }
    }

    /// `body` with a path naming `bytes` in memory (/proc/self/fd of a POSIX shared
    /// memory object, unlinked before it is read).
    static func withMemoryFile(_ bytes: UnsafeRawBufferPointer, _ body: (String) -> Void) {
        let name = "/lectern-fuzz-clip-\(getpid())"
        let fd = shm_open(name, O_RDWR | O_CREAT | O_EXCL, 0o600)
        guard fd >= 0 else { return }
        shm_unlink(name)
        defer { close(fd) }
        var written = 0
        while written < bytes.count {
            let n = write(fd, bytes.baseAddress! + written, bytes.count - written)
            guard n > 0 else { return }
            written += n
        }
        body("/proc/self/fd/\(fd)")
    }

    static func play(_ recording: Recording) {
        guard let axes = recording.device.positionAxes else { return }
        _ = RecordingPlayback.touchEvents(recording, mapping: ScreenMapping(x: axes.x, y: axes.y, width: 1280, height: 800))
    }
}

/// One typesetter for all inputs (opening fonts per input would fuzz FreeType's file
/// loading, not Lectern). libFuzzer calls from one thread only.
enum FuzzTypesetter {
    nonisolated(unsafe) static let shared: Typesetter? = try? Typesetter(style: TextStyle(fontPaths: TextStyle.defaultFontPaths, size: 16))
    /// The same, hyphenating in English.
    nonisolated(unsafe) static let hyphenating: Typesetter? = {
        var style = TextStyle(fontPaths: TextStyle.defaultFontPaths, size: 16)
        style.language = "en"
        return try? Typesetter(style: style)
    }()
}
