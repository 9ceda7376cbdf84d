import XCTest
@testable import Raster
