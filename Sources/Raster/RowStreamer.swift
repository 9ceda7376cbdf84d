import CRasterKernels
import Foundation
import Glibc
import Synchronization

/// Streams rows of cached memory into write-only memory (a scan-out buffer) on a thread of
/// its own, so that the caller draws the next rows on its core while these go to memory on
/// another: drawing is bound by the CPU, streaming by memory bandwidth. It also fills rows
/// the caller draws over next (a band's background), taking that store-bound work off the
/// drawing core too.
///
/// The caller hands jobs (`hand`), run in that order, and waits for them (`wait`, or
/// `wait(allButLast:)` for the older ones) before anything else reads or writes their
/// rows. Until then it must not write the rows a job reads nor touch the rows it writes;
/// the thread touches nothing else. Jobs are plain addresses
/// and sizes: no Swift object crosses the threads but the shared queue, guarded by its
/// mutex. The thread is made at the first job; when there is none, it watches the queue for
/// `JobQueue.spin` (the next band of the same frame is that close), then sleeps on a
/// condition: nothing runs once frames stop. It ends when the streamer is released.
public final class RowStreamer {
    /// What a job does to `rows` rows of `rowBytes` bytes at `destination` (rows
    /// `destinationPitch` bytes apart). Addresses as integers: the job owns no memory.
    public struct Job: Sendable {
        public enum Work: Sendable, Equatable {
            /// The same rows of `source` (rows `stride` bytes apart) streamed in, fenced
            /// (`cshim_raster_stream_copy_rows`): a band to scan-out.
            case copy(source: UInt, stride: Int)
            /// Every pixel set to `pixel` with ordinary stores, left in the cache for the
            /// drawing that follows: a band's background.
            case fill(pixel: UInt32)
            /// `pixel` mixed at `alpha` over the same rows of `under` (rows `stride` bytes
            /// apart), streamed in, fenced (`cshim_raster_mix_color_bytes_stream`): an
            /// overlay's plain colour fading over the page, straight into scan-out.
            case mixColor(under: UInt, stride: Int, pixel: UInt32, alpha: UInt32)
        }

        public let destination: UInt
        public let destinationPitch: Int
        public let rowBytes: Int
        public let rows: Int
        public let work: Work

        /// Rows `rows` of `source` copied to the same rows of `destination` (same width and height).
        public init(rows: Range<Int>, of source: Canvas, to destination: WriteOnlyCanvas) {
            let top = rows.lowerBound
            self.destination = UInt(bitPattern: destination.canvas.row(top))
            destinationPitch = destination.canvas.stride
            rowBytes = min(source.width, destination.width) * 4
            self.rows = rows.count
            work = .copy(source: UInt(bitPattern: source.row(top)), stride: source.stride)
        }

        /// The pixels of `rect` (inside `canvas`'s clip) filled with `color`: the
        /// background of a band the caller draws next, filled on the other core.
        public init(filling rect: IntRect, of canvas: Canvas, with color: Color) {
            let rect = rect.intersection(canvas.clip)
            destination = rect.isEmpty ? 0 : UInt(bitPattern: canvas.row(rect.minY) + rect.minX)
            destinationPitch = canvas.stride
            rowBytes = rect.width * 4
            rows = rect.isEmpty ? 0 : rect.height
            work = .fill(pixel: color.argb)
        }

        /// The pixels of `rect` in `destination`: `pixel` mixed at `alpha` (0–255) over the
        /// same pixels of `under` (as `PixelDestination.mixColor` mixes them).
        public init(mixing pixel: UInt32, alpha: UInt32, over under: Canvas, rect: IntRect, into destination: WriteOnlyCanvas) {
            let rect = rect.intersection(IntRect(x: 0, y: 0, width: min(under.width, destination.width),
                                                 height: min(under.height, destination.height)))
            self.destination = rect.isEmpty ? 0 : UInt(bitPattern: destination.canvas.row(rect.minY) + rect.minX)
            destinationPitch = destination.canvas.stride
            rowBytes = rect.width * 4
            rows = rect.isEmpty ? 0 : rect.height
            work = .mixColor(under: rect.isEmpty ? 0 : UInt(bitPattern: under.row(rect.minY) + rect.minX), stride: under.stride,
                             pixel: pixel, alpha: alpha)
        }

        func run() {
            guard rows > 0, rowBytes > 0 else { return }
            switch work {
            case let .copy(source, stride):
                guard let d = UnsafeMutablePointer<UInt8>(bitPattern: destination), let s = UnsafePointer<UInt8>(bitPattern: source) else { return }
                cshim_raster_stream_copy_rows(d, destinationPitch, s, stride, rowBytes, rows)
            case let .fill(pixel):
                guard let d = UnsafeMutablePointer<UInt32>(bitPattern: destination) else { return }
                cshim_raster_fill(d, destinationPitch / 4, rowBytes / 4, rows, pixel)
            case let .mixColor(under, stride, pixel, alpha):
                guard let d = UnsafeMutablePointer<UInt8>(bitPattern: destination), let u = UnsafePointer<UInt8>(bitPattern: under) else { return }
                for y in 0..<rows { cshim_raster_mix_color_bytes_stream(d + y * destinationPitch, u + y * stride, rowBytes, pixel, alpha) }
                cshim_raster_stream_fence()
            }
        }
    }

    /// Whether this process may run on more than one core (its affinity, its cgroup's
    /// quota): only then does streaming beside the drawing gain anything.
    public static var machineHasSpareCore: Bool { ProcessInfo.processInfo.activeProcessorCount > 1 }

    private let queue = JobQueue()
    private var thread: pthread_t?

    public init() {}

    deinit {
        queue.close()
        if let thread { pthread_join(thread, nil) }
    }

    /// Hands `job` to the streaming thread (made now if this is the first job), which runs
    /// the jobs in the order they are handed. Without a thread (the system refused one),
    /// runs it here.
    public func hand(_ job: Job) {
        if thread == nil { thread = Self.start(queue) }
        guard thread != nil else { return job.run() }
        queue.push(job)
    }

    /// Returns once every job handed so far is done and fenced: its rows are free
    /// again, and its stores done before anything the caller does next (a page flip).
    /// Jobs the thread has not taken yet are run here meanwhile: when the other core
    /// is busy with something else, the frame costs what streaming on this one would.
    public func wait() { wait(allButLast: 0) }

    /// Returns once every job handed so far but the last `newest` is done (the rows of a
    /// fill handed before them may be drawn now); the older ones the thread has not taken
    /// yet are run here.
    public func wait(allButLast newest: Int) {
        while let job = queue.take(leaving: newest) {
            job.run()
            queue.ranTaken()
        }
        queue.waitUntil(outstandingAtMost: newest)
    }

    /// Jobs run so far, by the thread or by `wait` (tests).
    public var done: Int { queue.finishedCount }

    /// CPU seconds the streaming thread has run so far (nil before it is made): tests
    /// check that it stays idle once the jobs stop, whatever else the process runs.
    var threadCPUSeconds: Double? {
        guard let thread else { return nil }
        var clock = clockid_t()
        var time = timespec()
        guard pthread_getcpuclockid(thread, &clock) == 0, clock_gettime(clock, &time) == 0 else { return nil }
        return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
    }

    private static func start(_ queue: JobQueue) -> pthread_t? {
        var thread = pthread_t()
        let context = Unmanaged.passRetained(queue).toOpaque()
        let made = pthread_create(&thread, nil, { context in
            let queue = Unmanaged<JobQueue>.fromOpaque(context!).takeRetainedValue()
            queue.serve()
            return nil
        }, context)
        guard made == 0 else {
            Unmanaged<JobQueue>.fromOpaque(context).release()
            return nil
        }
        return thread
    }
}
