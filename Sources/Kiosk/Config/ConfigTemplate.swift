/// A complete, commented configuration with every key at its default, and the demo
/// pages as Markdown files beside it: what `lectern init DIR` writes for an integrator
/// to edit.
public enum ConfigTemplate {
    public static let fileName = "lectern.toml"

    /// (relative path, Markdown) for each demo page.
    public static var pages: [(path: String, markdown: String)] {
        DemoPages.all.enumerated().map { i, page in
            let slug = ["welcome", "chinese", "handbook"][safe: i] ?? "page-\(i + 1)"
            return ("pages/\(slug).md", page.markdown + "\n")
        }
    }

    public static var text: String {
        let defaults = KioskConfig()
        var out = """
        # Lectern configuration. Paths are relative to this file.
        # After editing: `lectern check --config THIS_FILE`, then `systemctl reload lectern`.

        [display]
        rotation = \(defaults.display.rotation.rawValue)            # 0, 90, 180 or 270 (clockwise), for rendering and touch alike
        # scale = 1.0           # logical px -> device px; default from the panel's physical size
        dpi = \(Int(defaults.display.dpi))                # px per inch where the panel's size is unknown
        # mode = "1280x800"     # force a display mode; default: the connector's preferred one
        # on = "07:00"          # opening hours by the system clock and time zone: panel on at `on`, off at `off`
        # off = "22:00"         # (both or neither; default: on always)
        wake_on_touch = \(defaults.display.wakeOnTouch)   # a touch out of hours lights the display; that touch does nothing else
        # wake_for = 600        # seconds without touch before it goes dark again; default: [idle] blank_after
        # cec = true            # the hours also send a TV behind HDMI to standby and back (HDMI-CEC); false, or "/dev/cec0"
        # pan = false           # scrolling copies the window instead of panning it where the driver can (read at start)
        # side_pan = false      # screen-wide buffers: a pull rewrites the screen instead of moving the window sideways
        # scroll_front = false  # every scroll frame goes to the other buffer, none to the one on screen
        # atomic = false        # legacy page flips even where the driver offers atomic commits
        # video_plane = false   # clips drawn into the page even where the driver offers a plane that scales YUV

        # [display.schedule]    # a day's own hours: "HH:MM-HH:MM" (may run past midnight) or "off"
        # fri = "07:00-02:00"
        # sun = "off"

        [theme]
        background = "\(defaults.theme.background)"   # page background
        text = "\(defaults.theme.text)"
        muted = "\(defaults.theme.muted)"        # quotes, list numbers, collapsed dots (`lectern check` reports contrast below WCAG 2.2 AA)
        foreground = "\(defaults.theme.foreground)"   # expanded dots
        accent = "\(defaults.theme.accent)"       # dots when releasing opens the menu; the current page's ring item
        overlay = "\(defaults.theme.overlay)"      # menu overlay colour
        overlay_alpha = \(defaults.theme.overlayAlpha)
        # code_background = "#ecebe6"   # behind code; default: 7 % of text over background

        # [theme.high_contrast]  # the menu's high-contrast choice; same keys, each text pair must reach 7:1
        # background = "\(defaults.highContrastTheme.background)"
        # text = "\(defaults.highContrastTheme.text)"

        [text]
        fonts = [\(defaults.text.fonts.map { "\"\($0)\"" }.joined(separator: ", "))]   # then fontconfig finds the rest
        # size = 20             # body text in logical px; default: sized for distance_cm on this panel
        distance_cm = \(Int(defaults.text.distanceCentimetres))        # eyes to screen; the derived size gives capitals 22′ of arc (ISO 9241-3)
        measure = \(Int(defaults.text.measure))            # longest body line, in characters (0: no limit); wide screens centre it
        language = "\(defaults.text.language)"         # pages without lang: in front matter; hyphenation dictionary

        [speech]
        enabled = \(defaults.speech.enabled)          # whether speech mode may start (docs/accessibility.md)
        gesture = "\(defaults.speech.gesture)"  # two fingers held still ~1.5 s toggles speech mode; "none": only headphones
        headphone_jack = \(defaults.speech.headphoneJack)   # plugging headphones in turns speech mode on
        device = "\(defaults.speech.device)"         # ALSA device (aplay -L)
        volume = \(defaults.speech.volume)
        rate = \(defaults.speech.rate)              # words per minute

        [idle]
        home_after = \(Int(defaults.idle.homeAfter))       # seconds without touch: first page, top, menu hidden (0 = never)
        blank_after = \(Int(defaults.idle.blankAfter))      # seconds without touch: display off; the first touch only wakes it
        # attract = "Welcome"  # a page's title (or a clip, "loop.mp4", looped full screen): shown instead of the first page after home_after; a touch then goes home

        [watch]
        enabled = \(defaults.watch.enabled)         # re-read this file and every page, image and icon when they change
        settle = \(Int(defaults.watch.settle))              # seconds with no further change before the new site is checked and shown

        [clips]
        sound = \(defaults.clips.sound)           # video clips play their sound (on [speech] device) unless muted; the attract clip never does

        [metrics]
        enabled = \(defaults.metrics.enabled)         # health and usage counts (no personal data) for Prometheus
        path = "\(defaults.metrics.path)"   # node_exporter's textfile collector directory (Debian)

        """
        for (page, file) in zip(DemoPages.all, pages) {
            out += """

            [[page]]
            title = "\(page.title)"
            content = "\(file.path)"
            # icon = "icons/\(file.path.dropFirst(6).dropLast(3)).png"            # optional; else the title's first letter
            # icon_selected = "icons/\(file.path.dropFirst(6).dropLast(3))-on.png" # optional; else drawn with the accent
            # lang = "en"          # the page's language; pages in two or more languages get a language choice in the menu
            # dir = "rtl"          # optional; else each paragraph's first strong letter decides

            """
        }
        return out
    }
}

extension Array {
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
