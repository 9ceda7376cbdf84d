import LoopCore
import Raster

/// A clip on the overlay plane that scales NV12 (vc4, Rockchip VOP2, Allwinner DE2): what
/// the display offers the compositor for it, and a frame that changes the plane alone
/// (one atomic commit of that plane, the page's buffers untouched).
extension KMSDisplay {
    /// The plane's back buffer as a picture; nil without such a plane, on a rotated panel
    /// (the plane does not turn), before atomic commits show our page, or with
    /// `[display] video_plane = false` (then no plane was looked for).
    public func videoPlane(width: Int, height: Int) -> NV12Picture? {
        guard video.offers, rotation == .r0, hasMaster, output != nil, presenter.path == .atomic, presenter.state == .showing else { return nil }
        do { return try video.picture(width: width, height: height, device: device) } catch {
            log.info("cannot allocate \(width)x\(height) NV12 buffers on \(device.path) (\(error)); clips are drawn into the page")
            video.refuse()
            return nil
        }
    }

    /// Looks for the CRTC's overlay plane that scans out NV12, where atomic commits show
    /// frames and `[display] video_plane` allows it.
    func findVideoPlane(crtcIndex: Int) {
        guard tuning.videoPlane, presenter.path == .atomic else { return }
        video.plane = device.overlayPlanes(crtcIndex: crtcIndex).first { $0.scansOutNV12 }
        if let plane = video.plane { log.info("display \(device.path): clips scanned out from overlay plane \(plane.id) (NV12)") }
    }

    /// A frame that changes only the plane (a clip's next frame): one commit of the plane.
    func presentPlane(_ change: ComposedFrame.PlaneChange) -> PresentOutcome {
        guard let output, presenter.path == .atomic, presenter.state == .showing, let commit = video.commit(for: change) else {
            return .skipped
        }
        do {
            try device.atomicPlaneFlip(crtc: output.crtc, plane: commit)
        } catch let error as Errno where error == .permissionDenied || error == .notPermitted {
            loseMaster()
            log.info("lost DRM master on \(device.path) (\(error)); drawing stops until the VT comes back")
            return .skipped
        } catch {
            // The clip is drawn into the page from now on: the full redraw draws it.
            log.info("overlay plane \(commit.plane) refused a picture on \(device.path) (\(error)); clips are drawn into the page")
            video.refuse()
            return .redrawOwed
        }
        presenter.planeFlipQueued()
        video.committed(commit, change)
        counts.planeFrames += 1
        return .queued
    }
}
