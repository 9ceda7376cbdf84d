import Foundation
import Kiosk
import LecternLog
import Logging
import LoopCore
import Measure

/// Content that updates itself: the configuration file, every page, image and icon of
/// the site, and the directories holding them are watched with inotify (and the
/// directory of any symlink on the way, so a `current` symlink switched to a new
/// release is seen). Events only note the time; once nothing has changed for `settle`
/// seconds the loop's timer fires and the change goes to the reload it shares with SIGHUP
/// (`SiteReload`): the whole new site is checked as `lectern check` does, once per
/// content version, and only a fit site is swapped in (page, scroll and menu kept).
/// Nothing is polled: idle, the fd sleeps in the poll.
///
/// A site still arriving waits: a file of the new site opened for writing and not yet
/// closed, or modified less than `settle` seconds ago (wall clock against its mtime). A
/// site that is not fit (a file missing, a truncated picture, a bad key) changes nothing
/// on screen; each problem is logged as file:line and `lastUpdate` says why.
public final class ContentWatch {
    /// What the last attempt to show a changed site did, for the status and the metrics.
    public struct Update: Equatable, Sendable {
        public let wallTime: Double
        public let ok: Bool
        /// Why it failed (the first problem), or "applied".
        public let reason: String

        public init(wallTime: Double, ok: Bool, reason: String) {
            self.wallTime = wallTime; self.ok = ok; self.reason = reason
        }
    }

    public let runtime: KioskRuntime
    /// The reload SIGHUP shares: it owns which content version was handled last.
    public let reload: SiteReload
    public let settle: Double
    let inotify: Inotify
    let wallClock: WallClock
    let log: Logger
    /// Watch descriptor → the path watched (a directory or a file).
    private var watched: [Int32: String] = [:]
    /// Files written and not yet closed (IN_MODIFY without IN_CLOSE_WRITE), real paths.
    private var openWrites: Set<String> = []
    /// Monotonic time of the check due, or nil: nothing changed since the last check
    /// (or a file of the new site is still open for writing).
    public private(set) var deadline: Double?
    /// The hash of the site on screen (`SiteCheck.version`), as `reload` has it.
    public var version: String { reload.shownVersion }
    public private(set) var lastUpdate: Update?
    /// Called after every check that found the site changed (applied or refused).
    public var onUpdate: (Update) -> Void = { _ in }
    public var fd: FileDescriptor { inotify.fd }
    /// The paths watched now, for tests and the log.
    public var watchedPaths: [String] { watched.values.sorted() }

    /// - Parameter calls: inotify (`LinuxFileWatchCalls` on the device).
    /// - Parameter wallClock: for the age of a file (its mtime is wall-clock time) and
    ///   the time of an update.
    public init(reload: SiteReload, settle: Double, calls: FileWatchCalls, wallClock: WallClock,
                log: Logger = .lectern) throws {
        self.reload = reload
        runtime = reload.runtime
        self.settle = settle
        self.wallClock = wallClock
        self.log = log
        inotify = try Inotify(calls: calls)
        rewatch(reload.files)
    }

    /// The fd is readable: note what changed; the check waits until things settle.
    public func handleReadable(at time: Double) {
        let events: [InotifyEvent]
        do { events = try inotify.readEvents() } catch {
            log.warning("content watch: cannot read inotify events: \(error)")
            return
        }
        guard !events.isEmpty else { return }
        for event in events {
            guard let base = watched[event.watch] else { continue }
            let path = event.name.isEmpty ? base : base + "/" + event.name
            let real = Self.realPath(path)
            if event.isModify && !event.isCloseWrite { openWrites.insert(real) }
            if event.isCloseWrite || event.mask & UInt32(IN_DELETE | IN_MOVED_FROM) != 0 { openWrites.remove(real) }
            if event.isIgnored { watched[event.watch] = nil }
        }
        // Every change pushes the check back: a copy in progress keeps it waiting.
        deadline = time + settle
    }

    /// The settle time has passed: check the site and show it if it is fit. Returns what
    /// the display must do (the loop applies it as it applies SIGHUP's).
    public func deadlineReached(at time: Double) -> ReloadEffect {
        deadline = nil
        guard let site = reload.siteOnDisk() else { return .nothing }
        rewatch(site.files)
        // Still arriving? Wait for the writer to close, or for the newest mtime to settle.
        let open = site.files.map(Self.realPath).filter(openWrites.contains)
        if let first = open.first {
            log.info("content watch: \(first) is still being written; waiting for it to be closed")
            return .nothing
        }
        if let newest = SiteCheck.newestModification(of: site.files) {
            let age = wallClock.now() - newest
            if age < settle {
                deadline = time + (settle - max(0, age))
                return .nothing
            }
        }
        // Nil: this version was handled already (by SIGHUP, or nothing changed).
        guard let outcome = reload.handle(site, .watch, at: time) else { return .nothing }
        rewatch(reload.files + site.files)
        switch outcome {
        case .applied:
            record(Update(wallTime: wallClock.now(), ok: true, reason: "applied"))
        case let .rejected(reason):
            record(Update(wallTime: wallClock.now(), ok: false, reason: reason.split(separator: "\n").first.map(String.init) ?? reason))
        case .noFile:
            break
        }
        return runtime.effect(of: outcome)
    }

    /// SIGHUP handled a change: the files of the site on screen are watched.
    public func siteReloaded() {
        rewatch(reload.files)
    }

    private func record(_ update: Update) {
        lastUpdate = update
        onUpdate(update)
    }

    /// Watches each file, its directory, and the directory of every symlink on its path
    /// (not following the link); drops watches no longer needed. The kernel hands back
    /// the same watch descriptor for an inode already watched, with the new mask.
    private func rewatch(_ files: [String]) {
        var wanted: [String: UInt32] = [:]
        for file in files {
            let absolute = file.hasPrefix("/") ? file : FileManager.default.currentDirectoryPath + "/" + file
            wanted[absolute, default: 0] |= Inotify.siteMask
            wanted[(absolute as NSString).deletingLastPathComponent, default: 0] |= Inotify.siteMask
            var prefix = ""
            for component in absolute.split(separator: "/").dropLast() {
                let parent = prefix.isEmpty ? "/" : prefix
                prefix += "/" + component
                if Self.isSymlink(prefix) { wanted[parent, default: 0] |= Inotify.linkDirectoryMask }
            }
        }
        var kept: [Int32: String] = [:]
        for (path, mask) in wanted.sorted(by: { $0.key < $1.key }) {
            // A missing file is watched through its directory; its absence is no error.
            guard let watch = try? inotify.add(path, mask: mask) else { continue }
            kept[watch] = path
        }
        for watch in watched.keys where kept[watch] == nil { inotify.remove(watch) }
        watched = kept
    }

    static func isSymlink(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK
    }

    static func realPath(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}

extension ContentWatch {
    /// Puts the inotify fd in `loop`'s poll (events noted at the loop's time) and the
    /// settle time among its deadlines; a check that applies the new site asks the loop
    /// for what SIGHUP would.
    public func attach(to loop: DeviceLoop) {
        loop.extraSources.append((fd, { [self, unowned loop] in handleReadable(at: loop.clock.now()) }))
        loop.extraTimers.append((deadline: { [self] in deadline },
                                 fire: { [self, unowned loop] time in loop.apply(deadlineReached(at: time)) }))
    }
}
