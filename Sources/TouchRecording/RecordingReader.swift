import Foundation
import TextFile

/// Reads a recording in either format, choosing by content, and finds the separate
/// device description old evemu versions wrote (`NAME.desc` / `NAME.device`).
public enum RecordingReader {
    /// Recordings are a few MB at most (3M's 31 s of ten fingers is 3.2 MB).
    public static let sizeLimit = 64 << 20

    public static func read(path: String, descriptionPath: String? = nil) throws(RecordingError) -> Recording {
        let file = try load(path)
        if LibinputRecordReader.looksLikeLibinputRecord(file.text) {
            return try LibinputRecordReader.parse(file)
        }
        let hasAxes = file.lines.contains { $0.hasPrefix("A:") }
        let descPath = descriptionPath ?? (hasAxes ? nil : companionDescription(for: path))
        let description = try descPath.map { (p: String) throws(RecordingError) in try load(p) }
        var recording = try EvemuReader.parse(file, description: description)
        if recording.device.positionAxes == nil {
            throw RecordingError(path: path, line: nil, message: "has no axis ranges (A: lines for 0x35/0x36 or 0x00/0x01); pass the device description with --device FILE (evemu-describe output)")
        }
        recording.path = path
        return recording
    }

    /// For `DIR/Some Panel.gesture.events`, the longest `DIR/PREFIX.desc` or
    /// `DIR/PREFIX.device` whose PREFIX starts the recording's name (evemu-devices and
    /// evemu's own test data name them so).
    public static func companionDescription(for path: String) -> String? {
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent().path
        let name = url.lastPathComponent
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return nil }
        let candidates = entries.filter { entry in
            let u = URL(fileURLWithPath: entry)
            guard ["desc", "device"].contains(u.pathExtension) else { return false }
            return name.hasPrefix(u.deletingPathExtension().lastPathComponent)
        }
        return candidates.max { $0.count < $1.count }.map { "\(directory)/\($0)" }
    }

    private static func load(_ path: String) throws(RecordingError) -> TextFile {
        do {
            return try TextFile.read(path: path, limit: sizeLimit)
        } catch {
            let prefix = "\(path): "
            let reason = error.message.hasPrefix(prefix) ? String(error.message.dropFirst(prefix.count)) : error.message
            throw RecordingError(path: path, line: nil, message: reason)
        }
    }
}
