import XCTest
@testable import Typeset
