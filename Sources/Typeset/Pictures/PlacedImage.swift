import Raster

/// An image scaled at layout time to the size it is shown at, so drawing is one blit.
/// A picture read from a file keeps only its size here: its pixels are `DecodedPictures`'
/// while it is drawn, and decoded again from the file after they were let go. What the
/// page made itself (task boxes, a clip's first frame) it keeps.
struct PlacedImage {
    enum Pixels {
        case kept(Image)
        case file(FilePicture)
    }

    /// Where it sits in layout coordinates.
    var rect: IntRect
    let pixels: Pixels
    /// The wide table this image sits in (`PageLayout.wideTables`), -1 for none.
    var pan: Int16 = -1

    init(rect: IntRect, image: Image) {
        self.rect = rect
        pixels = .kept(image)
    }

    init(rect: IntRect, picture: FilePicture) {
        self.rect = rect
        pixels = .file(picture)
    }

    var width: Int {
        switch pixels {
        case let .kept(image): image.width
        case let .file(picture): picture.width
        }
    }

    var height: Int {
        switch pixels {
        case let .kept(image): image.height
        case let .file(picture): picture.height
        }
    }

    var isOpaque: Bool {
        switch pixels {
        case let .kept(image): image.isOpaque
        case let .file(picture): picture.isOpaque
        }
    }

    var file: FilePicture? {
        if case let .file(picture) = pixels { return picture }
        return nil
    }
}
