/// The connector, mode and CRTC Lectern drives: chosen by a pure function so the
/// choice is tested with any mix of connectors and modes.
public struct OutputChoice: Equatable, Sendable, CustomStringConvertible {
    public var connector: ConnectorInfo
    public var mode: DisplayMode
    public var crtc: UInt32

    public var description: String { "connector \(connector.name) (id \(connector.id)), mode \(mode), crtc \(crtc)" }

    public enum Failure: Error, Equatable, CustomStringConvertible {
        case noConnectedConnector
        case noModes(connector: String)
        case modeNotOffered(requested: String, connector: String, offered: [String])
        case noUsableCRTC(connector: String)

        public var description: String {
            switch self {
            case .noConnectedConnector: return "no display is connected"
            case let .noModes(c): return "connector \(c) reports no modes"
            case let .modeNotOffered(r, c, o): return "mode \(r) is not offered by \(c) (it offers \(o.joined(separator: ", ")))"
            case let .noUsableCRTC(c): return "no free CRTC can drive connector \(c)"
            }
        }
    }

    /// Picks the first connected connector (in the card's order) that has modes, its
    /// preferred mode (or the requested "WxH"; the highest refresh among equals, or
    /// the first mode if none is marked preferred), and a CRTC its encoders can
    /// drive: the one already driving it if any, else the first possible one.
    public static func choose(connectors: [ConnectorInfo], crtcs: [UInt32], requestedMode: (width: Int, height: Int)? = nil) throws(Failure) -> OutputChoice {
        let connected = connectors.filter { $0.connected }
        guard let connector = connected.first(where: { !$0.modes.isEmpty }) ?? connected.first else {
            throw .noConnectedConnector
        }
        guard !connector.modes.isEmpty else { throw .noModes(connector: connector.name) }
        let mode: DisplayMode
        if let requested = requestedMode {
            let matches = connector.modes.filter { $0.width == requested.width && $0.height == requested.height }
            guard let best = matches.max(by: { $0.refresh < $1.refresh }) else {
                throw .modeNotOffered(requested: "\(requested.width)x\(requested.height)", connector: connector.name,
                                      offered: connector.modes.map(\.description))
            }
            mode = matches.first(where: \.preferred) ?? best
        } else {
            mode = connector.modes.first(where: \.preferred) ?? connector.modes[0]
        }
        if let current = connector.currentCRTC, let index = crtcs.firstIndex(of: current), connector.possibleCRTCs.contains(index) {
            return OutputChoice(connector: connector, mode: mode, crtc: current)
        }
        guard let index = crtcs.indices.first(where: { connector.possibleCRTCs.contains($0) }) else {
            throw .noUsableCRTC(connector: connector.name)
        }
        return OutputChoice(connector: connector, mode: mode, crtc: crtcs[index])
    }
}

extension OutputChoice {
    /// The panel's pixels per millimetre from the connector's physical size (EDID), nil
    /// when it reports none or one no panel has: projectors and some TVs report 0, or
    /// an aspect ratio such as 16×9 "mm" (EDID allows that), which would give 100+ px/mm.
    public var pixelsPerMillimetre: Double? {
        guard connector.widthMillimetres > 0, connector.heightMillimetres > 0 else { return nil }
        let horizontal = Double(mode.width) / Double(connector.widthMillimetres)
        let vertical = Double(mode.height) / Double(connector.heightMillimetres)
        // 20–1000 dpi; pixels about square (a size in cm rounds each side on its own).
        guard (0.8...40).contains(horizontal), abs(horizontal / vertical - 1) < 0.15 else { return nil }
        return (horizontal + vertical) / 2
    }
}
