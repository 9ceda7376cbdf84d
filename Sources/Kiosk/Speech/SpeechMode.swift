import Raster
import Typeset

/// Where speech goes: the Speech module's player on the device (wired in the CLI),
/// a recording fake in tests. Called on the loop's thread; must not block.
public protocol SpeechOutput: AnyObject {
    func speak(_ texts: [SpokenText])
    func stop()
}

/// Speech mode, as a pure state machine over gestures (VoiceOver/TalkBack's model):
/// it is told what the page holds (blocks with rectangles in page coordinates, the
/// scroll offset) and answers what to do; it speaks through `SpeechOutput`. The scene
/// forwards touches here first while `isOn`; see docs/accessibility.md.
public final class SpeechMode {
    /// What the scene must do after a speech-mode gesture.
    public enum Action: Equatable {
        case none
        /// Open the link (navigate, or show its card) as a tap on it would.
        case activateLink(Int)
        /// Scroll to page-coordinate `offset` (a screen up or down).
        case scroll(toOffset: Double)
    }

    public private(set) var isOn = false
    /// The focused block (index into `blocks`) and, within it, the focused link.
    public private(set) var focusedBlock: Int?
    public private(set) var focusedLink: Int?
    public let output: SpeechOutput
    public let siteLanguage: String
    public var enabled: Bool
    /// The scene's touches as speech mode reads them (every touch goes here first).
    var input = SpeechTouchInput()
    /// The page, layout and width the blocks were taken from (`KioskScene.refreshSpeechPage`).
    var pageKey: SpeechPageKey?
    /// What a finger last rested on in the menu.
    var menuFocus = SpeechMenuFocus.none

    private var blocks: [PageBlock] = []
    private var linkRects: [[IntRect]] = []
    private var linkTexts: [String] = []
    private var speech: BlockSpeech
    private var site: SpeechPhrases

    public init(output: SpeechOutput, siteLanguage: String, enabled: Bool = true) {
        self.output = output
        self.siteLanguage = siteLanguage
        self.enabled = enabled
        speech = BlockSpeech(pageLanguage: siteLanguage, siteLanguage: siteLanguage)
        site = SpeechPhrases.forLanguage(siteLanguage)
    }

    /// The page on screen changed (or was laid out again): its blocks, links and
    /// language. Focus is cleared; in speech mode the title is said.
    public func showPage(title: String, language: String?, blocks: [PageBlock], links: [LaidOutLink], announce: Bool = true) {
        self.blocks = blocks
        linkRects = links.map(\.rects)
        linkTexts = links.map(\.text)
        speech = BlockSpeech(pageLanguage: language ?? siteLanguage, siteLanguage: siteLanguage)
        focusedBlock = nil
        focusedLink = nil
        if isOn, announce { output.stop(); output.speak(speech.said(nil, title)) }
    }

    /// The toggle gesture (or headphones plugged in: `on` true). Announces itself unless
    /// `announce` is false (a reload carrying speech mode over to the new scene).
    public func toggle(on: Bool? = nil, announce: Bool = true) {
        let next = on ?? !isOn
        guard enabled || !next, next != isOn else { return }
        isOn = next
        focusedBlock = nil
        focusedLink = nil
        guard announce else { return }
        output.stop()
        output.speak([SpokenText(isOn ? site.speechOn : site.speechOff, language: site.language)])
    }

    /// The focus ring to draw, in page coordinates (nil: none).
    public var focusRect: IntRect? {
        guard isOn, let block = focusedBlock, blocks.indices.contains(block) else { return nil }
        if let link = focusedLink, linkRects.indices.contains(link) {
            return linkRects[link].dropFirst().reduce(linkRects[link].first ?? .zero) { $0.union($1) }
        }
        return blocks[block].rect
    }

    /// Any touch stops speech at once (the scene calls this on every touch down).
    public func touchDown() { if isOn { output.stop() } }

    /// One finger at page coordinates (x, y): focus what is under it and say it, once
    /// per new focus. Returns whether the focus changed (the ring must be redrawn).
    @discardableResult
    public func explore(pageX x: Double, pageY y: Double) -> Bool {
        guard isOn else { return false }
        let block = blocks.firstIndex { Double($0.rect.y) <= y && y < Double($0.rect.maxY) }
        let link = block.flatMap { b in
            blocks[b].links.first { l in linkRects[l].contains { Double($0.x) <= x && x < Double($0.maxX) && Double($0.y) <= y && y < Double($0.maxY) } }
        }
        guard block != focusedBlock || link != focusedLink else { return false }
        focusedBlock = block
        focusedLink = link
        output.stop()
        if let link { output.speak(speech.utterances(forLink: linkTexts[link])) }
        else if let block { output.speak(speech.utterances(for: blocks[block])) }
        return true
    }

    /// A double tap anywhere: activates the focused link.
    public func doubleTap() -> Action {
        guard isOn, let link = focusedLink else { return .none }
        return .activateLink(link)
    }

    /// The focused block's rectangle (page coordinates) when it is a clip: a double tap
    /// plays or pauses it (Clips/KioskScene+Clips.swift).
    public var focusedClipRect: IntRect? {
        guard isOn, focusedLink == nil, let index = focusedBlock, blocks.indices.contains(index),
              case .clip = blocks[index].role else { return nil }
        return blocks[index].rect
    }

    /// A two-finger swipe: a screen up (`down` false) or down, and "page 2 of 5".
    public func swipe(down: Bool, offset: Double, viewport: Double, contentHeight: Double) -> Action {
        guard isOn, viewport > 0 else { return .none }
        let maxOffset = max(0, contentHeight - viewport)
        let target = min(max(offset + (down ? viewport : -viewport), 0), maxOffset)
        let pages = max(1, Int((contentHeight / viewport).rounded(.up)))
        let page = min(pages, Int((target / viewport).rounded()) + 1)
        output.stop()
        output.speak([SpokenText(site.pagePosition(page, of: pages), language: site.language)])
        return .scroll(toOffset: target)
    }

    /// Reads from the focused block (else the first) to the end of the page.
    public func readToEnd() {
        guard isOn, !blocks.isEmpty else { return }
        let from = focusedBlock ?? 0
        output.stop()
        output.speak(blocks[from...].flatMap(speech.utterances(for:)) + [SpokenText(speech.phrases.endOfPageText, language: speech.phrases.language)])
    }

    /// The idle timeout is this many times longer in speech mode.
    public static let idleFactor = 3.0
    /// Seconds before the idle reset at which the warning is spoken.
    public static let warningLead = 20.0

    /// The idle reset is `seconds` away: say so, so that a visitor can stay.
    public func warnIdle(seconds: Int) {
        guard isOn else { return }
        output.speak([SpokenText(site.idleWarning(seconds: seconds), language: site.language)])
    }

    /// The idle reset happened: speech mode ends with the visitor (VisitorChoices).
    public func reset() {
        if isOn { output.stop() }
        isOn = false
        focusedBlock = nil
        focusedLink = nil
    }

    /// A link's card opened (a double tap on a web link): its text and address are said.
    public func announceCard(text: String, address: String) {
        guard isOn else { return }
        output.stop()
        output.speak([SpokenText(site.card(text, address: address), language: site.language)])
    }

    /// Announces a language pill as a finger lands on it: its name in its own voice, then
    /// "language, 1 of 2" in the site's.
    public func announceLanguageItem(_ name: String, language: String, index: Int, count: Int) {
        guard isOn else { return }
        output.stop()
        output.speak([SpokenText(name, language: language), SpokenText(site.languageItem(index: index + 1, count: count), language: site.language)])
    }

    /// Announces a menu item as a finger lands on it.
    /// A menu switch: its state after the visitor changed it, or (`hint`) as a finger
    /// reaches it, with how to change it.
    public func announceSwitch(_ item: MenuSwitch, choices: VisitorChoices, hint: Bool) {
        guard isOn else { return }
        output.stop()
        let text = site.switchState(item, choices) + (hint ? " " + site.switchHint : "")
        output.speak([SpokenText(text, language: site.language)])
    }

    public func announceMenuItem(_ title: String, index: Int, count: Int) {
        guard isOn else { return }
        output.stop()
        output.speak([SpokenText(site.menuItem(title, index: index + 1, count: count), language: site.language)])
    }
}

/// What a finger in speech mode last rested on in the menu: said once, acted on by a
/// double tap. One of them at a time.
enum SpeechMenuFocus: Equatable {
    case none
    /// A ring item: the page it shows.
    case page(Int)
    /// A language pill (index into the site's languages).
    case language(Int)
    /// A visitor switch (Menu/KioskScene+Switches.swift).
    case menuSwitch(MenuSwitch)
}

/// Which layout speech mode's blocks were taken from: another page, width or content
/// generation (a pinch, a reload) means they are taken again.
struct SpeechPageKey: Equatable {
    var page: Int
    var generation: Int
    var width: Double
}
