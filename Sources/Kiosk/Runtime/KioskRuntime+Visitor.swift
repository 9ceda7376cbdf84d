/// The visitor's menu switches (docs/accessibility.md): high contrast and the larger-text
/// step are kept with the visitor's other choices (`KioskScene.visitor`, the one owner)
/// and applied by assembling the kiosk for them, as a reload does, keeping the visitor's
/// page, place, menu and choices.
extension KioskRuntime {
    /// The scene reports its switches here.
    func wireVisitor(_ scene: KioskScene) {
        scene.onVisitorSwitch = { [weak self] item, _ in self?.visitorSwitchOwed = item }
        scene.siteSearch = search
    }

    /// A switch in the menu was tapped (or double-tapped in speech mode).
    func visitorSwitched(_ item: MenuSwitch, at time: Double) {
        switch item {
        case .contrast: visitor.theme = visitor.theme == .highContrast ? .standard : .highContrast
        case .textSize: visitor.textStep = visitor.textStep.next
        case .search: return  // the scene opens the panel itself
        }
        guard reassembleForVisitor(at: time) else { return }
        log("visitor: \(item == .contrast ? "high contrast \(visitor.theme == .highContrast ? "on" : "off")" : "text size step \(visitor.textStep.rawValue + 1) of \(TextStep.allCases.count)")")
        guard let scene = assembly?.scene else { return }
        // A second double tap in speech mode changes the same switch again.
        scene.speech?.menuFocus = .menuSwitch(item)
        scene.speech?.announceSwitch(item, choices: visitor, hint: false)
    }

    /// The idle reset went home: the next visitor finds the kiosk as configured.
    func visitorWentHome(at time: Double) {
        // The scene has reset the choices as it went home; the kiosk on screen may still
        // be the one assembled for the visitor's theme or text size.
        guard let assembly, assembly.config.theme != visitor.theme(in: config) || assembly.textFactor != visitor.textStep.factor
        else { return }
        reassembleForVisitor(at: time)
        log("visitor: choices reset at idle")
    }

    /// Assembles the kiosk for `visitor` in place of the one on screen, carrying over
    /// the page, the place on it (in proportion: a larger text makes the page longer),
    /// the menu and speech mode. False (logged; the old kiosk stays) if it fails.
    @discardableResult
    func reassembleForVisitor(at time: Double) -> Bool {
        guard let old = assembly?.scene, let size else { return false }
        let built: KioskAssembly
        do {
            built = try assemble(config, width: size.width, height: size.height, at: time)
        } catch {
            log("visitor: cannot assemble the kiosk for the visitor's choice: \(error)", .error)
            return false
        }
        let page = old.currentPage
        let oldLength = old.pageLength(of: page), newLength = built.scene.pageLength(of: page)
        let scaled = old.vertical.offset(at: time) * (oldLength > 0 ? newLength / oldLength : 1)
        let offset = max(0, min(scaled, newLength - built.scene.height))
        built.scene.carryOver(page: page, offset: offset, menuPresented: old.menu.isPresented, at: time)
        built.scene.carryOverIdle(from: old)
        built.scene.carryVisitor(old.visitor)
        // Another page key than the old scene's, so the compositor draws every pixel anew
        // (the same page in other colours or sizes).
        built.scene.contentGeneration = old.contentGeneration &+ 1
        if old.speech?.isOn == true { built.scene.resumeSpeechMode() }
        if scheduledOff { built.scene.setScheduledOff(true, at: time) }
        assembly = built
        return true
    }

    /// The headphone jack (Platform's `HeadphoneJack`): plugging in turns speech mode on
    /// (unless `[speech] headphone_jack = false`); unplugging changes nothing, the idle
    /// reset ends speech mode with the visit.
    public func headphonesChanged(plugged: Bool) {
        log("headphones \(plugged ? "plugged in" : "unplugged")")
        if plugged { assembly?.scene.headphonesPlugged() }
    }
}
