import Foundation
import Raster

/// The background mode (the kiosk's): a draw draws the bands held and queues what is
/// missing on one serial worker, which decodes outside the lock and calls `onDecoded`
/// (on the device: the loop's wake-up, whose collect draws the page again). A frame
/// never decodes then; a picture not decoded yet leaves its area to the page's
/// background for the frames until it arrives.
///
/// Each draw is also told the rows about to come into view (`ahead`: at and beyond the
/// screen's edges, `RowsOnScreen`): the pictures there are queued after those the draw
/// needs, and kept while they stay there (marked as drawn), so a scroll meets pictures
/// already decoded. Those inside the screen are drawn already; held beyond the edges'
/// is the budget, and a tall picture's bands between the edges go.
extension DecodedPictures {
    /// What the background mode keeps, under the lock.
    struct BackgroundState {
        var isOn = false
        var onDecoded: (@Sendable () -> Void)?
        /// The bands queued or being decoded: no second job asks for them.
        var pending: Set<Key> = []
        /// Jobs queued or running.
        var jobs = 0
        /// A job finished since the loop last took the arrivals (`takeArrivals`).
        var untaken = false
        /// Bands a draw needed and did not hold (left unpainted).
        var unpainted: Set<Key> = []
        /// Bands left unpainted that arrived since the loop last took them, as rows of each
        /// picture: the page owes those rows a draw.
        var owed: [ObjectIdentifier: [Range<Int>]] = [:]
        /// The bands that arrived for a draw that left them unpainted, not drawn since,
        /// with the draw count at their arrival: kept for the draw they are owed to
        /// (`awaitedDraws` draws at most, in case the page it was for is gone).
        var awaited: [Key: Int] = [:]
        /// Draws that left a band they needed unpainted, so far.
        var unpaintedDraws = 0
    }

    /// How many draws so far left rows of a picture unpainted, not decoded yet (the
    /// bench's frame scenes say how many of their frames did).
    public var unpaintedDraws: Int { lock.withLock { background.unpaintedDraws } }

    /// Whether draws leave decoding to the worker (the kiosk's choice; false, decoding in
    /// the draw, by default). Set `onDecoded` first, so no arrival goes unannounced.
    public var decodesInBackground: Bool {
        get { lock.withLock { background.isOn } }
        set { lock.withLock { background.isOn = newValue } }
    }

    /// Called on the worker after each job (decoded or not: a file that went away decodes
    /// nothing): the device hands the loop's wake-up here.
    public var onDecoded: (@Sendable () -> Void)? {
        get { lock.withLock { background.onDecoded } }
        set { lock.withLock { background.onDecoded = newValue } }
    }

    /// No decode is queued or running, and the loop took the last one finished
    /// (`takeArrivals`): what the headless player waits for before a capture.
    public var isSettled: Bool {
        lock.withLock { background.jobs == 0 && !background.untaken }
    }

    /// Takes what the worker finished since last asked: the rows of each picture (its
    /// own rows, by `ObjectIdentifier` of its `FilePicture`) a draw left unpainted and
    /// that are held now, so the page must draw them again (a picture decoded ahead of
    /// the scroll owes nothing).
    public func takeArrivedRows() -> [ObjectIdentifier: [Range<Int>]] {
        lock.withLock {
            let owed = background.owed
            background.owed = [:]
            background.untaken = false
            return owed
        }
    }

    /// `takeArrivedRows`, only whether any rows are owed a draw.
    public func takeArrivals() -> Bool { !takeArrivedRows().isEmpty }

    /// Whether a draw of `rows` of `picture` now would draw all of them: always when the
    /// draw decodes; in background mode when every band is held, and those are then kept
    /// for that draw (the worker does not let them go in between). The page fills its
    /// background under an opaque picture only where this is false.
    public func willDraw(_ picture: FilePicture, rows: Range<Int>) -> Bool {
        lock.lock(); defer { lock.unlock() }
        guard background.isOn else { return true }
        let id = ObjectIdentifier(picture)
        let bands = picture.bands(covering: rows)
        guard bands.allSatisfy({ entries[Key(picture: id, band: $0)] != nil }) else { return false }
        for band in bands { entries[Key(picture: id, band: band)]?.drawn = draws }
        return true
    }

    /// How many draws a band that arrived for a draw stays kept for it: the loop draws the
    /// page again at its next turn, a few draws (one per damaged rectangle) later.
    static let awaitedDraws = 16

    /// Whether `key` arrived for a draw that has not drawn it yet (kept whatever the
    /// budget says).
    func isAwaited(_ key: Key) -> Bool { background.awaited[key] != nil }

    /// Waits up to `timeout` seconds for the worker to finish every job queued so far;
    /// whether it did. The bench gives the worker a refresh interval between two frames,
    /// as the device does.
    public func waitForDecodes(timeout: Double) -> Bool {
        decodesUnderWay.wait(timeout: .now() + timeout) == .success
    }

    /// Waits until the worker has done every job queued so far (tests).
    func waitForWorker() { worker.sync {} }

    /// `draw` in background mode, under the lock (`draws` counted): the held bands drawn,
    /// the missing ones queued (those needed first), the held ones kept, the others let go.
    func drawHeld(_ wanted: [(picture: FilePicture, rows: Range<Int>)], ahead: [(picture: FilePicture, rows: Range<Int>)],
                  _ draw: (Int, PictureBand) -> Void) {
        // A tall picture's bands kept: those at and beyond the screen's edges (`ahead`) and
        // those owed to a draw. The bands this draw drew are in the shadow now: they go.
        // Only pictures held in bands are listed (a draw of pictures that fit the screen
        // builds no list).
        var near: [ObjectIdentifier: [Range<Int>]] = [:]
        var leftUnpainted = false
        for (index, item) in wanted.enumerated() {
            let picture = item.picture
            let bands = picture.bands(covering: item.rows)
            var drawn = 0
            let missing = holdOrQueue(picture, bands: bands, leftUnpainted: true) { band, image in
                drawn += 1
                draw(index, PictureBand(top: band * picture.bandRows, image: image))
            }
            if drawn < bands.count { leftUnpainted = true }
            queue(picture, missing)
        }
        if leftUnpainted { background.unpaintedDraws += 1 }
        for item in ahead {
            let bands = item.picture.bands(covering: item.rows)
            if item.picture.bandCount > 1 { widen(&near, ObjectIdentifier(item.picture), bands) }
            queue(item.picture, holdOrQueue(item.picture, bands: bands, leftUnpainted: false) { _, _ in })
        }
        if !background.awaited.isEmpty {
            background.awaited = background.awaited.filter { draws - $0.value < Self.awaitedDraws }
            for (key, _) in background.awaited where entries[key]?.picture.bandCount ?? 0 > 1 {
                near[key.picture, default: []].append(key.band..<key.band + 1)
            }
        }
        // A tall picture keeps those and `aheadBands` others.
        forEachTallPictureHeld { trimSpareBands(of: $0, near: near[$0] ?? []) }
        trim(keepingFrom: draws)
    }

    /// `bands` of picture `id` are needed or ahead: kept (the bands between two such
    /// pieces, inside the screen, are not).
    private func widen(_ near: inout [ObjectIdentifier: [Range<Int>]], _ id: ObjectIdentifier, _ bands: Range<Int>) {
        guard !bands.isEmpty else { return }
        near[id, default: []].append(bands)
    }

    /// Marks the held bands of `bands` as drawn now and hands each to `draw`; answers the
    /// missing ones no job is decoding yet. `leftUnpainted`: the draw needed them.
    private func holdOrQueue(_ picture: FilePicture, bands: Range<Int>, leftUnpainted: Bool,
                             _ draw: (Int, Image) -> Void) -> [Int] {
        let id = ObjectIdentifier(picture)
        var missing: [Int] = []
        for band in bands {
            let key = Key(picture: id, band: band)
            if let image = entries[key]?.image {
                entries[key]?.drawn = draws
                draw(band, image)
                if leftUnpainted, !background.awaited.isEmpty { background.awaited[key] = nil }
                if leftUnpainted, !background.unpainted.isEmpty { background.unpainted.remove(key) }
            } else {
                if leftUnpainted { background.unpainted.insert(key) }
                if !background.pending.contains(key) { missing.append(band) }
            }
        }
        return missing
    }

    /// One job for the worker: bands `missing` of `picture` (one pass, from the first to
    /// the last; those held already on the way are not made again).
    private func queue(_ picture: FilePicture, _ missing: [Int]) {
        guard let first = missing.first, let last = missing.last else { return }
        let id = ObjectIdentifier(picture)
        let keys = missing.map { Key(picture: id, band: $0) }
        background.pending.formUnion(keys)
        background.jobs += 1
        decodesUnderWay.enter()
        worker.async { [self] in
            decode(picture, bands: first..<last + 1, keys: keys)
            decodesUnderWay.leave()
        }
    }

    /// On the worker: room made under the budget first (as a draw does), the bands decoded
    /// outside the lock and each taken in under it, then `onDecoded`.
    private func decode(_ picture: FilePicture, bands: Range<Int>, keys: [Key]) {
        lock.withLock { trim(keepingFrom: draws, room: picture.bytes(of: bands)) }
        let id = ObjectIdentifier(picture)
        // false (the file went away or changed): nothing is taken in; the content watch
        // reloads the page.
        _ = picture.decode(bands: bands) { band, image in
            self.lock.withLock {
                let key = Key(picture: id, band: band)
                guard self.entries[key] == nil else { return }
                self.insert(image, band: band, for: picture)
                if self.background.unpainted.remove(key) != nil {
                    let top = band * picture.bandRows
                    self.background.owed[id, default: []].append(top..<top + image.height)
                    self.background.awaited[key] = self.draws
                }
            }
        }
        let announce = lock.withLock { () -> (@Sendable () -> Void)? in
            decodeCount += 1
            background.pending.subtract(keys)
            // A band that did not come (the file failed) is no longer owed a draw.
            background.unpainted.subtract(keys)
            background.jobs -= 1
            background.untaken = true
            trim(keepingFrom: draws)
            return background.onDecoded
        }
        announce?()
    }
}
