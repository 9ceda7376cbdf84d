/// One finger moving sideways across a zoomed PDF sheet wider than the text area pans
/// the sheet, as a photo zoomed on a phone does; at the sheet's edge in the finger's
/// direction the same drag pulls the page instead (the menu at the right edge, back at
/// the left), so neither pull is lost while a sheet is zoomed. The direction is only
/// known at the drag's first move, so a drag that begins on a zoomed sheet is undecided
/// until then. The offset itself is the content's (`PDFContent.panX`); this is only the
/// drag.
enum SheetPan: Equatable, Sendable {
    /// A sideways drag began on a zoomed sheet moved `start` px left.
    case undecided(start: Double)
    /// The drag pans the sheet; it was moved `start` px left when the drag began.
    case panning(start: Double)
}

extension KioskScene {
    /// A horizontal drag begins: on a zoomed sheet wider than the text area it may pan.
    func beginSheetPan() {
        sheetPan = content.sheetPan(page: currentPage, width: textWidth).map { .undecided(start: $0.offset) }
    }

    /// The drag moved `dx` px since it began (dx < 0: left, showing more of the sheet's
    /// right side). Returns true when the drag pans the sheet; false when it is a pull.
    func dragSheetPan(dx: Double) -> Bool {
        if case let .undecided(start)? = sheetPan {
            guard dx != 0, let pan = content.sheetPan(page: currentPage, width: textWidth) else { return false }
            // Half a pixel of room: a sheet moved to its edge by rounding is at the edge.
            let canMove = dx < 0 ? pan.offset < pan.limit - 0.5 : pan.offset > 0.5
            sheetPan = canMove ? .panning(start: start) : nil
        }
        guard case let .panning(start)? = sheetPan else { return false }
        content.setSheetPan(page: currentPage, width: textWidth, offset: start - dx)
        contentGeneration += 1
        return true
    }

    /// The drag ended or was cancelled.
    func endSheetPan() { sheetPan = nil }
}
