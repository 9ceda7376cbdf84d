import Kiosk
import Logging
import LoopCore

/// The one pending reload SIGHUP and the content watch share, keyed by the content
/// version (`SiteCheck.version`: the configuration and every file it shows). An operator
/// who edits the configuration and runs `systemctl reload` has both ask for the same
/// change: whichever asks first validates the site once, assembles it at most once and
/// reports once (applied, or each problem); the other finds that version handled and
/// does nothing. Both judge a change alike, as `lectern check` does: a site not fit to
/// show (a bad key, a missing page, a truncated picture) is refused and the site on
/// screen stays.
public final class SiteReload {
    /// What asked for the reload: it names the journal's lines ("reload:", "content update:").
    public enum Trigger: Sendable {
        case signal, watch
        var prefix: String { self == .signal ? "reload" : "content update" }
    }

    public let runtime: KioskRuntime
    let log: Logger
    /// The content version last handled: shown, or refused and reported.
    public private(set) var version: String
    /// The content version on screen (the last one shown).
    public private(set) var shownVersion: String
    /// The files of the site last handled whose configuration loaded (what the content
    /// watch watches).
    public private(set) var files: [String]
    /// Sites judged so far (each one `SiteCheck.check`): a change is judged once.
    public private(set) var validations = 0
    /// Called once per change handled, with what asked and the outcome.
    public var onHandled: [(Trigger, KioskRuntime.ReloadOutcome) -> Void] = []

    public init(runtime: KioskRuntime, log: Logger) {
        self.runtime = runtime
        self.log = log
        // Without a file there is nothing to reload (and nothing read at start).
        files = runtime.configPath == nil ? [] : SiteCheck.files(of: runtime.config, configPath: runtime.configPath)
        version = SiteCheck.version(of: files)
        shownVersion = version
    }

    /// The site on disk now (configuration, files, version), nothing judged yet; nil
    /// without a configuration file.
    public func siteOnDisk() -> SiteFiles? { runtime.configPath.map { SiteCheck.files(configPath: $0) } }

    /// Handles `site` (from `siteOnDisk`) unless its version was handled already: judged,
    /// then shown when fit, else each problem reported. Nil when there was nothing to do.
    public func handle(_ site: SiteFiles, _ trigger: Trigger, at time: Double) -> KioskRuntime.ReloadOutcome? {
        guard site.version != version else {
            if trigger == .signal {
                log.info("reload: content version \(version) already handled; nothing changed since")
            }
            return nil
        }
        version = site.version
        // A configuration that does not load names no files: the site's stay watched.
        if site.config != nil { files = site.files }
        validations += 1
        let verdict = SiteCheck.check(site)
        let outcome: KioskRuntime.ReloadOutcome
        if let config = verdict.config, verdict.isFit {
            outcome = runtime.reload(config, at: time)
            if case .applied = outcome {
                log.info("\(trigger.prefix): version \(shownVersion) → \(site.version) shown")
                shownVersion = site.version
            }
        } else {
            let reason = verdict.problems.first ?? "not fit to show"
            for problem in verdict.problems { log.error("\(trigger.prefix): \(problem)") }
            if verdict.config == nil {
                log.warning("\(trigger.prefix): \(verdict.problems.count) error(s) in \(site.configPath); keeping the previous configuration")
            } else {
                log.warning("\(trigger.prefix): \(verdict.problems.count) problem(s); keeping the site on screen (version \(shownVersion))")
            }
            outcome = .rejected(reason: reason)
        }
        for told in onHandled { told(trigger, outcome) }
        return outcome
    }

    /// SIGHUP: the site on disk handled now, unless its version was handled already
    /// (the content watch got there first, or nothing changed): then nothing is judged,
    /// assembled or reported, and only the display the site on screen asks for is handed
    /// back, so that a rotation or mode the display failed to apply is tried again.
    public func signalled(at time: Double) -> ReloadEffect {
        guard let site = siteOnDisk() else { return runtime.effect(of: runtime.reload(at: time)) }
        guard let outcome = handle(site, .signal, at: time) else { return runtime.displayAsked }
        return runtime.effect(of: outcome)
    }
}
