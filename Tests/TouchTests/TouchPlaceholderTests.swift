import XCTest
@testable import Touch
