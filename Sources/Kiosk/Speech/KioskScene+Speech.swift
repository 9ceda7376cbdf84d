import Typeset
import Touch

/// What speech mode needs of a laid-out page: its language, blocks and links, in layout
/// px of the page laid out at `width` (the layout that is drawn); part of `PageContent`.
/// The typesetter answers it (`TypesetContent`); content without text has none.
public protocol PageSpeechContent: AnyObject {
    func speechPage(_ page: Int, width: Double) -> SpeechPage
}

extension PageSpeechContent {
    public func speechPage(_ page: Int, width: Double) -> SpeechPage { SpeechPage(language: nil, blocks: [], links: []) }
}

public struct SpeechPage: Sendable, Equatable {
    public var language: String?
    public var blocks: [PageBlock]
    public var links: [LaidOutLink]
    public init(language: String?, blocks: [PageBlock], links: [LaidOutLink]) {
        self.language = language; self.blocks = blocks; self.links = links
    }
}

/// The scene's speech-mode hook: every touch goes to `SpeechTouchInput` first; while
/// speech mode is on its intents act and the sighted gestures do not (docs/accessibility.md).
extension KioskScene {
    /// Gives the scene its speech output (the assembly). No speech mode when
    /// `[speech] enabled = false`.
    public func attachSpeech(_ output: SpeechOutput?) {
        guard let output, config.speech.enabled else { speech = nil; return }
        let mode = SpeechMode(output: output, siteLanguage: config.text.language)
        // The touch input's distances are logical px; touches come in device px.
        mode.input.slop *= scale
        mode.input.swipeDistance *= scale
        mode.input.hold.slop *= scale
        speech = mode
    }

    /// Speech mode on without a word (a reload rebuilt the scene while it was on).
    public func resumeSpeechMode() {
        guard let speech, !speech.isOn else { return }
        refreshSpeechPage(force: true)
        speech.toggle(on: true, announce: false)
    }

    /// Headphones were plugged in (`[speech] headphone_jack`): speech mode on, announced,
    /// as the gesture would.
    public func headphonesPlugged() {
        guard let speech, !speech.isOn, config.speech.headphoneJack else { return }
        refreshSpeechPage(force: true)
        speech.menuFocus = .none
        speech.toggle(on: true)
    }

    /// The idle reset's delay: longer in speech mode.
    var homeAfter: Double {
        config.idle.homeAfter * (speech?.isOn == true ? SpeechMode.idleFactor : 1)
    }

    /// When the spoken warning before the idle reset is due (speech mode only).
    func idleWarningAt(lastTouch: Double) -> Double? {
        guard speech?.isOn == true, config.idle.homeAfter > 0, homeAfter > SpeechMode.warningLead else { return nil }
        return lastTouch + homeAfter - SpeechMode.warningLead
    }

    /// Feeds `event` to speech mode; true when speech mode is on and took it (the sighted
    /// gestures are not applied).
    func handleSpeech(_ event: TouchEvent) -> Bool {
        guard let speech else { return false }
        let time = event.time
        for intent in speech.input.handle(event) { apply(intent, at: time) }
        guard speech.isOn else { return false }
        if searchSession.isPresented { searchTouchForSpeech(event) }
        if idle.isBlanked { idle.isBlanked = false }  // a touch wakes the display and is still heard
        return true
    }

    /// Drops what the sighted gestures hold of the current sequence (speech mode toggled
    /// mid-sequence): drags settle, no link stays pressed, a pinch is undone (its fingers
    /// may have pinched a little before resting for the hold: speech mode would never see
    /// its end, and the page would stay drawn scaled), the rest of it is ignored.
    func cancelSightedSequence(at time: Double) {
        textZoom.pinch = nil
        gestures.activeAxis = nil
        releaseDrags(at: time)
        releaseLink()
        affordance.setProgress(0, at: time)
        links.back.setProgress(0, at: time)
        gestures.swallowing = true
    }

    func speechDeadlineReached(at time: Double) {
        guard let speech else { return }
        for intent in speech.input.deadlineReached(at: time) { apply(intent, at: time) }
    }

    private func apply(_ intent: SpeechTouchInput.Intent, at time: Double) {
        guard let speech else { return }
        if case .toggle = intent {
            guard config.speech.gesture != "none" else { return }
            if !speech.isOn { refreshSpeechPage(force: true) }
            speech.menuFocus = .none
            speech.toggle()
            cancelSightedSequence(at: time)
            return
        }
        guard speech.isOn else { return }
        switch intent {
        case .toggle: break
        case .touch:
            speech.touchDown()
        case let .explore(x, y):
            if searchSession.isPresented {
                exploreSearch(x: x, y: y)
            } else if menu.isPresented {
                exploreMenu(x: x, y: y)
            } else if !links.card.isPresented {
                refreshSpeechPage(force: false)
                let origin = pageOrigin(at: time)
                speech.explore(pageX: x - Double(origin.x), pageY: y - Double(origin.y))
            }
        case .doubleTap:
            if links.card.isPresented {
                links.card.dismiss(at: time)
            } else if searchSession.isPresented {
                doubleTapInSearch(at: time)
            } else if menu.isPresented, case .menuSwitch(.search) = speech.menuFocus {
                openSearch(at: time)
            } else if menu.isPresented, case let .menuSwitch(item) = speech.menuFocus {
                onVisitorSwitch?(item, time)
            } else if menu.isPresented {
                if case let .language(language) = speech.menuFocus {
                    chooseLanguage(language, at: time)  // the menu stays, as a tap on the pill
                    menuPresentedForSpeech()
                    return
                }
                if case let .page(item) = speech.menuFocus {
                    leavePlace(at: time)
                    show(page: item, at: time)
                }
                menu.setPresented(false, at: time)
            } else if let rect = speech.focusedClipRect {
                toggleClip(inBlock: rect, at: time)
            } else if case let .activateLink(id) = speech.doubleTap() {
                follow(linkID: id, at: time)
                if let card = links.card.link, links.card.isPresented { speech.announceCard(text: card.text, address: card.address) }
            }
        case let .swipe(forward):
            guard !menu.isPresented, !links.card.isPresented, !searchSession.isPresented else { return }
            let action = speech.swipe(down: forward, offset: vertical.offset(at: time), viewport: height,
                                      contentHeight: pageLength(of: currentPage))
            if case let .scroll(target) = action { vertical.glide(from: vertical.offset(at: time), to: target, at: time) }
        case .readToEnd:
            refreshSpeechPage(force: false)
            speech.readToEnd()
        case .menu:
            toggleMenu(at: time)
        }
    }

    /// A finger over the ring or the language pills: the item under it is said once.
    private func exploreMenu(x: Double, y: Double) {
        guard let speech else { return }
        if let language = languageBar?.item(atX: x, y: y) {
            guard speech.menuFocus != .language(language) else { return }
            speech.menuFocus = .language(language)
            let choice = siteLanguages.languages[language]
            speech.announceLanguageItem(choice.name, language: choice.tag, index: language, count: siteLanguages.languages.count)
            return
        }
        if let item = menuSwitches.item(atX: x, y: y) {
            guard speech.menuFocus != .menuSwitch(item) else { return }
            speech.menuFocus = .menuSwitch(item)
            speech.announceSwitch(item, choices: visitor, hint: true)
            return
        }
        let pages = ringPages
        guard let item = ring.item(atX: x, y: y), pages.indices.contains(item), speech.menuFocus != .page(pages[item]) else { return }
        speech.menuFocus = .page(pages[item])
        speech.announceMenuItem(config.pages[pages[item]].title, index: item, count: pages.count)
    }

    /// The menu came up: in speech mode the page shown is said as its item.
    func menuPresentedForSpeech() {
        guard let speech, speech.isOn, pageCount > 0 else { return }
        speech.menuFocus = .page(currentPage)
        let pages = ringPages
        speech.announceMenuItem(config.pages[currentPage].title, index: pages.firstIndex(of: currentPage) ?? 0, count: pages.count)
    }

    /// A page was shown: speech mode takes its blocks and says its title.
    func pageShownForSpeech() {
        guard speech?.isOn == true else { return }
        refreshSpeechPage(force: true, announce: true)
    }

    /// Hands speech mode the blocks of the page shown if they changed (or `force`).
    func refreshSpeechPage(force: Bool, announce: Bool = false) {
        guard let speech, (0..<pageCount).contains(currentPage) else { return }
        let key = SpeechPageKey(page: currentPage, generation: contentGeneration, width: textWidth)
        guard force || key != speech.pageKey else { return }
        speech.pageKey = key
        let page = content.speechPage(currentPage, width: textWidth)
        speech.showPage(title: config.pages[currentPage].title, language: page.language, blocks: page.blocks,
                        links: page.links, announce: announce)
    }
}
