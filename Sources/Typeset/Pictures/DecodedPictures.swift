import Foundation
import Raster

/// A band of a picture's pixels lent to a draw: rows [top, top + image.height).
public struct PictureBand {
    public let top: Int
    public let image: Image
}

/// The pixels of the pages' pictures (`FilePicture`), least recently drawn let go first,
/// within a byte budget: a page of large photographs no longer keeps every one of them
/// decoded for as long as it is laid out. The pictures a draw needs are kept whatever
/// the budget says, so a screen with more pictures than the budget holds still shows
/// them all; the others go, least recently drawn first, once the held bytes are over
/// it. Layout decodes each picture once to learn its size and keeps it only within the
/// budget. A picture let go is decoded again from its file when it comes back into
/// view (in the draw, for a 4000-px PNG a frame of a few hundred milliseconds on a Pi;
/// on the worker in background mode).
///
/// What is held is counted by band (`FilePicture.bandRows`): a picture taller than a
/// screen keeps the bands the draw needs and `FilePicture.aheadBands` others at most,
/// those decoded ahead of the scroll, so scrolling through it never holds it whole.
///
/// Decoding in the draw is the default (tests, tools). The kiosk decodes in the
/// background (`decodesInBackground`, DecodedPictures+Worker.swift): a draw draws what
/// is held and leaves the rest to a worker, so no frame decodes a picture.
///
/// One per process (`shared`), for every page of every kiosk assembled (a reload's new
/// kiosk and the old one share it); any thread (a lock).
public final class DecodedPictures: @unchecked Sendable {
    /// 6 MiB kept beyond the pictures a draw needs (in background mode, those on screen
    /// and about to come into view, decoded ahead of the scroll): what is kept spares a
    /// decode when a picture scrolled away comes back. Three photographs of 960 × 540
    /// (2 MiB each) are what a visitor flicking back and forth over a page of them passes:
    /// with 4 MiB one of them was let go and decoded again at nearly every pass (18–35
    /// decodes in the bench's 1,005 frames of flicks at 1080p, each slowing the frames
    /// beside it); with 6 MiB none is. The machine test's 1080p kiosk then holds 5.6 MiB
    /// of pictures at most, not 3.8, and its peak did not move (the process peaks
    /// elsewhere than its pictures): still under 64 MiB. Decoding off the loop, a
    /// photograph scrolled back is decoded again while it is still below the screen;
    /// decoding in the draw (tests, tools), in the frame that brings it back.
    public static let defaultBudget = 6 << 20
    public static let shared = DecodedPictures(budget: defaultBudget)

    public let budget: Int
    let lock = NSLock()
    struct Key: Hashable {
        let picture: ObjectIdentifier
        let band: Int
    }
    struct Entry {
        let picture: FilePicture  // held, so that its identity is not reused while here
        let image: Image
        var drawn: Int
    }
    var entries: [Key: Entry] = [:]
    /// Counts the draws (`bands(for:)`); an entry's `drawn` is the last one that needed it.
    var draws = 0
    private var heldBytes = 0
    private var mostBytes = 0
    /// `forEachTallPictureHeld`'s list, kept between draws.
    private var tallHeld: [ObjectIdentifier] = []
    /// Entries held of pictures in bands: none (a page of pictures that fit the screen),
    /// and a draw has no tall picture's bands to look at.
    private var tallEntries = 0
    var decodeCount = 0
    /// The background mode's state (DecodedPictures+Worker.swift), under `lock` too.
    var background = BackgroundState()
    /// Where the background mode decodes: one job after another, a thread only while
    /// there is one (idle, nothing runs).
    let worker = DispatchQueue(label: "lectern.decoded-pictures", qos: .utility)
    /// The worker's jobs queued or running (`waitForDecodes`).
    let decodesUnderWay = DispatchGroup()

    public init(budget: Int) { self.budget = budget }

    /// The bytes of pixels held now.
    public var bytes: Int {
        lock.lock(); defer { lock.unlock() }
        return heldBytes
    }

    /// The most bytes of pixels held at once so far.
    public var peakBytes: Int {
        lock.lock(); defer { lock.unlock() }
        return mostBytes
    }

    /// How many times a draw or the worker decoded from a file so far (one decode may make
    /// several bands).
    public var decodes: Int {
        lock.lock(); defer { lock.unlock() }
        return decodeCount
    }

    /// Whether any of `picture`'s pixels are held now.
    public func holds(_ picture: FilePicture) -> Bool {
        !heldBands(of: picture).isEmpty
    }

    /// The bands of `picture` held now, in order.
    public func heldBands(of picture: FilePicture) -> [Int] {
        lock.lock(); defer { lock.unlock() }
        let id = ObjectIdentifier(picture)
        return entries.keys.filter { $0.picture == id }.map(\.band).sorted()
    }

    /// Takes the bands a layout just decoded (to learn the picture's size) while they
    /// fit the budget; no draw needs them yet, so they are the last to go, not kept.
    func keep(_ bands: PictureBands, for picture: FilePicture) {
        lock.lock(); defer { lock.unlock() }
        draws += 1
        trim(keepingFrom: draws + 1, room: bands.images.reduce(0) { $0 + Self.size($1) })
        insert(bands, for: picture)
        trim(keepingFrom: draws + 1)
    }

    /// Hands `draw` the bands of each picture holding its `rows` (the picture's own
    /// rows; none when the file no longer decodes), with the index of the picture in
    /// `wanted`. Those not held are decoded in one pass per picture, with the bands ahead
    /// of them, each drawn as soon as it is made: a tall picture keeps the band being
    /// made and `FilePicture.aheadBands` others at most, even when the draw covers the
    /// screen. The least recently drawn others are let go until the held bytes fit the
    /// budget, before the decoding (room is made first, so the old and the new are not
    /// held together) and after it. Called by every draw of a page, with the pictures in
    /// the band drawn (none: only the letting go).
    ///
    /// `ahead`: the pictures whose rows will come into view soon, with those rows (the
    /// screen and a margin around it); only the background mode decodes and keeps them.
    public func draw(_ wanted: [(picture: FilePicture, rows: Range<Int>)], ahead: [(picture: FilePicture, rows: Range<Int>)] = [],
                     _ draw: (Int, PictureBand) -> Void) {
        lock.lock(); defer { lock.unlock() }
        draws += 1
        if background.isOn { return drawHeld(wanted, ahead: ahead, draw) }
        let needed = wanted.map { $0.picture.bands(covering: $0.rows) }
        for (item, bands) in zip(wanted, needed) {
            for band in bands { entries[Key(picture: ObjectIdentifier(item.picture), band: band)]?.drawn = draws }
        }
        let plans = zip(wanted, needed).map { decodePlan(for: $0.picture, needing: $1) }
        let coming = zip(wanted, plans).reduce(0) { sum, pair in
            guard let plan = pair.1 else { return sum }
            let picture = pair.0.picture
            // A tall picture's pass holds `aheadBands` and the one being made at most.
            return sum + picture.bytes(of: plan.prefix(picture.bandCount > 1 ? FilePicture.aheadBands + 1 : plan.count))
        }
        trim(keepingFrom: draws, room: coming)
        withoutActuallyEscaping(draw) { draw in
            for (index, item) in wanted.enumerated() {
                let picture = item.picture, id = ObjectIdentifier(picture), bands = needed[index], plan = plans[index]
                for band in bands where !(plan?.contains(band) ?? false) {
                    if let entry = entries[Key(picture: id, band: band)] { draw(index, PictureBand(top: band * picture.bandRows, image: entry.image)) }
                }
                guard let plan else { continue }
                decodeCount += 1
                _ = picture.decode(bands: plan) { band, image in
                    self.insert(image, band: band, for: picture)
                    if bands.contains(band) { draw(index, PictureBand(top: band * picture.bandRows, image: image)) }
                    if picture.bandCount > 1 { self.trimSpareBands(of: id, near: band..<band + 1) }
                }
            }
        }
        var nearest: [ObjectIdentifier: Range<Int>] = [:]
        for (item, bands) in zip(wanted, needed) where !bands.isEmpty {
            let id = ObjectIdentifier(item.picture)
            nearest[id] = nearest[id].map { min($0.lowerBound, bands.lowerBound)..<max($0.upperBound, bands.upperBound) } ?? bands
        }
        forEachTallPictureHeld { trimSpareBands(of: $0, near: nearest[$0] ?? 0..<0) }
        trim(keepingFrom: draws)
    }

    /// The bands to decode for a draw needing `needed` of `picture`: from the first not held
    /// to the last, and up to `aheadBands` more not held in the way the page moves (up
    /// when the band below the needed ones is held or there is none, and the one above
    /// is not held); nil when
    /// every needed band is held.
    private func decodePlan(for picture: FilePicture, needing needed: Range<Int>) -> Range<Int>? {
        let id = ObjectIdentifier(picture)
        func held(_ band: Int) -> Bool { entries[Key(picture: id, band: band)] != nil }
        let missing = needed.filter { !held($0) }
        guard let low = missing.first, let high = missing.last else { return nil }
        var start = low, end = high + 1
        let count = picture.bandCount, ahead = FilePicture.aheadBands
        let movingUp = needed.lowerBound > 0 && !held(needed.lowerBound - 1) && (needed.upperBound == count || held(needed.upperBound))
        if movingUp {
            while start > 0, start > low - ahead, !held(start - 1) { start -= 1 }
        } else {
            while end < count, end < high + 1 + ahead, !held(end) { end += 1 }
        }
        return start..<end
    }

    private func insert(_ bands: PictureBands, for picture: FilePicture) {
        for (offset, image) in bands.images.enumerated() { insert(image, band: bands.first + offset, for: picture) }
    }

    func insert(_ image: Image, band: Int, for picture: FilePicture) {
        let key = Key(picture: ObjectIdentifier(picture), band: band)
        if let old = entries[key] { heldBytes -= Self.size(old.image) } else if picture.bandCount > 1 { tallEntries += 1 }
        entries[key] = Entry(picture: picture, image: image, drawn: draws)
        heldBytes += Self.size(image)
        mostBytes = max(mostBytes, heldBytes)
    }

    /// A tall picture keeps the bands `near` (those a draw needs, or the one just made)
    /// and `aheadBands` others, the most recently drawn (those decoded ahead count as
    /// drawn), then the nearest; the rest go whatever the budget says.
    func trimSpareBands(of picture: ObjectIdentifier, near: Range<Int>) { trimSpareBands(of: picture, near: [near]) }

    /// The same with `near` in pieces (the bands at a screen's two edges).
    func trimSpareBands(of picture: ObjectIdentifier, near: [Range<Int>]) {
        // Every draw of a page asks, and nearly always there is nothing to let go: that
        // is found without allocating, the sort below only when there is.
        var spareCount = 0
        for key in entries.keys where key.picture == picture && !near.contains(where: { $0.contains(key.band) }) { spareCount += 1 }
        guard spareCount > FilePicture.aheadBands else { return }
        let near = near.filter { !$0.isEmpty }
        var spare: [(key: Key, distance: Int, drawn: Int)] = []
        for (key, entry) in entries where key.picture == picture && !near.contains(where: { $0.contains(key.band) }) {
            let distances = near.map { key.band < $0.lowerBound ? $0.lowerBound - key.band : key.band - $0.upperBound + 1 }
            spare.append((key, distances.min() ?? 0, entry.drawn))
        }
        guard spare.count > FilePicture.aheadBands else { return }
        let order = spare.sorted { (-$0.drawn, $0.distance, $0.key.band) < (-$1.drawn, $1.distance, $1.key.band) }
        for band in order.dropFirst(FilePicture.aheadBands) {
            if let entry = entries.removeValue(forKey: band.key) { letGo(entry) }
        }
    }

    /// Calls `body` once for each picture held in bands of which some are held now, in
    /// no order; the draw's scratch list, so nothing is allocated once it has grown.
    func forEachTallPictureHeld(_ body: (ObjectIdentifier) -> Void) {
        guard tallEntries > 0 else { return }
        tallHeld.removeAll(keepingCapacity: true)
        for entry in entries.values where entry.picture.bandCount > 1 {
            let id = ObjectIdentifier(entry.picture)
            if !tallHeld.contains(id) { tallHeld.append(id) }
        }
        for id in tallHeld { body(id) }
    }

    /// Over the budget less `room` (bytes about to be decoded), the least recently drawn
    /// go first; those drawn at `keepingFrom` or later (the draw under way) stay, and so do
    /// those arrived for a draw that has not drawn them yet (background mode).
    func trim(keepingFrom kept: Int, room: Int = 0) {
        // One scan per picture let go, no sorted copy: a draw over the budget (pictures
        // kept at the screen's edges can hold more than it) asks this every time.
        while heldBytes + room > budget {
            var oldest: Key?
            var oldestDrawn = Int.max
            for (key, entry) in entries where entry.drawn < kept && entry.drawn < oldestDrawn && !isAwaited(key) {
                oldest = key
                oldestDrawn = entry.drawn
            }
            guard let oldest, let entry = entries.removeValue(forKey: oldest) else { return }
            letGo(entry)
        }
    }

    /// Counts out an entry just removed.
    private func letGo(_ entry: Entry) {
        heldBytes -= Self.size(entry.image)
        if entry.picture.bandCount > 1 { tallEntries -= 1 }
    }

    static func size(_ image: Image) -> Int { image.width * image.height * 4 }
}
