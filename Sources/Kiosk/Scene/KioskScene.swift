import Spring
import Touch

/// What a person sees and touches, as state over time: the current page and its
/// vertical scroll, the horizontal pull with its affordance, the menu, and idle.
/// Touches go in (already rotated, in device px); the renderer reads the state at a
/// frame's time. One owner for each piece of state: the menu's visibility lives only
/// in `menu` (a `MenuFade`); what a touch does follows from those owners (`mode`,
/// Scene/InteractionMode.swift), never from a copy of them.
public final class KioskScene {
    public let config: KioskConfig
    /// The screen size the scene is laid out for (Scene/ScreenSize.swift).
    public let screen: ScreenSize
    /// Logical (rotated) screen size in device px.
    public var width: Double { screen.width }
    public var height: Double { screen.height }
    /// Device px per logical px.
    public let scale: Double

    public private(set) var currentPage = 0
    public internal(set) var vertical: KineticScroller
    /// The nested "always bounce" scroller: offset > 0 means the page is pulled left.
    public internal(set) var horizontal: KineticScroller
    public internal(set) var affordance: PullAffordance
    public internal(set) var menu = MenuFade()
    /// Links, the history, the QR card and the back pull (Links/, LinkCard/, BackAffordance/).
    public internal(set) var links: LinkState
    /// The idle timers, the dark display and the attract page (Idle/IdleState.swift).
    public internal(set) var idle: IdleState
    /// Bumped whenever the page content or its layout must be drawn again from scratch.
    public internal(set) var contentGeneration = 0
    /// The visitor's text size and the pinch changing it (Pinch/KioskScene+Pinch.swift).
    public internal(set) var textZoom = TextZoom()
    /// The pages' content: heights, measure and zoom, anchors, links, wide tables and the
    /// text speech mode reads, all through this one reference (Scene/PageContent.swift).
    public let content: PageContent
    /// Tables wider than the column, panned sideways inside their window (Tables/).
    public internal(set) var tablePans = WideTablePans()
    /// The clips of the page shown, playing or paused (Clips/).
    public let clips = ClipPlayback()
    /// A one-finger drag across a zoomed PDF sheet (PDF/SheetPan.swift).
    var sheetPan: SheetPan?
    /// What this visitor chose (language, high contrast, text step): the one owner, handed
    /// to every scene assembled after this one (reload, switch), reset at idle (VisitorChoices).
    public internal(set) var visitor = VisitorChoices()
    /// The search panel, what was typed in it and the hit a result opened (Search/).
    public internal(set) var searchSession = SearchSession()
    /// The site's index the panel searches (`KioskRuntime.search`, handed over by the runtime).
    public var siteSearch: SiteSearch?
    /// A search was counted (`SearchPanel.countSearch`): the runtime's usage counts.
    var onSearchCounted: ((_ found: Bool) -> Void)?
    /// The languages of the site's pages, for the menu's language choice (Languages/).
    public let siteLanguages: SiteLanguages

    /// The recogniser and where the touch sequence stands (Scene/SceneGestures.swift).
    var gestures: SceneGestures
    /// What the recogniser made of the last touch event handled, or of the last `advance`
    /// (a pinch frame is judged when time moves on).
    public var lastGestures: [Gesture] { gestures.last }
    /// The recogniser's thresholds.
    public var gestureConfig: GestureConfig { gestures.recognizer.config }
    /// Called with every gesture once the scene has applied it: the runtime's alone (it
    /// counts them and passes them on, `KioskRuntime.onGesture`), set as it takes the scene.
    var onGesture: ((Gesture) -> Void)?
    /// Speech mode (Speech/KioskScene+Speech.swift): nil without a speech output or when
    /// `[speech] enabled = false`. Every touch goes to its `input` first.
    public internal(set) var speech: SpeechMode?
    /// A menu switch was tapped (or double-tapped in speech mode): the runtime changes
    /// the visitor's choice and assembles the kiosk for it.
    public var onVisitorSwitch: ((MenuSwitch, Double) -> Void)?

    /// Page layout metrics in logical px. The side margin shrinks on narrow screens to
    /// keep the body's measure (`ReadingColumn`); `textLeft` is where the text starts.
    public static let marginX = ReadingColumn.preferredMargin
    public static let marginTop = 40.0
    public static let marginBottom = 64.0

    /// - Parameters:
    ///   - content: the pages (the renderer draws this same object).
    ///   - pixelsPerMillimetre: the panel's density (links' hit areas); nil: from `dpi`.
    ///   - screen: the size laid out for, shared with `content` where it reads it.
    public init(config: KioskConfig, content: PageContent, screen: ScreenSize, scale: Double,
                pixelsPerMillimetre: Double? = nil, gestureConfig: GestureConfig, time: Double) {
        self.config = config
        self.content = content
        self.screen = screen
        self.scale = scale
        siteLanguages = SiteLanguages(pages: config.pages)
        gestures = SceneGestures(config: gestureConfig)
        affordance = PullAffordance(width: 60 * scale, height: 96 * scale, dotWidth: 8 * scale)
        let density = pixelsPerMillimetre.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
        links = LinkState(scale: scale, pixelsPerMillimetre: density ?? config.display.dpi / 25.4)
        vertical = KineticScroller(viewport: screen.height, contentLength: screen.height)
        horizontal = KineticScroller(viewport: screen.width, contentLength: screen.width)
        idle = IdleState(time: time)
        vertical.setGeometry(viewport: height, contentLength: pageLength(of: 0), at: time)
        showAttract(at: time)
    }

    // MARK: Geometry

    public var pageCount: Int { config.pages.count }
    public var readingColumn: ReadingColumn { ReadingColumn(screenWidth: width, scale: scale, measure: content.measureWidth) }
    public var textLeft: Double { readingColumn.left }
    public var textWidth: Double { readingColumn.width }
    public func pageLength(of page: Int) -> Double {
        content.height(page: page, width: textWidth) + (Self.marginTop + Self.marginBottom) * scale
    }
    /// The ring of the pages `ringPages` lists (item i shows page `ringPages[i]`).
    public var ring: RingLayout { RingLayout(width: width, height: height, count: ringPages.count, scale: scale) }

    /// Pull progress: the resisted horizontal offset over the affordance's width.
    public func pullProgress(at time: Double) -> Double {
        max(0, horizontal.offset(at: time)) / affordance.width
    }

    /// Content changed (config reload): keep the page index when it still exists.
    public func contentDidChange(at time: Double) {
        currentPage = min(currentPage, max(0, pageCount - 1))
        vertical.setGeometry(viewport: height, contentLength: pageLength(of: currentPage), at: time)
        contentGeneration += 1
    }

    // MARK: Time

    /// Whether frames must be drawn after `time` (something moves).
    public func isAnimating(at time: Double) -> Bool {
        vertical.isMoving(at: time) || horizontal.isMoving(at: time) || affordance.isAnimating(at: time) || menu.isAnimating(at: time)
            || links.isAnimating(at: time)
    }

    /// Settle finished animations and fire gesture timeouts.
    public func advance(to time: Double) {
        vertical.advance(to: time)
        horizontal.advance(to: time)
        gestures.advance(to: time)
        apply(gestures.last)
        advanceSearch(to: time)
        advanceClips(to: time)
        if !affordance.isVisible(at: time) && pullProgress(at: time) == 0 {
            affordance.setProgress(0, at: time)
        }
    }

    /// The next moment something happens without a touch: a gesture timeout or an idle action.
    public func nextDeadline() -> Double? {
        // The earliest of these, kept as it goes (asked every loop turn: no array).
        var next = earliest(gestures.recognizer.nextDeadline, speech?.input.nextDeadline)  // the two-finger hold
        next = earliest(next, clips.nextWake)  // a playing clip's next frame
        if searchSession.isPresented { next = earliest(next, searchSession.panel?.deadline) }  // backspace repeat, long press
        // A finger resting on the glass is not idle: the idle clock restarts when it
        // lifts. (Answering a deadline already past here would make the loop spin.)
        guard gestures.noFingerDown else { return next }
        if !idle.homeDone, config.idle.homeAfter > 0 {
            next = earliest(next, idle.lastTouchTime + homeAfter)
            if let warning = idleWarningAt(lastTouch: idle.lastTouchTime), !idle.warned { next = earliest(next, warning) }
        }
        if !idle.isBlanked, blankPeriod > 0 { next = earliest(next, idle.blankDeadline(period: blankPeriod)) }
        return next
    }

    /// Run the idle actions that are due at `time`.
    public func deadlineReached(at time: Double) {
        advance(to: time)
        speechDeadlineReached(at: time)
        let lastTouch = idle.lastTouchTime
        if !idle.homeDone, !idle.warned, let warning = idleWarningAt(lastTouch: lastTouch), time >= warning, gestures.noFingerDown {
            idle.warned = true
            speech?.warnIdle(seconds: Int((lastTouch + homeAfter - time).rounded()))
        }
        if !idle.homeDone, config.idle.homeAfter > 0, time >= lastTouch + homeAfter, gestures.noFingerDown {
            goHome(at: time)
        }
        if !idle.isBlanked, blankPeriod > 0, time >= idle.blankDeadline(period: blankPeriod), gestures.noFingerDown {
            idle.isBlanked = true
        }
    }

    /// Seconds without touch before the display goes dark: the idle `blank_after` in
    /// opening hours, the out-of-hours wake period outside them.
    var blankPeriod: Double { idle.isScheduledOff ? config.outOfHoursWake : config.idle.blankAfter }

    /// The opening hours turned the display off or on at `time`. Off: dark at once
    /// (the panel is powered off; nothing is drawn). On: lit, and idle blanking counts
    /// from now, not from a touch the evening before.
    public func setScheduledOff(_ off: Bool, at time: Double) {
        guard off != idle.isScheduledOff else { return }
        idle.isScheduledOff = off
        if off {
            idle.isBlanked = true
        } else if idle.isBlanked {
            idle.isBlanked = false
            idle.poweredOnAt = time
        }
    }

    /// Back to the first page's top with the menu hidden (idle `home_after`).
    public func goHome(at time: Double) {
        idle.homeDone = true
        menu.hideImmediately(at: time)
        horizontal.jump(to: 0)
        affordance = PullAffordance(width: affordance.width, height: affordance.height, dotWidth: affordance.dotWidth)
        links.reset(at: time)
        resetTextZoom(at: time)
        if tablePans != WideTablePans() { tablePans = WideTablePans(); contentGeneration += 1 }
        speech?.reset()
        searchSession.reset()
        if visitor.language != nil { contentGeneration += 1 }  // the ring changes with it
        visitor.reset()
        clips.stopAll()  // the first page's own clips too: home shows posters
        show(page: 0, at: time)
        showAttract(at: time)
    }

    // MARK: Touch

    public func handle(_ event: TouchEvent) {
        let time = event.time
        gestures.handle(event)
        idle.touched(at: time)
        if case .down = event, searchSession.highlight != nil { searchSession.highlight = nil }  // until the next touch
        // Speech mode sees every touch first; while it is on, the sighted gestures are
        // recognised (so the recogniser's sequence stays whole) but not applied. The
        // others go to the handler of the scene's mode (Scene/InteractionMode.swift).
        if handleSpeech(event) { return }
        if handleSearchTouch(event) {
            // The recogniser saw the touch too: only a three-finger tap and the sequence's
            // end act (a lift that opened a result is no tap on the page it opened).
            apply(gestures.last.filter(\.actsOverSearch))
            return
        }
        apply(gestures.last)
    }

    /// Takes over what the visitor sees from another scene (a reload rebuilt the kiosk):
    /// the same page at the same scroll offset, the menu as it was, nothing in flight.
    public func carryOver(page index: Int, offset: Double, menuPresented: Bool, at time: Double) {
        idle.attracting = false
        show(page: index, at: time)
        vertical.jump(to: offset)
        if menuPresented { menu.showImmediately(at: time) } else { menu.hideImmediately(at: time) }
    }

    /// Takes over the idle timer of the scene this one replaces (a reload, a visitor's
    /// switch): a fresh scene counts as gone home, and would never reset the visit.
    public func carryOverIdle(from old: KioskScene) {
        idle.carryTimers(from: old.idle)
    }

    /// Make page `index` current, shown from its top.
    public func show(page index: Int, at time: Double) {
        guard (0..<pageCount).contains(index) else { return }
        if index != currentPage {
            contentGeneration += 1
            clips.stopAll()
        }
        currentPage = index
        followPageLanguage()
        vertical = KineticScroller(viewport: height, contentLength: pageLength(of: index))
        pageShownForSpeech()
    }
}
