import XCTest
@testable import Display

final class OutputChoiceTests: XCTestCase {
    let small = DisplayMode(width: 1024, height: 768, refresh: 60)
    let full = DisplayMode(width: 1920, height: 1080, refresh: 60, preferred: true)
    let panel = DisplayMode(width: 1280, height: 800, refresh: 60)
    let panelFast = DisplayMode(width: 1280, height: 800, refresh: 75)

    func testPicksFirstConnectedConnectorAndItsPreferredMode() throws {
        let connectors = [
            connector(1, "HDMI-A-1", connected: false, modes: [full]),
            connector(2, "DSI-1", modes: [small, full, panel]),
            connector(3, "HDMI-A-2", modes: [panel]),
        ]
        let choice = try OutputChoice.choose(connectors: connectors, crtcs: [31, 32])
        XCTAssertEqual(choice.connector.name, "DSI-1")
        XCTAssertEqual(choice.mode, full)
        XCTAssertEqual(choice.crtc, 31)
    }

    func testFirstModeWhenNonePreferred() throws {
        let choice = try OutputChoice.choose(connectors: [connector(2, "Virtual-1", modes: [panel, small])], crtcs: [31])
        XCTAssertEqual(choice.mode, panel)
    }

    func testRequestedModeWinsWithHighestRefresh() throws {
        let choice = try OutputChoice.choose(connectors: [connector(2, "DSI-1", modes: [full, panel, panelFast])],
                                             crtcs: [31], requestedMode: (1280, 800))
        XCTAssertEqual(choice.mode, panelFast)
    }

    func testRequestedModeNotOfferedNamesTheOffer() {
        XCTAssertThrowsError(try OutputChoice.choose(connectors: [connector(2, "DSI-1", modes: [full, small])],
                                                     crtcs: [31], requestedMode: (800, 480))) { error in
            XCTAssertEqual("\(error)", "mode 800x480 is not offered by DSI-1 (it offers 1920x1080@60, 1024x768@60)")
        }
    }

    func testCRTCFromEncoderPossibleMask() throws {
        let choice = try OutputChoice.choose(connectors: [connector(2, "HDMI-A-1", modes: [full], crtcs: [1])], crtcs: [31, 32])
        XCTAssertEqual(choice.crtc, 32)
    }

    func testKeepsTheCRTCAlreadyDrivingTheConnector() throws {
        let choice = try OutputChoice.choose(connectors: [connector(2, "HDMI-A-1", modes: [full], crtcs: [0, 1], current: 32)],
                                             crtcs: [31, 32])
        XCTAssertEqual(choice.crtc, 32)
    }

    func testNoCRTCCanDriveIt() {
        XCTAssertThrowsError(try OutputChoice.choose(connectors: [connector(2, "HDMI-A-1", modes: [full], crtcs: [])], crtcs: [31])) {
            XCTAssertEqual($0 as? OutputChoice.Failure, .noUsableCRTC(connector: "HDMI-A-1"))
        }
    }

    func testNothingConnected() {
        XCTAssertThrowsError(try OutputChoice.choose(connectors: [connector(1, "HDMI-A-1", connected: false, modes: [full])], crtcs: [31])) {
            XCTAssertEqual($0 as? OutputChoice.Failure, .noConnectedConnector)
        }
    }

    /// The connector's EDID size gives the panel's density when the touchscreen has none;
    /// no size, or an aspect ratio posing as one, gives none.
    func testDensityFromTheConnectorsPhysicalSize() {
        func density(_ w: Int, _ h: Int, mode: DisplayMode = DisplayMode(width: 1920, height: 1080, refresh: 60)) -> Double? {
            var info = connector(1, "HDMI-A-1", modes: [mode])
            info.widthMillimetres = w
            info.heightMillimetres = h
            return OutputChoice(connector: info, mode: mode, crtc: 31).pixelsPerMillimetre
        }
        XCTAssertEqual(density(476, 268) ?? 0, 4.03, accuracy: 0.01, "21.5-inch 1080p")
        XCTAssertEqual(density(217, 136, mode: panel) ?? 0, 5.89, accuracy: 0.01, "10.1-inch 1280x800")
        XCTAssertNil(density(0, 0), "unknown")
        XCTAssertNil(density(16, 9), "EDID's aspect-ratio form: 120 px/mm is no panel")
        XCTAssertNil(density(476, 150), "pixels far from square: a wrong size")
    }
}
