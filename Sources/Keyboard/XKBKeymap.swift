import CXKBCommon

/// The hardware-free edge over libxkbcommon: compiles a layout of xkeyboard-config
/// (rules evdev, model pc105, the layout and variant named) and reads each key of the
/// alphanumeric block, by its XKB name, with its characters on each shift level; and
/// asks the Compose table what the dead keys make of a character. Nothing here is a
/// key table: every character comes from the keymap or the Compose file.
public enum XKBKeymap {
    public struct Failure: Error, CustomStringConvertible, Sendable {
        public let description: String
    }

    /// One key of a compiled keymap: its XKB name (`AD01`: alphanumeric row D, column 1)
    /// and its characters on levels 1…4 ("" where the level gives none, or a dead key).
    public struct Key: Sendable, Equatable {
        public var name: String
        public var levels: [String]
        public init(name: String, levels: [String]) { self.name = name; self.levels = levels }
    }

    /// The rows of the alphanumeric block, top to bottom, as XKB names them.
    public static let rowLetters: [Character] = ["E", "D", "C", "B"]
    /// Keys off the `A<row><column>` grid that sit at a row's start: the key left of 1
    /// and the ISO key left of Z. (BKSL is found as AC12 through the keycodes' own alias.)
    static let rowStartNames: [Character: String] = ["E": "TLDE", "B": "LSGT"]

    /// The alphanumeric keys of `layout` (and `variant`), row by row, each row in order.
    public static func keys(layout: String, variant: String = "") throws(Failure) -> [[Key]] {
        guard let context = xkb_context_new(XKB_CONTEXT_NO_ENVIRONMENT_NAMES) else {
            throw Failure(description: "libxkbcommon could not make a context")
        }
        defer { xkb_context_unref(context) }
        let compiled: OpaquePointer? = "evdev".withCString { rules in
            "pc105".withCString { model in
                layout.withCString { layoutName in
                    variant.withCString { variantName in
                        var names = xkb_rule_names(rules: rules, model: model, layout: layoutName, variant: variantName, options: nil)
                        return xkb_keymap_new_from_names(context, &names, XKB_KEYMAP_COMPILE_NO_FLAGS)
                    }
                }
            }
        }
        guard let keymap = compiled else {
            throw Failure(description: "xkeyboard-config has no keyboard layout \"\(layout)\"\(variant.isEmpty ? "" : " variant \"\(variant)\"") (package xkb-data)")
        }
        defer { xkb_keymap_unref(keymap) }
        return rowLetters.map { row in
            var names: [String] = rowStartNames[row].map { [$0] } ?? []
            names += (1...13).map { "A\(row)" + ($0 < 10 ? "0\($0)" : "\($0)") }
            return names.compactMap { name in key(named: name, in: keymap) }
        }
    }

    private static func key(named name: String, in keymap: OpaquePointer) -> Key? {
        let code = xkb_keymap_key_by_name(keymap, name)
        guard code != XKB_KEYCODE_INVALID else { return nil }
        let levelCount = min(4, xkb_keymap_num_levels_for_key(keymap, code, 0))
        guard levelCount > 0 else { return nil }
        var levels: [String] = []
        for level in 0..<levelCount {
            var syms: UnsafePointer<xkb_keysym_t>?
            let count = xkb_keymap_key_get_syms_by_level(keymap, code, 0, level, &syms)
            var text = String.UnicodeScalarView()
            if count > 0, let syms {
                for index in 0..<Int(count) {
                    if let scalar = Unicode.Scalar(xkb_keysym_to_utf32(syms[index])), scalar.value != 0 { text.append(scalar) }
                }
            }
            levels.append(String(text))
        }
        guard levels.contains(where: { !$0.isEmpty }) else { return nil }
        return Key(name: name, levels: levels)
    }

    /// What each dead key of the Compose table (`locale`'s, from libX11's data) makes of
    /// each of `characters`, in the order of the dead keysyms (grave, acute, circumflex,
    /// tilde, …): "e" → è é ê ẽ ē ĕ ė ë …, "α" → ά. Characters with none are left out.
    /// No table at all (the Compose file missing) answers nothing: no long press.
    public static func deadKeyAlternates(for characters: [String], locale: String = "en_US.UTF-8") -> [String: [String]] {
        guard let context = xkb_context_new(XKB_CONTEXT_NO_ENVIRONMENT_NAMES) else { return [:] }
        defer { xkb_context_unref(context) }
        guard let table = xkb_compose_table_new_from_locale(context, locale, XKB_COMPOSE_COMPILE_NO_FLAGS) else { return [:] }
        defer { xkb_compose_table_unref(table) }
        guard let state = xkb_compose_state_new(table, XKB_COMPOSE_STATE_NO_FLAGS) else { return [:] }
        defer { xkb_compose_state_unref(state) }
        let deadKeys = deadKeysyms()
        var answer: [String: [String]] = [:]
        for character in characters {
            let scalars = Array(character.unicodeScalars)
            guard scalars.count == 1 else { continue }
            let base = xkb_utf32_to_keysym(scalars[0].value)
            guard base != 0 else { continue }
            var found: [String] = []
            for dead in deadKeys {
                xkb_compose_state_reset(state)
                _ = xkb_compose_state_feed(state, dead)
                _ = xkb_compose_state_feed(state, base)
                guard xkb_compose_state_get_status(state) == XKB_COMPOSE_COMPOSED else { continue }
                var buffer = [CChar](repeating: 0, count: 64)
                let length = xkb_compose_state_get_utf8(state, &buffer, buffer.count)
                guard length > 0, length < buffer.count else { continue }
                let composed = String(decoding: buffer[0..<Int(length)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
                if composed.count == 1, composed != character, !found.contains(composed) { found.append(composed) }
            }
            if !found.isEmpty { answer[character] = found }
        }
        return answer
    }

    /// The dead keysyms libxkbcommon knows: the `dead_*` names in the keysym block
    /// XKB reserves for them (0xfe50…0xfe8f).
    static func deadKeysyms() -> [xkb_keysym_t] {
        (xkb_keysym_t(0xfe50)...xkb_keysym_t(0xfe8f)).filter { sym in
            var buffer = [CChar](repeating: 0, count: 64)
            let length = xkb_keysym_get_name(sym, &buffer, buffer.count)
            guard length > 0, length < buffer.count else { return false }
            return String(decoding: buffer[0..<Int(length)].map { UInt8(bitPattern: $0) }, as: UTF8.self).hasPrefix("dead_")
        }
    }
}
