import XCTest
@testable import Kiosk
