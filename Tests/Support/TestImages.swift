import Foundation

/// Pictures made by other programs (see Tests/Images/README.md), read from the source
/// tree so every test target can use the same files.
public enum TestImages {
    public static func path(_ name: String) -> String {
        // This file is Tests/Support/TestImages.swift; the pictures are in Tests/Images.
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Images").appendingPathComponent(name).path
    }
}
