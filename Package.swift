// swift-tools-version:6.1
// Lectern: a touchscreen kiosk front for Linux.
// Copyright Lectern maintainers. Licensed under the Apache License, Version 2.0
// (LICENSE; SPDX-License-Identifier: Apache-2.0).
// Pure logic (Spring, Raster, Typeset, Touch, Kiosk) sits in the middle and is tested
// headless; Platform is the thin edge over DRM/KMS, libinput/udev and systemd.
import PackageDescription

/// A C library found through pkg-config, installed from Debian's -dev package.
func cLibrary(_ name: String, pkg: String, apt: [String]) -> Target {
    .systemLibrary(name: name, path: "Sources/\(name)", pkgConfig: pkg, providers: [.apt(apt)])
}

let package = Package(
    name: "Lectern",
    products: [
        // The spring physics is shared: other programs can depend on just this.
        .library(name: "Spring", targets: ["Spring"]),
        .executable(name: "lectern", targets: ["lectern"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-system", from: "1.8.1"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        // `libinput record` files are YAML: read them with a real YAML parser (libyaml inside).
        .package(url: "https://github.com/jpsim/Yams", from: "5.0.1"),
    ],
    targets: [
        // Physics: no dependencies at all.
        .target(name: "Spring"),
        // Text files as people write them (CRLF, CR, BOM, invalid UTF-8, tabs): one reader for all.
        .target(name: "TextFile"),
        // The display as drawing and touch both see it: how the panel is mounted (Rotation,
        // logical and native points and pixels) and its native mode and density.
        .target(name: "Geometry"),
        // The one loop that retries a system call a signal interrupted (EINTR): under the
        // loop's syscalls (Platform) and every module below the loop that makes its own.
        .target(name: "SystemCallRetry"),
        // Clocks, percentiles and the heap counter: one of each.
        .target(name: "Measure", dependencies: ["CHeapUsage"]),
        .target(name: "CHeapUsage"),  // glibc malloc statistics (or ASan's count) and the mmap threshold
        // The one logger: swift-log with a handler that writes journal priorities under systemd.
        .target(name: "LecternLog", dependencies: [.product(name: "Logging", package: "swift-log")]),

        // C libraries (Debian -dev packages) and the one C shim for macros Swift cannot import.
        cLibrary("CPixman", pkg: "pixman-1", apt: ["libpixman-1-dev"]),
        cLibrary("CPNG", pkg: "libpng", apt: ["libpng-dev"]),
        cLibrary("CTurboJPEG", pkg: "libturbojpeg", apt: ["libturbojpeg0-dev"]),
        // libjpeg's scanline API (libjpeg-turbo): JPEGs decoded row by row.
        cLibrary("CJPEG", pkg: "libjpeg", apt: ["libjpeg62-turbo-dev"]),
        // EXIF orientation of phone photos (libturbojpeg 2.1 does not read it).
        cLibrary("CExif", pkg: "libexif", apt: ["libexif-dev"]),
        // SVG pictures: librsvg parses and renders them through cairo into an image surface.
        // No pkgConfig, no link (its shim.h says why): CLibraryLoader loads librsvg, cairo
        // and GLib when the first SVG is drawn.
        .systemLibrary(name: "CRSVG", path: "Sources/CRSVG", providers: [.apt(["librsvg2-dev"])]),
        // WebP pictures, still and animated (libwebp, libwebpdemux).
        cLibrary("CWebP", pkg: "libwebpdemux", apt: ["libwebp-dev"]),
        // GIF pictures through giflib (Debian ships no .pc for it: the module map links -lgif).
        .systemLibrary(name: "CGIF", path: "Sources/CGIF", providers: [.apt(["libgif-dev"])]),
        // HEIF and AVIF pictures (libheif with its HEVC and AV1 decoders).
        // Headers only (no pkgConfig, no link; the header is in /usr/include): CLibraryLoader
        // loads libheif when the first HEIF or AVIF picture is decoded.
        .systemLibrary(name: "CHeif", path: "Sources/CHeif", providers: [.apt(["libheif-dev"])]),
        cLibrary("CFreeType", pkg: "freetype2", apt: ["libfreetype-dev"]),
        cLibrary("CHarfBuzz", pkg: "harfbuzz", apt: ["libharfbuzz-dev"]),
        cLibrary("CFontconfig", pkg: "fontconfig", apt: ["libfontconfig-dev"]),
        cLibrary("CDRM", pkg: "libdrm", apt: ["libdrm-dev"]),
        cLibrary("CInput", pkg: "libinput", apt: ["libinput-dev", "libudev-dev"]),
        cLibrary("CSystemd", pkg: "libsystemd", apt: ["libsystemd-dev"]),
        // Values and tiny functions for C macros Swift cannot import, one target per concern
        // so that a raster kernel does not drag ICU and FreeType into everything.
        .target(name: "CRasterKernels"),  // blend/composite kernels (AVX-512/AVX2/baseline clones)
        .target(name: "CTextShim", dependencies: ["CFreeType"], linkerSettings: [.linkedLibrary("icuuc"), .linkedLibrary("icui18n")]),  // FreeType macros, ICU line breaks, bidi, language names
        // PNG rows through libpng's ordinary API (its setjmp/longjmp error handling stays in C).
        .target(name: "CPNGRows", dependencies: ["CPNG"]),
        .target(name: "CJPEGRows", dependencies: ["CJPEG"]),  // libjpeg one row at a time, errors without longjmp into Swift
        .target(name: "CSystemShim"),  // DRM ioctls and fourcc, VT/KD ioctls, signalfd, pipe2, HDMI-CEC ioctls
        .target(name: "CUInputShim"),  // uinput ioctls (the machine test's touchscreen injector only)
        // fork/exec of poppler's programs with limits, no network and Landlock (PDFPages).
        .target(name: "CPDFSandbox"),
        cLibrary("CCmark", pkg: "libcmark-gfm", apt: ["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"]),
        // HTML inside Markdown (README headers, HTML tables) through libxml2's HTML parser.
        // Its headers stay in the C shim: they pull in the system ICU, which clashes with Foundation's.
        cLibrary("CLibXML2", pkg: "libxml-2.0", apt: ["libxml2-dev"]),
        .target(name: "CHTMLTree", dependencies: ["CLibXML2"]),
        // Speech mode: espeak-ng synthesises, ALSA plays (voices in espeak-ng-data).
        cLibrary("CEspeak", pkg: "espeak-ng", apt: ["libespeak-ng-dev", "espeak-ng-data"]),
        cLibrary("CALSA", pkg: "alsa", apt: ["libasound2-dev"]),
        // Video clips: libavformat demuxes, libavcodec decodes, libswscale converts and
        // scales, libswresample resamples sound. Headers only (no pkgConfig, no link: the
        // headers are in the multiarch include directory): CLibraryLoader loads the
        // libraries when the first clip opens, so a kiosk without clips never maps them.
        .systemLibrary(name: "CFFmpeg", path: "Sources/CFFmpeg",
                       providers: [.apt(["libavformat-dev", "libavcodec-dev", "libavutil-dev", "libswscale-dev", "libswresample-dev"])]),
        // Libraries loaded at first use (FFmpeg, librsvg, libheif): a stub per function
        // jumps through a slot its group's loader fills with dlopen and dlsym.
        .target(name: "CLibraryLoader", linkerSettings: [.linkedLibrary("dl")]),
        // No pkgConfig: tomlplusplus.pc carries -D flags SwiftPM refuses (it warns "prohibited
        // flag(s)" on every build); the module map links -ltomlplusplus, the header is in /usr/include.
        .systemLibrary(name: "CTomlPlusPlus", path: "Sources/CTomlPlusPlus", providers: [.apt(["libtomlplusplus-dev"])]),
        // Search: the pages' full-text index (SQLite FTS5, compiled into Debian's libsqlite3).
        cLibrary("CSQLite", pkg: "sqlite3", apt: ["libsqlite3-dev"]),
        .target(name: "CWordBreak", linkerSettings: [.linkedLibrary("icuuc")]),  // ICU word boundaries (Chinese, Japanese, Thai) for the index and the query
        // The on-screen keyboard's layouts: xkeyboard-config's keymaps (xkb-data) and the
        // Compose table's dead-key sequences (long-press alternates) through libxkbcommon.
        cLibrary("CXKBCommon", pkg: "xkbcommon", apt: ["libxkbcommon-dev", "xkb-data", "libx11-data"]),
        // QR codes of web links, for the visitor to take away on a phone (the link card).
        cLibrary("CQRencode", pkg: "libqrencode", apt: ["libqrencode-dev"]),
        // Hyphenation (TeX patterns, as LibreOffice uses them); Debian ships no .pc for it,
        // so the module map links -lhyphen. Dictionaries: hyphen-en-us, hyphen-de, hyphen-fr.
        .systemLibrary(name: "CHyphen", path: "Sources/CHyphen", providers: [.apt(["libhyphen-dev", "hyphen-en-us"])]),
        // TOML 1.0 through toml++ (a compiled C++ library), behind a C-only header for Swift.
        // The -D flags of tomlplusplus.pc are given here: Debian ships toml++ as a shared
        // library, not header-only.
        .target(name: "CTOML", dependencies: ["CTomlPlusPlus"],
                cxxSettings: [.define("TOML_HEADER_ONLY", to: "0"), .define("TOML_SHARED_LIB", to: "1")],
                // A C++ target does not import the module, so the module map's `link` does not reach it.
                linkerSettings: [.linkedLibrary("tomlplusplus")]),

        // Pure logic.
        .target(name: "Raster", dependencies: ["CPixman", "CPNG", "CPNGRows", "CJPEGRows", "CExif", "CRSVG", "CWebP", "CGIF", "CHeif", "CLibraryLoader", "CRasterKernels"]),
        .target(name: "Typeset", dependencies: ["Raster", "Video", "TextFile", "CCmark", "CFreeType", "CHarfBuzz", "CFontconfig", "CTextShim", "CHyphen", "CHTMLTree", .product(name: "Yams", package: "Yams")]),
        .target(name: "Touch", dependencies: ["Spring", "TextFile"]),
        // Touchscreen recordings (evemu, `libinput record`) turned into touch events.
        .target(name: "TouchRecording", dependencies: ["Touch", "TextFile", .product(name: "Yams", package: "Yams")]),
        // PDF pages through poppler-utils run as separate sandboxed processes (GPL programs,
        // never linked): page sizes, text, links and rendered pages read back under caps.
        .target(name: "PDFPages", dependencies: ["Raster", "SystemCallRetry", "CPDFSandbox", "CHTMLTree"]),
        // A frame as the scene describes it, and the painter that draws its layers: what the
        // scene (Kiosk) and the compositor (LoopCore) share, and nothing else.
        .target(name: "Frames", dependencies: ["Raster"]),
        .target(name: "Kiosk", dependencies: ["Spring", "Raster", "Frames", "Typeset", "Video", "Touch", "Geometry", "Measure", "TextFile", "LecternLog", "CTOML", "CQRencode", "PDFPages", "Search", "Keyboard",
                                      .product(name: "Logging", package: "swift-log")]),

        // Search: the site's full-text index (SQLite FTS5) and the queries a visitor types;
        // pure logic over libsqlite3 and ICU's word boundaries, knowing no page format.
        .target(name: "Search", dependencies: ["CSQLite", "CWordBreak"]),

        // The on-screen keyboard's logic: layouts read from libxkbcommon's keymaps, key
        // geometry for the panel's density, hit testing, backspace repeat, long press.
        .target(name: "Keyboard", dependencies: ["CXKBCommon"]),

        // Video clips: probe, a decoder on its own thread into a bounded queue, timing
        // against the loop's clock, each shown frame converted and scaled by libswscale.
        .target(name: "Video", dependencies: ["Raster", "CFFmpeg", "CLibraryLoader"]),

        // Speech output: synthesis (espeak-ng) and playback (ALSA) on their own thread, WAV out.
        .target(name: "Speech", dependencies: ["CEspeak", "CALSA"]),

        // The loop's core (the swift-nio shape: a core, a Linux platform, an embedded one):
        // the device loop, the protocols it drives (frame source and sink, touch input,
        // service notifier, syscalls, its delegate) and the compositor; no device library.
        .target(name: "LoopCore", dependencies: [
            "Measure", "Touch", "Geometry", "Raster", "Frames", "LecternLog",
            .product(name: "SystemPackage", package: "swift-system"),
            .product(name: "Logging", package: "swift-log"),
        ]),
        // The display's logic in pure Swift, over the `KMSDevice` protocol: output choice,
        // scan-out buffers, present strategy (flips, modesets, atomic commits), panning and
        // what it offers the compositor. No libdrm: Platform's DRMCard is the real device,
        // PlatformEmbedded's MemoryKMSDevice the one in memory.
        .target(name: "Display", dependencies: [
            "LoopCore", "Raster", "Geometry", "CRasterKernels", "LecternLog",
            .product(name: "Logging", package: "swift-log"),
        ]),
        // The hardware edge: the Linux implementations (DRM/KMS, libinput, syscalls, signalfd, sd_notify).
        .target(name: "Platform", dependencies: [
            "LoopCore", "Display", "SystemCallRetry", "Measure", "Touch", "Geometry", "Raster", "LecternLog", "CDRM", "CInput", "CSystemd", "CSystemShim",
            .product(name: "Logging", package: "swift-log"),
        ]),

        // Test doubles in their own module, as swift-nio keeps NIOEmbedded: the device loop
        // with a manual clock, scripted touches and frames in memory.
        .target(name: "PlatformEmbedded", dependencies: ["Measure", "LoopCore", "Display", "Raster", "Touch", "Geometry"]),
        // The kiosk's one composition root (the runtime, its loop delegate and what is wired
        // around them) and its surroundings (content watch, metrics file): the Linux pieces
        // are handed in by `lectern run`, so it knows no Platform and no device library.
        .target(name: "KioskDevice", dependencies: ["Kiosk", "Frames", "LoopCore", "Raster", "Geometry", "Measure", "PDFPages", "Typeset",
                                             "LecternLog", .product(name: "Logging", package: "swift-log")]),
        // Speech mode's output on the device (espeak-ng into ALSA) behind the kiosk's
        // `SpeechOutput`: apart, so the composition root and the headless kiosk link no audio.
        .target(name: "KioskSpeech", dependencies: ["Kiosk", "Speech", "Video", .product(name: "Logging", package: "swift-log")]),
        // The headless kiosk: the runtime under the real loop with the embedded clock and sink.
        .target(name: "KioskHeadless", dependencies: [
            "Kiosk", "KioskDevice", "Measure", "LoopCore", "Display", "PlatformEmbedded", "Raster", "Touch", "LecternLog",
            .product(name: "Logging", package: "swift-log"),
        ]),

        // `lectern bench`'s cases and harness (kernels, text, the kiosk's frames through the
        // real loop, speech, start-up): no production module depends on it.
        .target(name: "Benchmarks", dependencies: ["Measure", "Raster", "Typeset", "Touch", "Geometry", "Kiosk", "KioskDevice", "KioskHeadless",
                                                   "Display", "PDFPages", "Speech", "Video", "CTurboJPEG", "LecternLog",
                                                   .product(name: "Logging", package: "swift-log")]),
        .executableTarget(
            name: "lectern",
            dependencies: [
                "Spring", "Measure", "Raster", "Typeset", "Touch", "Geometry", "TouchRecording", "Kiosk", "LoopCore", "Platform", "Display", "KioskDevice", "KioskHeadless", "KioskSpeech", "Speech", "Search", "CSystemShim", "TextFile", "LecternLog", "Benchmarks",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        // Test-only: the machine test's uinput touchscreen that plays gesture scripts in the
        // QEMU guest (scripts/machine-test). Not a product: nothing ships it.
        .executableTarget(name: "lectern-touch-inject", dependencies: ["Touch", "Geometry", "TextFile", "SystemCallRetry", "CUInputShim"]),

        // Test-only: libFuzzer targets for every parser and decoder (scripts/fuzz); built
        // plainly it replays the committed corpora (Tests/Fuzz).
        .executableTarget(name: "lectern-fuzz", dependencies: ["Touch", "TouchRecording", "TextFile", "Raster", "Typeset", "Kiosk", "Platform", "PDFPages", "Video"]),

        .testTarget(name: "SpringTests", dependencies: ["Spring"]),
        .testTarget(name: "GeometryTests", dependencies: ["Geometry", "Touch"]),
        .testTarget(name: "MeasureTests", dependencies: ["Measure", "Benchmarks"]),
        .testTarget(name: "TextFileTests", dependencies: ["TextFile"]),
        .testTarget(name: "LecternLogTests", dependencies: ["LecternLog", .product(name: "Logging", package: "swift-log")]),
        // Shared by the test targets (golden images); never shipped.
        .target(name: "LecternTestSupport", dependencies: ["Raster"], path: "Tests/Support"),
        .testTarget(name: "RasterTests", dependencies: ["Raster", "Measure", "LecternTestSupport", "CPNG", "CGIF", "CTurboJPEG"], resources: [.copy("Golden")]),
        .testTarget(name: "TypesetTests", dependencies: ["Typeset", "Raster", "LoopCore", "Platform", "LecternTestSupport"],
                    exclude: ["Golden"], resources: [.copy("RealDocuments")]),
        .testTarget(name: "SpeechTests", dependencies: ["Speech"]),
        .testTarget(name: "VideoTests", dependencies: ["Video", "Raster", "LecternTestSupport"]),
        .testTarget(name: "SearchTests", dependencies: ["Search"]),
        .testTarget(name: "KeyboardTests", dependencies: ["Keyboard", "CXKBCommon"]),
        .testTarget(name: "TouchTests", dependencies: ["Touch"]),
        .testTarget(name: "PDFPagesTests", dependencies: ["PDFPages", "Raster", "LoopCore", "Platform", "LecternTestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "TouchRecordingTests", dependencies: ["TouchRecording", "Touch", "TextFile", "Kiosk", "KioskHeadless"], resources: [.copy("Recordings")]),
        .testTarget(name: "KioskTests", dependencies: ["Kiosk", "Keyboard", "Search", "Frames", "KioskHeadless", "LoopCore", "Platform", "Display", "PlatformEmbedded", "PDFPages", "Measure", "Typeset", "Touch", "Geometry", "Raster", "Spring", "TextFile", "LecternTestSupport", "LecternLog", .product(name: "Logging", package: "swift-log")], resources: [.copy("TOML")]),
        .testTarget(name: "PlatformTests", dependencies: ["LoopCore", "Platform", "Display", "Frames", "PlatformEmbedded", "Measure", "Kiosk", "KioskDevice", "Touch", "Geometry", "Raster", "LecternLog", .product(name: "Logging", package: "swift-log")]),
        .testTarget(name: "KioskDeviceTests", dependencies: [
            "KioskDevice", "LecternTestSupport", "KioskHeadless", "PlatformEmbedded", "Kiosk", "LoopCore", "Platform", "Display", "Raster", "Touch", "Geometry", "LecternLog", "Measure",
            "Keyboard", "Video", "Typeset",
            .product(name: "Logging", package: "swift-log"),
        ]),
        .testTarget(name: "LecternCLITests", dependencies: ["lectern", "Raster", "Typeset", "Kiosk", "Benchmarks", "LecternTestSupport"]),
    ],
    swiftLanguageModes: [.v6],
    cxxLanguageStandard: .cxx17
)

// Release builds skip Swift's run-time exclusivity checks: `swift_beginAccess` and the
// thread-local set of accesses it keeps were 8 % of a drag frame under perf, spread over
// every class property the loop, the scene and the display touch per frame. Debug builds,
// in which every test runs (and the sanitizers), keep them, so an overlapping access still
// traps there. Not Spring, the library other packages depend on: SwiftPM refuses unsafe
// flags in a dependency.
for target in package.targets where target.type != .system && target.type != .test && target.name != "Spring" {
    target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release))]
}
