import Keyboard
import Raster
import Search
import Typeset

/// What one frame of the search panel shows, beyond the panel's own generation (bumped
/// with every change of field or results): the key under the finger, the alternates
/// strip, the row or button pressed. Equal values are equal pixels.
struct SearchPanelFrame: Equatable {
    var generation: Int
    var pressedKey: KeyboardGeometry.Frame?
    var alternates: [KeyboardGeometry.Frame]
    var chosenAlternate: Int?
    var press: SearchSession.Press?

    /// The frame's overlay key: never 0 (0 is "no panel").
    var key: Int {
        var h = Hasher()
        h.combine(generation)
        h.combine(pressedKey.map { [$0.x, $0.y, $0.width, $0.height] } ?? [])
        for frame in alternates { h.combine(frame.x); h.combine(frame.y) }
        h.combine(chosenAlternate)
        switch press {
        case let .row(row)?: h.combine(row)
        case .close?: h.combine(-2)
        case nil: h.combine(-1)
        }
        let value = h.finalize()
        return value == 0 ? 1 : value
    }
}

/// Draws the search panel, opaque over the whole screen, into a bitmap of its own
/// (drawn again only when the panel's frame changes): the field with what was typed
/// (or a muted prompt) and the close button, the results (title, then the snippet with
/// the hits in bold), "nothing found" when there are none, and the keyboard with the
/// key under the finger in the accent. The theme's colours (the visitor's high contrast
/// included): text on the background and on the keys ≥ 4.5:1, white on the accent.
final class SearchPanelRenderer {
    private let config: KioskConfig
    private var bitmap: Bitmap?
    private var drawn: SearchPanelFrame?
    private struct SetterKey: Hashable { let size: Int; let color: UInt32 }
    private var setters: [SetterKey: Typesetter] = [:]

    init(config: KioskConfig) { self.config = config }

    /// The panel for `frame`, full-screen `width` × `height` (nil: no memory for it).
    func canvas(_ frame: SearchPanelFrame, scene: KioskScene, content: PageContent, width: Int, height: Int) -> Canvas? {
        if bitmap?.width != width || bitmap?.height != height {
            bitmap = nil
            drawn = nil
            bitmap = try? Bitmap(width: width, height: height)
        }
        guard let bitmap else { return nil }
        if drawn != frame {
            draw(frame, scene: scene, content: content, into: bitmap.canvas)
            drawn = frame
        }
        return bitmap.canvas
    }

    /// Frees the bitmap once the panel is gone.
    func release() { bitmap = nil; drawn = nil }

    var byteCount: Int { bitmap.map { $0.stride * $0.height } ?? 0 }

    static func keyFace(_ theme: KioskConfig.Theme) -> Color { theme.text.mixed(over: theme.background, alpha: 0.1) }

    private func draw(_ frame: SearchPanelFrame, scene: KioskScene, content: PageContent, into canvas: Canvas) {
        let theme = config.theme, s = scene.scale
        canvas.fill(canvas.bounds, color: theme.background)
        let session = scene.searchSession
        let layout = scene.searchLayout
        let words = SearchSpeech.forLanguage(scene.searchLanguage)
        // The field: an outline, what was typed or the prompt.
        let field = layout.field, stroke = max(1, (2 * s).rounded())
        canvas.fillRoundedRect(x: Double(field.x), y: Double(field.y), width: Double(field.width), height: Double(field.height),
                               radius: 8 * s, color: theme.muted)
        canvas.fillRoundedRect(x: Double(field.x) + stroke, y: Double(field.y) + stroke, width: Double(field.width) - 2 * stroke,
                               height: Double(field.height) - 2 * stroke, radius: max(0, 8 * s - stroke), color: theme.background)
        let typed = session.panel?.field ?? ""
        let inset = Int((12 * s).rounded())
        let textBox = IntRect(x: field.x + inset, y: field.y, width: max(1, field.width - 2 * inset), height: field.height)
        drawLine(typed.isEmpty ? words.prompt : typed, size: layout.fieldSize, color: typed.isEmpty ? theme.muted : theme.text,
                 box: textBox, into: canvas)
        // Close: a cross on a key face.
        let close = layout.close
        canvas.fillRoundedRect(x: Double(close.x), y: Double(close.y), width: Double(close.width), height: Double(close.height),
                               radius: 8 * s, color: session.press == .close ? theme.accent : Self.keyFace(theme))
        _ = content.drawLabel("\u{2715}", size: layout.keySize, color: session.press == .close ? .white : theme.text,
                              centerX: close.x + close.width / 2, centerY: close.y + close.height / 2, into: canvas)
        drawResults(session, layout: layout, words: words, into: canvas)
        if let panel = session.panel {
            drawKeyboard(panel.geometry, frame: frame, words: words, scene: scene, content: content, into: canvas)
        } else if let problem = session.problem {
            drawLine(problem, size: layout.snippetSize, color: theme.text, box: layout.messageBox, into: canvas)
        }
    }

    private func drawResults(_ session: SearchSession, layout: SearchPanelLayout, words: SearchSpeech, into canvas: Canvas) {
        let theme = config.theme
        guard let panel = session.panel, !panel.field.isEmpty else { return }
        if panel.answer == .unavailable {
            drawLine(words.unavailable, size: layout.titleSize, color: theme.muted, box: layout.messageBox, into: canvas)
            return
        }
        guard !panel.results.isEmpty else {
            drawLine(words.nothingFound, size: layout.titleSize, color: theme.text, box: layout.messageBox, into: canvas)
            return
        }
        for (row, result) in zip(layout.rows, panel.results) {
            let index = layout.rows.firstIndex(of: row) ?? 0
            if session.press == .row(index) {
                canvas.fill(row, color: Self.keyFace(theme))
            }
            let titleHeight = Int((layout.titleSize * 1.45).rounded(.up))
            drawLine(result.title, size: layout.titleSize, color: theme.accent,
                     box: IntRect(x: row.x, y: row.y, width: row.width, height: titleHeight), into: canvas)
            let snippet = IntRect(x: row.x, y: row.y + titleHeight, width: row.width, height: row.height - titleHeight)
            guard let setter = setter(size: layout.snippetSize, color: theme.text) else { continue }
            var c = canvas
            c.clip = snippet.intersection(canvas.bounds)
            setter.layout(.markdown(Self.markdown(result.snippet)), width: snippet.width)
                .draw(into: c, originX: snippet.x, originY: snippet.y, clip: c.clip)
        }
    }

    private func drawKeyboard(_ geometry: KeyboardGeometry, frame: SearchPanelFrame, words: SearchSpeech, scene: KioskScene,
                              content: PageContent, into canvas: Canvas) {
        let theme = config.theme
        let gap = geometry.pitch * KeyboardGeometry.gapShare / 2
        let size = scene.searchLayout.keySize
        func drawKey(_ cell: KeyboardGeometry.Frame, label: String, pressed: Bool) {
            canvas.fillRoundedRect(x: cell.x + gap, y: cell.y + gap, width: cell.width - 2 * gap, height: cell.height - 2 * gap,
                                   radius: 6 * scene.scale, color: pressed ? theme.accent : Self.keyFace(theme))
            _ = content.drawLabel(label, size: size, color: pressed ? .white : theme.text,
                                  centerX: Int(cell.midX.rounded()), centerY: Int(cell.midY.rounded()), into: canvas)
        }
        for key in geometry.keys {
            let pressed = frame.alternates.isEmpty && frame.pressedKey == key.frame
            drawKey(key.frame, label: words.label(key.action), pressed: pressed)
        }
        // The alternates strip over the key held, the one under the finger in the accent.
        guard case let .character(held)? = scene.searchSession.panel?.press?.key.action else { return }
        for (index, cell) in frame.alternates.enumerated() where held.alternates.indices.contains(index) {
            canvas.fillRoundedRect(x: cell.x, y: cell.y, width: cell.width, height: cell.height, radius: 6 * scene.scale, color: theme.background)
            drawKey(cell, label: held.alternates[index], pressed: frame.chosenAlternate == index)
        }
    }

    /// One line of text in `box`, vertically centred, cut with "…" when too long.
    private func drawLine(_ text: String, size: Double, color: Color, box: IntRect, into canvas: Canvas) {
        guard let setter = setter(size: size, color: color) else { return }
        var line = text
        var layout = setter.layout(.plainText(line), width: box.width)
        let lineHeight = Int((size * 1.45).rounded(.up))
        while layout.height > lineHeight, line.count > 1 {
            line = String(line.prefix(max(1, line.count * 4 / 5 - 1))) + "…"
            layout = setter.layout(.plainText(line), width: box.width)
        }
        var c = canvas
        c.clip = box.intersection(canvas.bounds)
        layout.draw(into: c, originX: box.x, originY: box.y + max(0, (box.height - layout.height) / 2), clip: c.clip)
    }

    /// The snippet as Markdown: every ASCII punctuation character escaped (the page's own
    /// text is never read as markup), each hit in strong emphasis.
    static func markdown(_ snippet: SearchSnippet) -> String {
        snippet.pieces.map { piece in
            var escaped = ""
            for character in piece.text {
                if character == "\n" || character == "\r" { escaped.append(" "); continue }
                if character.isASCII, character.isPunctuation || character.isSymbol { escaped.append("\\") }
                escaped.append(character)
            }
            let trimmed = escaped.trimmingCharacters(in: .whitespaces)
            guard piece.isHit, !trimmed.isEmpty else { return escaped }
            let lead = escaped.prefix { $0 == " " }, tail = escaped.reversed().prefix { $0 == " " }
            return lead + "**" + trimmed + "**" + String(tail)
        }.joined()
    }

    private func setter(size: Double, color: Color) -> Typesetter? {
        let key = SetterKey(size: Int(size.rounded()), color: color.argb)
        if let setter = setters[key] { return setter }
        var style = TypesetContent.style(config: config, size: Double(key.size))
        style.textColor = color
        style.backgroundColor = config.theme.background
        style.glyphCacheBytes = 512 << 10
        let setter = try? Typesetter(style: style)
        setters[key] = setter
        return setter
    }
}
