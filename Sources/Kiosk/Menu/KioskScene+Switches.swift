/// The menu's visitor switches in the scene: where they are, and what the menu layer
/// draws for them. What a switch does is the runtime's (`KioskRuntime.visitorSwitched`):
/// it owns the visitor's choices and assembles the kiosk for them.
extension KioskScene {
    public var menuSwitches: MenuSwitchLayout { MenuSwitchLayout(width: width, height: height, scale: scale) }
}
