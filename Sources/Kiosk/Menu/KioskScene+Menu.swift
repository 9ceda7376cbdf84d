import Touch

/// The menu's mode (`InteractionMode.menu`; `MenuFade` owns whether it shows): a tap on
/// a ring item shows that page, on a language pill shows that language's ring, on a
/// switch changes the visitor's choice; anywhere else it closes the menu. The page under
/// it takes no pan, link tap or pinch.
extension KioskScene {
    func applyInMenu(_ gesture: Gesture) {
        switch gesture {
        case let .tap(x, y, time):
            if let language = languageBar?.item(atX: x, y: y) {
                chooseLanguage(language, at: time)  // the menu stays, showing that language's pages
            } else if let item = menuSwitches.item(atX: x, y: y), item == .search {
                openSearch(at: time)  // the panel in the menu's place
            } else if let item = menuSwitches.item(atX: x, y: y) {
                onVisitorSwitch?(item, time)  // the menu stays: the visitor sees the change
            } else if let item = ring.item(atX: x, y: y), let page = page(ofRingItem: item) {
                leavePlace(at: time)
                show(page: page, at: time)
                menu.setPresented(false, at: time)
            } else {
                menu.setPresented(false, at: time)
            }
        case let .threeFingerTap(_, _, time):
            toggleMenu(at: time)
        case .touchDown, .panBegan, .panChanged, .panEnded, .pinchBegan, .pinchChanged, .pinchEnded,
             .pinchCancelled, .panCancelled, .allUp:
            break
        }
    }

    /// Three fingers (or speech mode's menu gesture), in any mode that shows the page,
    /// the card or the menu: the menu comes, replacing the card, or goes.
    func toggleMenu(at time: Double) {
        releaseLink()
        links.card.dismiss(at: time)  // the menu replaces the card
        if searchSession.isPresented { closeSearch() }  // and the search panel
        if menu.isPresented {
            menu.setPresented(false, at: time)
        } else {
            present(at: time)
        }
    }

    /// The menu comes: nothing the fingers held stays caught, nothing scrolls under it.
    func present(at time: Double) {
        releaseDrags(at: time)
        releaseLink()
        vertical.stop(at: time)          // any scroll in flight stops
        menu.setPresented(true, at: time)
        menuPresentedForSpeech()
    }
}
