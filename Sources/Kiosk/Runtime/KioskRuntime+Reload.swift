import Logging

/// Reload (SIGHUP, or the content watcher with a site that passed the check): the new
/// configuration is parsed, validated and assembled beside the kiosk on screen, and only
/// then swapped in with the visitor's place and choices.
extension KioskRuntime {
    /// SIGHUP: parse and validate the file once; if anything is wrong, nothing changes at
    /// all (not the scroll position, not the menu) and the reason is logged. Otherwise
    /// the new kiosk is assembled off to the side and swapped in with the visitor's
    /// page (matched by its content file), scroll offset and menu carried over.
    @discardableResult
    public func reload(at time: Double) -> ReloadOutcome {
        guard let configPath else {
            log("reload: no configuration file (built-in pages); nothing to re-read")
            return .noFile
        }
        let next: KioskConfig
        do { next = try load(configPath) } catch {
            return rejected(error, configPath: configPath)
        }
        return reload(next, at: time)
    }

    /// Shows `next`, a configuration of this runtime's file already loaded and checked
    /// (the one validation SIGHUP and the content watch share, `SiteReload`): assembled
    /// beside the kiosk on screen and swapped in as `reload(at:)` does.
    @discardableResult
    public func reload(_ next: KioskConfig, at time: Double) -> ReloadOutcome {
        guard let configPath else { return .noFile }
        let built: KioskAssembly?
        do {
            // No kiosk on screen yet: the next frame assembles the new configuration.
            built = try size.map { try assemble(next, width: $0.width, height: $0.height, at: time) }
        } catch {
            return rejected(error, configPath: configPath)
        }
        let changes = Self.changes(from: config, to: next)
        let displayChanged = next.display.rotation != config.display.rotation || next.display.mode != config.display.mode
        if let built, let old = assembly?.scene {
            built.scene.carryVisitor(old.visitor)
            let page = Self.matchingPage(old.currentPage, from: config, in: next)
            built.scene.carryOver(page: page ?? 0,
                                  offset: page == nil ? 0 : old.vertical.offset(at: time),
                                  menuPresented: old.menu.isPresented, at: time)
            if old.idle.attracting { built.scene.resumeAttract(at: time) }
            built.scene.carryOverIdle(from: old)
            // A content update must not end a visitor's speech mode (the same output speaks).
            if old.speech?.isOn == true { built.scene.resumeSpeechMode() }
        }
        config = next
        assemblyFailed = nil
        if let built {
            // Out of hours the new kiosk stays dark (a woken display goes dark with it).
            if scheduledOff { built.scene.setScheduledOff(true, at: time) }
            assembly = built
        }
        lastActivity = nil
        reportedPage = nil
        if built != nil { contentProblemsDue = true }
        reportPage()
        // The content may have changed: index it again where the index was kept (its
        // version tells whether anything must be rebuilt).
        if let directory = search.lastDirectory { buildSearchIndex(directory: directory) }
        log("reload: \(configPath) applied (\(changes.isEmpty ? "no setting changed; content re-read" : "changed: " + changes.joined(separator: ", ")))")
        return .applied(changes: changes, displayChanged: displayChanged)
    }

    /// A reload that changed nothing, said in the journal: one line per error
    /// (file:line:column: key: what to do), then the verdict.
    private func rejected(_ error: Error, configPath: String) -> ReloadOutcome {
        reloadsRejected += 1
        if let errors = error as? ConfigErrors {
            for problem in errors.errors { log("reload: \(problem)", .error) }
            log("reload: \(errors.errors.count) error(s) in \(configPath); keeping the previous configuration", .warning)
            return .rejected(reason: "\(errors)")
        }
        log("reload: \(error); keeping the previous configuration", .error)
        return .rejected(reason: "\(error)")
    }

    /// The same page in the new configuration: the one showing the same content file,
    /// else the same title, else none (the visitor starts at the first page's top).
    static func matchingPage(_ index: Int, from old: KioskConfig, in new: KioskConfig) -> Int? {
        guard old.pages.indices.contains(index) else { return nil }
        let page = old.pages[index]
        return new.pages.firstIndex { $0.source == page.source } ?? new.pages.firstIndex { $0.title == page.title }
    }

    /// The sections that differ, for the log.
    static func changes(from old: KioskConfig, to new: KioskConfig) -> [String] {
        var changes: [String] = []
        if old.display.rotation != new.display.rotation { changes.append("rotation \(old.display.rotation.rawValue) → \(new.display.rotation.rawValue)") }
        if old.display.mode != new.display.mode { changes.append("mode \(old.display.mode?.description ?? "preferred") → \(new.display.mode?.description ?? "preferred")") }
        if old.display != new.display, changes.isEmpty { changes.append("display") }
        if old.theme != new.theme { changes.append("theme") }
        if old.text != new.text { changes.append("text") }
        if old.pages != new.pages { changes.append("pages (\(old.pages.count) → \(new.pages.count))") }
        if old.idle != new.idle { changes.append("idle") }
        return changes
    }
}
