import Foundation
import Raster

/// The pixels of the pages' pictures (`FilePicture`), least recently drawn let go first,
/// within a byte budget: a page of large photographs no longer keeps every one of them
/// decoded for as long as it is laid out. The pictures a draw needs are kept whatever
/// the budget says, so a screen with more pictures than the budget holds still shows
/// them all; the others go, least recently drawn first, once the held bytes are over
/// it. Layout decodes each picture once to learn its size and keeps it only within the
/// budget. A picture let go is decoded again from its file when it comes back into
/// view (for a 4000-px PNG, a frame of a few hundred milliseconds on a Pi).
///
/// One per process (`shared`), for every page of every kiosk assembled (a reload's new
/// kiosk and the old one share it); any thread (a lock).
public final class DecodedPictures: @unchecked Sendable {
    /// 12 MiB: the pictures of about one and a half 1920×1080 screens.
    public static let defaultBudget = 12 << 20
    public static let shared = DecodedPictures(budget: defaultBudget)

    public let budget: Int
    private let lock = NSLock()
    private struct Entry {
        let picture: FilePicture  // held, so that its identity is not reused while here
        let image: Image
        var drawn: Int
    }
    private var entries: [ObjectIdentifier: Entry] = [:]
    /// Counts the draws (`images(for:)`); an entry's `drawn` is the last one that needed it.
    private var draws = 0
    private var heldBytes = 0
    private var mostBytes = 0

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

    /// Whether `picture`'s pixels are held now.
    public func holds(_ picture: FilePicture) -> Bool {
        lock.lock(); defer { lock.unlock() }
        return entries[ObjectIdentifier(picture)] != nil
    }

    /// Takes the pixels a layout just decoded (to learn the picture's size) while they
    /// fit the budget; no draw needs them yet, so they are the last to go, not kept.
    func keep(_ image: Image, for picture: FilePicture) {
        lock.lock(); defer { lock.unlock() }
        draws += 1
        trim(keepingFrom: draws + 1, room: Self.size(image))
        insert(image, for: picture)
        trim(keepingFrom: draws + 1)
    }

    /// The pixels of each of `pictures` (nil for one whose file no longer decodes),
    /// decoding those not held; the least recently drawn others are let go until the
    /// held bytes fit the budget, before the decoding (room is made first, so the old
    /// and the new are not held together) and after it. Called by every draw of a page,
    /// with the pictures in the band drawn (none: only the letting go).
    public func images(for pictures: [FilePicture]) -> [Image?] {
        lock.lock(); defer { lock.unlock() }
        draws += 1
        for picture in pictures { entries[ObjectIdentifier(picture)]?.drawn = draws }
        let coming = pictures.filter { entries[ObjectIdentifier($0)] == nil }.reduce(0) { $0 + $1.width * $1.height * 4 }
        trim(keepingFrom: draws, room: coming)
        let found = pictures.map { picture -> Image? in
            let key = ObjectIdentifier(picture)
            if let entry = entries[key] {
                entries[key]?.drawn = draws
                return entry.image
            }
            guard let image = picture.decode() else { return nil }
            insert(image, for: picture)
            return image
        }
        trim(keepingFrom: draws)
        return found
    }

    private func insert(_ image: Image, for picture: FilePicture) {
        let key = ObjectIdentifier(picture)
        if let old = entries[key] { heldBytes -= Self.size(old.image) }
        entries[key] = Entry(picture: picture, image: image, drawn: draws)
        heldBytes += Self.size(image)
        mostBytes = max(mostBytes, heldBytes)
    }

    /// Over the budget less `room` (bytes about to be decoded), the least recently drawn
    /// go first; those drawn at `keepingFrom` or later (the draw under way) stay.
    private func trim(keepingFrom kept: Int, room: Int = 0) {
        guard heldBytes + room > budget else { return }
        let byAge = entries.filter { $0.value.drawn < kept }.sorted { $0.value.drawn < $1.value.drawn }
        for (key, entry) in byAge {
            guard heldBytes + room > budget else { break }
            heldBytes -= Self.size(entry.image)
            entries[key] = nil
        }
    }

    private static func size(_ image: Image) -> Int { image.width * image.height * 4 }
}
