import LoopCore

/// Errors opening a DRM card, each with the action that fixes it.
public enum DisplayError: Error, Equatable, CustomStringConvertible {
    case noDevice
    case noSuchCard(String)
    case cannotOpen(path: String, Errno)
    case setup(String)

    public var description: String {
        switch self {
        case .noDevice:
            return "no DRM display device found under /dev/dri (is a KMS driver loaded? try `modprobe vc4`, `bochs` or `virtio-gpu`, or pass --card /dev/dri/cardN)"
        case let .noSuchCard(path):
            return "\(path) does not exist: list the cards with `ls /dev/dri` and pass one with --card"
        case let .cannotOpen(path, e) where e == .permissionDenied || e == .notPermitted:
            return "no permission to open \(path): run as a user in the 'video' group (the lectern.service unit does) or as root"
        case let .cannotOpen(path, e):
            return "cannot open \(path): \(e)"
        case let .setup(message):
            return message
        }
    }
}
