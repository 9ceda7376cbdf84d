import Raster

/// An animated picture where the layout put it (layout coordinates): the page draws its
/// first frame there; the scene plays it over that rectangle while it is in view.
public struct PlacedAnimation {
    public let rect: IntRect
    public let picture: FilePicture
}
