import Foundation
import Raster
import Touch
import Typeset

/// Builds the whole kiosk (typesetter, scene, renderer) from a configuration for a
/// screen size: the one place headless runs, tests and the device put it together.
public final class KioskAssembly {
    public let config: KioskConfig
    /// The visitor's text step this kiosk was assembled for (1: as configured).
    public let textFactor: Double
    public let content: TypesetContent
    public let scene: KioskScene
    public let renderer: SceneRenderer
    /// Body text size in device px before any pinch: configured, or for the viewing distance.
    public let bodySize: Double

    /// - Parameters:
    ///   - width, height: the logical (rotated) screen in device px.
    ///   - pixelsPerMillimetre: the panel's density when known (device), else from `dpi`.
    ///   - speech: where speech mode speaks (the device's player, a recording in tests);
    ///     nil: no speech mode.
    ///   - textFactor: the visitor's larger-text step (`TextStep.factor`), times the body size.
    public init(config: KioskConfig, width: Int, height: Int, pixelsPerMillimetre: Double? = nil, time: Double = 0,
                speech: SpeechOutput? = nil, textFactor: Double = 1) throws {
        self.config = config
        self.textFactor = textFactor
        let ppmm = pixelsPerMillimetre ?? config.display.dpi / 25.4
        let scale = config.display.scale ?? KioskAssembly.defaultScale(pixelsPerMillimetre: ppmm)
        let configured = ReadingSize.bodySize(config: config, pixelsPerMillimetre: ppmm, scale: scale)
        bodySize = textFactor == 1 ? configured : (configured * textFactor).rounded()
        HyphenationDictionaries.shared.preload(config.text.language)
        let screen = ScreenSize(width: width, height: height)
        content = try TypesetContent(config: config, scale: scale, bodySize: bodySize, screen: screen)
        // Pans measure from where the finger landed, so the page follows it exactly 1:1.
        var gestures = GestureConfig.forPanel(pixelsPerMillimetre: ppmm)
        gestures.panOrigin = .down
        scene = KioskScene(config: config, content: content, screen: screen, scale: scale,
                           pixelsPerMillimetre: ppmm, gestureConfig: gestures, time: time)
        scene.attachSpeech(speech)
        renderer = SceneRenderer(scene: scene)
    }

    /// Logical px are 1/96 inch; round the panel's density to quarter steps, never below 1.
    public static func defaultScale(pixelsPerMillimetre: Double) -> Double {
        let raw = pixelsPerMillimetre / (96 / 25.4)
        return max(1, (raw * 4).rounded() / 4)
    }

}
