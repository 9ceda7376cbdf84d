import Foundation
import LoopCore
import Measure
import Raster

/// The device loop without a device, in the manner of swift-nio's `NIOEmbedded`: a clock
/// that only moves when the loop waits, a `poll` that jumps to the next thing due (a
/// touch, the loop's own timeout) instead of sleeping, touches from a list, and frames
/// kept in memory. The same `DeviceLoop` that runs on the display runs here, at full
/// speed and deterministic, for tests and headless tools.

/// A clock moved by hand (and by `EmbeddedSystemCalls.poll`).
public final class ManualClock: MonotonicClock {
    public var time: Double
    public init(_ time: Double = 0) { self.time = time }
    public func now() -> Double { time }
}

/// Thrown by `poll` when the loop would wait past `horizon` (or forever with nothing
/// left to happen): the embedded run is over.
public struct EmbeddedRunFinished: Error {}

/// Thrown by `poll` when the loop keeps polling without time passing and with nothing
/// to read: on the device that would be a busy loop burning a core.
public struct EmbeddedLoopSpins: Error, CustomStringConvertible {
    public let time: Double
    public var description: String { "the loop polls again and again without waiting at t = \(time)" }
}

public final class EmbeddedSystemCalls: SystemCalls {
    public let clock: ManualClock
    /// The run ends when the loop would wait beyond this time.
    public var horizon: Double
    /// Times at which a descriptor becomes readable (touches due, signals sent).
    private var due: [(time: Double, fd: FileDescriptor, payload: [UInt8]?)] = []
    private var reads: [FileDescriptor: [[UInt8]]] = [:]
    /// Every timeout `poll` was asked for: an idle loop asks for -1 (forever) once.
    public private(set) var polls: [Int32] = []
    /// Off for long runs (the soak), where the list would grow without end.
    public var recordsPolls = true
    public let signalDescriptor = FileDescriptor(990)

    /// Pipes a background worker (PDF sheets, hyphenation dictionaries) wakes the loop
    /// through: written from the worker's thread, so kept apart under their own lock. A
    /// pipe holding bytes is readable at once, at whatever time the loop's clock reads
    /// then (the manual clock knows nothing of real time): `waitUntilWoken` lets the
    /// headless player wait for a worker before it captures a frame.
    private let pipes = NSCondition()
    /// Read end → bytes written and not yet read.
    private var pipeBytes: [FileDescriptor: Int] = [:]
    /// Write end → its read end.
    private var pipeReadEnds: [FileDescriptor: FileDescriptor] = [:]
    /// The next pipe's descriptors (apart from the memory devices' and the signalfd).
    private var nextPipeDescriptor: Int32 = 2000

    public init(clock: ManualClock, horizon: Double) {
        self.clock = clock
        self.horizon = horizon
    }

    /// `fd` becomes readable at `time`; `payload`, if any, is what the next read returns.
    public func schedule(_ fd: FileDescriptor, at time: Double, payload: [UInt8]? = nil) {
        due.append((time, fd, payload))
        due.sort { $0.time < $1.time }
    }

    /// A signal arriving on the loop's signalfd at `time` (SIGHUP: reload).
    public func sendSignal(_ signal: Int32, at time: Double) {
        var info = [UInt8](repeating: 0, count: 128)
        withUnsafeBytes(of: UInt32(bitPattern: signal).littleEndian) { for i in 0..<4 { info[i] = $0[i] } }
        schedule(signalDescriptor, at: time, payload: info)
    }

    /// Polls in a row that returned nothing without time passing.
    private var idlePollsAtThisTime = 0
    static let spinLimit = 1000

    public func poll(_ requests: inout [PollRequest], timeout: Int32) throws -> Int {
        if recordsPolls { polls.append(timeout) }
        // A pipe a worker wrote to is readable now, before anything later is due.
        // (Most polls find every pipe empty: then no list is made.)
        let woken: [Int] = pipes.withLock {
            guard pipeBytes.values.contains(where: { $0 > 0 }) else { return [] }
            return requests.indices.filter { pipeBytes[requests[$0].fd, default: 0] > 0 }
        }
        if !woken.isEmpty {
            for r in woken { requests[r].returned = .readable }
            idlePollsAtThisTime = 0
            return woken.count
        }
        let limit = timeout < 0 ? Double.infinity : clock.time + Double(timeout) / 1000
        // (A scan of the few fds polled, not a set: a poll allocates nothing.)
        guard let index = due.firstIndex(where: { event in requests.contains { $0.fd == event.fd } }), due[index].time <= limit else {
            if limit > horizon { clock.time = max(clock.time, horizon); throw EmbeddedRunFinished() }
            if limit == clock.time {
                idlePollsAtThisTime += 1
                if idlePollsAtThisTime > Self.spinLimit { throw EmbeddedLoopSpins(time: clock.time) }
            } else {
                idlePollsAtThisTime = 0
            }
            clock.time = limit
            return 0
        }
        if due[index].time > horizon { clock.time = max(clock.time, horizon); throw EmbeddedRunFinished() }
        clock.time = max(clock.time, due[index].time)
        idlePollsAtThisTime = 0
        // Every polled fd readable by now answers together, as the kernel's poll does (a
        // flip completing as a touch arrives: the loop reads both before its next frame).
        var ready = 0
        var i = index
        while i < due.count {
            let event = due[i]
            guard event.time <= clock.time else { break }
            guard requests.contains(where: { $0.fd == event.fd }) else { i += 1; continue }
            due.remove(at: i)
            if let payload = event.payload { reads[event.fd, default: []].append(payload) }
            for r in requests.indices where requests[r].fd == event.fd && requests[r].returned.isEmpty {
                requests[r].returned = .readable
                ready += 1
            }
        }
        return ready
    }

    public func read(_ fd: FileDescriptor, into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        if let count = try readPipe(fd, into: buffer) { return count }
        guard var queue = reads[fd], !queue.isEmpty else { throw Errno.wouldBlock }
        let bytes = queue.removeFirst()
        reads[fd] = queue
        buffer.copyBytes(from: bytes.prefix(buffer.count))
        return min(bytes.count, buffer.count)
    }

    public func open(_ path: String, flags: Int32) throws -> FileDescriptor { throw Errno.noEntry }
    public func close(_ fd: FileDescriptor) {
        pipes.withLock {
            pipeBytes[fd] = nil
            pipeReadEnds[fd] = nil
        }
    }
    public func ioctl(_ fd: FileDescriptor, _ request: UInt, _ arg: UnsafeMutableRawPointer?) throws -> Int32 { 0 }
    public func write(_ fd: FileDescriptor, from buffer: UnsafeRawBufferPointer) throws -> Int {
        pipes.withLock {
            guard let readEnd = pipeReadEnds[fd] else { return }
            pipeBytes[readEnd, default: 0] += buffer.count
            pipes.broadcast()
        }
        return buffer.count
    }
    public func mmap(length: Int, fd: FileDescriptor, offset: Int64) throws -> UnsafeMutableRawPointer { throw Errno.notSupported }
    public func munmap(_ address: UnsafeMutableRawPointer, length: Int) {}
    public func signalFD(_ signals: [Int32]) throws -> FileDescriptor { signalDescriptor }
    /// A pipe in memory: what is written to its write end (from any thread) makes the
    /// read end readable in the next `poll`.
    public func pipe() throws -> (read: FileDescriptor, write: FileDescriptor) {
        pipes.withLock {
            let ends = (read: FileDescriptor(nextPipeDescriptor), write: FileDescriptor(nextPipeDescriptor + 1))
            nextPipeDescriptor += 2
            pipeBytes[ends.read] = 0
            pipeReadEnds[ends.write] = ends.read
            return ends
        }
    }

    /// Blocks the calling thread until a pipe holds bytes not yet read (a worker woke the
    /// loop, and the loop has not run since) or `timeout` seconds of real time pass.
    /// Returns whether a pipe holds bytes.
    public func waitUntilWoken(timeout: Double) -> Bool {
        let limit = Date(timeIntervalSinceNow: timeout)
        pipes.lock()
        defer { pipes.unlock() }
        while !pipeBytes.values.contains(where: { $0 > 0 }) {
            guard pipes.wait(until: limit) else { return pipeBytes.values.contains { $0 > 0 } }
        }
        return true
    }

    /// The bytes waiting in a pipe's read end (nil: `fd` is no pipe's read end); an
    /// empty pipe would block.
    private func readPipe(_ fd: FileDescriptor, into buffer: UnsafeMutableRawBufferPointer) throws -> Int? {
        pipes.lock()
        defer { pipes.unlock() }
        guard let waiting = pipeBytes[fd] else { return nil }
        let count = min(waiting, buffer.count)
        guard count > 0 else { throw Errno.wouldBlock }
        pipeBytes[fd] = waiting - count
        buffer.baseAddress!.initializeMemory(as: UInt8.self, repeating: 1, count: count)
        return count
    }
}
