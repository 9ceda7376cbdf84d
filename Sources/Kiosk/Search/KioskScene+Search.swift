import Foundation
import Keyboard
import Raster
import Search
import Touch

/// The search panel's mode (`InteractionMode.search`; `SearchSession` owns whether it
/// shows). The keyboard takes the first finger's raw touches (a key is typed when the
/// finger lifts; backspace repeats at the panel's deadline), a result row opens its
/// page on lift, the close button closes the panel; three fingers bring the menu in its
/// place. In speech mode the same touches are spoken (Search/KioskScene+SearchSpeech.swift).
extension KioskScene {
    /// The language the panel's keyboard and words are for: the visitor's choice, else
    /// the page's or the site's.
    var searchLanguage: String { chosenLanguage ?? config.text.language }

    var searchLayout: SearchPanelLayout {
        let top = searchSession.panel?.geometry.frame.y ?? height
        return SearchPanelLayout(width: width, height: height, scale: scale, keyboardTop: top)
    }

    /// The search switch was tapped (or double-tapped in speech mode): the menu goes and
    /// the panel comes, with what the visitor typed before (until the idle reset).
    public func openSearch(at time: Double) {
        releaseDrags(at: time)
        releaseLink()
        vertical.stop(at: time)
        menu.setPresented(false, at: time)
        links.card.dismiss(at: time)
        let layoutName = KeyboardLayout.layoutName(forLanguage: searchLanguage)
        if searchSession.panel?.layout.name != layoutName {
            do {
                let bottom = height - Double(Int((12 * scale).rounded()))
                searchSession.panel = try SearchPanel(search: siteSearch ?? SiteSearch(), language: searchLanguage, width: width,
                                                      bottom: bottom, pixelsPerMillimetre: links.pixelsPerMillimetre)
                searchSession.problem = nil
                searchSession.panel?.onSearchCounted = { [weak self] found in self?.onSearchCounted?(found) }
            } catch {
                searchSession.panel = nil
                searchSession.problem = "The keyboard cannot be shown: \(error)"
                Log.warning("search: the keyboard for \(searchLanguage) cannot be shown: \(error)")
            }
        }
        searchSession.present()
        searchOpenedForSpeech()
    }

    /// The panel goes (the close button, the menu in its place); what was typed stays.
    func closeSearch() {
        searchSession.panel?.countSearch()
        searchSession.dismiss()
    }

    func applyInSearch(_ gesture: Gesture) {
        guard case let .threeFingerTap(_, _, time) = gesture else { return }
        closeSearch()
        present(at: time)
    }

    /// A touch on the panel (sighted): true when the panel took it.
    func handleSearchTouch(_ event: TouchEvent) -> Bool {
        guard mode == .search else { return false }
        searchTouch(event)
        return true
    }

    /// Feeds the first finger's touches to the panel and answers the panel's events with
    /// the key each typing event came from (for speech); opens a result or closes the panel
    /// as a lift decides. In speech mode (`speaking`) only the keyboard is touched here:
    /// the rows are explored and double-tapped through speech mode's intents.
    @discardableResult
    func searchTouch(_ event: TouchEvent, speaking: Bool = false) -> (events: [SearchPanel.Event], typed: KeyboardGeometry.Action?) {
        var events: [SearchPanel.Event] = []
        var typed: KeyboardGeometry.Action?
        defer { searchSession.changed() }
        switch event {
        case let .down(slot, x, y, time):
            guard searchSession.slot == nil else { return ([], nil) }
            searchSession.slot = slot
            if let panel = searchSession.panel, panel.geometry.frame.contains(x: x, y: y) {
                events = panel.touchDown(x: x, y: y, at: time)
            } else if speaking {
                break
            } else if searchLayout.close.contains(x: Int(x), y: Int(y)) {
                searchSession.press = .close
            } else if let row = searchLayout.row(atX: x, y: y), row < (searchSession.panel?.results.count ?? 0) {
                searchSession.press = .row(row)
            }
        case let .move(slot, x, y, time):
            guard slot == searchSession.slot else { return ([], nil) }
            if let panel = searchSession.panel, panel.press != nil {
                events = panel.touchMoved(x: x, y: y, at: time)
            } else if !speaking, let press = searchSession.press {
                let still: Bool
                switch press {
                case .close: still = searchLayout.close.contains(x: Int(x), y: Int(y))
                case let .row(row): still = searchLayout.row(atX: x, y: y) == row
                }
                if !still { searchSession.press = nil }
            }
        case let .up(slot, time):
            guard slot == searchSession.slot else { return ([], nil) }
            searchSession.slot = nil
            if let panel = searchSession.panel, panel.press != nil {
                typed = panel.press?.current
                events = panel.touchUp(at: time)
            } else if !speaking, let press = searchSession.press {
                searchSession.press = nil
                switch press {
                case .close: closeSearch()
                case let .row(row): if let result = searchSession.panel?.results[safe: row] { openResult(result, at: time) }
                }
            }
        case .cancel:
            searchSession.slot = nil
            if !speaking { searchSession.press = nil }
            searchSession.panel?.cancelTouch()
        }
        for case let .openFirstResult(result?) in events { openResult(result, at: event.time) }
        return (events, typed)
    }

    /// Backspace repeat and the long press, at the panel's deadline or any later turn.
    func advanceSearch(to time: Double) {
        guard searchSession.isPresented, let panel = searchSession.panel, panel.press != nil else { return }
        let events = panel.advance(to: time)
        guard !events.isEmpty else { return }
        searchSession.changed()
        searchEventsForSpeech(events)
    }

    /// Opens `result`'s page with the hit in the upper third of the screen and its block
    /// ringed until the next touch; the back pull returns to the panel.
    func openResult(_ result: SearchResult, at time: Double) {
        guard (0..<pageCount).contains(result.page) else { return }
        searchSession.panel?.resultOpened()
        links.history.push(.init(page: currentPage, offset: vertical.offset(at: time), toSearch: true))
        searchSession.dismiss()
        show(page: result.page, at: time)
        let block = hitBlock(of: result)
        searchSession.highlight = block.map { (result.page, $0) }
        let top = Double(block?.y ?? 0) + KioskScene.marginTop * scale
        let target = block == nil ? 0 : min(max(0, top - height / 6), vertical.maxOffset)
        vertical.jump(to: target)
    }

    /// The first block of the result's page holding one of the snippet's hits (case and
    /// accents ignored, as the index matched them).
    func hitBlock(of result: SearchResult) -> IntRect? {
        let words = result.snippet.hits.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
        guard !words.isEmpty else { return nil }
        let blocks = content.speechPage(result.page, width: textWidth).blocks
        let options: String.CompareOptions = [.caseInsensitive, .diacriticInsensitive]
        return blocks.first { block in words.contains { block.text.range(of: $0, options: options) != nil } }?.rect
    }

    /// The back pull left a place the search panel was opened from: the panel again.
    func returnToSearch(at time: Double) {
        searchSession.highlight = nil
        searchSession.present()
        searchOpenedForSpeech()
    }
}

extension Gesture {
    /// What the router still hears of a touch the search panel took.
    var actsOverSearch: Bool {
        switch self {
        case .threeFingerTap, .allUp, .panCancelled: return true
        default: return false
        }
    }
}
