// swift-tools-version:6.1
// Lectern: a touchscreen kiosk front for Linux.
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
    ],
    targets: [
        // Physics: no dependencies at all.
        .target(name: "Spring"),
        // Text files as people write them (CRLF, CR, BOM, invalid UTF-8, tabs): one reader for all.
        .target(name: "TextFile"),

        // C libraries (Debian -dev packages) and the one C shim for macros Swift cannot import.
        cLibrary("CPixman", pkg: "pixman-1", apt: ["libpixman-1-dev"]),
        cLibrary("CPNG", pkg: "libpng", apt: ["libpng-dev"]),
        cLibrary("CTurboJPEG", pkg: "libturbojpeg", apt: ["libturbojpeg0-dev"]),
        cLibrary("CFreeType", pkg: "freetype2", apt: ["libfreetype-dev"]),
        cLibrary("CHarfBuzz", pkg: "harfbuzz", apt: ["libharfbuzz-dev"]),
        cLibrary("CFontconfig", pkg: "fontconfig", apt: ["libfontconfig-dev"]),
        cLibrary("CDRM", pkg: "libdrm", apt: ["libdrm-dev"]),
        cLibrary("CInput", pkg: "libinput", apt: ["libinput-dev", "libudev-dev"]),
        cLibrary("CSystemd", pkg: "libsystemd", apt: ["libsystemd-dev"]),
        .target(
            name: "CShim",
            dependencies: ["CFreeType"],
            linkerSettings: [.linkedLibrary("icuuc")]
        ),

        // Pure logic.
        .target(name: "Raster", dependencies: ["CPixman", "CPNG", "CTurboJPEG", "CShim"]),
        .target(name: "Typeset", dependencies: ["Raster", "CFreeType", "CHarfBuzz", "CFontconfig", "CShim"]),
        .target(name: "Touch", dependencies: ["Spring"]),
        .target(name: "Kiosk", dependencies: ["Spring", "Raster", "Typeset", "Touch"]),

        // The hardware edge.
        .target(name: "Platform", dependencies: ["Kiosk", "Touch", "Raster", "CDRM", "CInput", "CSystemd", "CShim"]),

        .executableTarget(
            name: "lectern",
            dependencies: [
                "Spring", "Raster", "Typeset", "Touch", "Kiosk", "Platform",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        // Test-only: the machine test's uinput touchscreen that plays gesture scripts in the
        // QEMU guest (scripts/machine-test). Not a product: nothing ships it.
        .executableTarget(name: "lectern-touch-inject", dependencies: ["Touch", "CShim"]),

        .testTarget(name: "SpringTests", dependencies: ["Spring"]),
        .testTarget(name: "TextFileTests", dependencies: ["TextFile"]),
        // Shared by the test targets (golden images); never shipped.
        .target(name: "LecternTestSupport", dependencies: ["Raster"], path: "Tests/Support"),
        .testTarget(name: "RasterTests", dependencies: ["Raster", "LecternTestSupport"], resources: [.copy("Golden")]),
        .testTarget(name: "TypesetTests", dependencies: ["Typeset", "Raster", "LecternTestSupport"], exclude: ["Golden"]),
        .testTarget(name: "TouchTests", dependencies: ["Touch", "Spring"]),
        .testTarget(name: "KioskTests", dependencies: ["Kiosk", "Touch", "Raster", "Spring", "LecternTestSupport"]),
        .testTarget(name: "PlatformTests", dependencies: ["Platform", "Kiosk", "Touch", "Raster"]),
        .testTarget(name: "LecternCLITests", dependencies: ["lectern"]),
    ],
    swiftLanguageModes: [.v6]
)
