import CRasterKernels
import Foundation
import Glibc
import Synchronization

/// Streams rows of cached memory into write-only memory (a scan-out buffer) on a thread of
/// its own, so that the caller draws the next rows on its core while these go to memory on
/// another: drawing is bound by the CPU, streaming by memory bandwidth.
///
/// The caller hands jobs (`stream`) and waits for all of them (`wait`) before anything
/// else reads or writes their rows. Between the two it must not write the rows a job reads
/// nor touch the rows it writes; the thread touches nothing else. Jobs are plain addresses
/// and sizes: no Swift object crosses the threads but the shared queue, guarded by its
/// mutex. The thread is made at the first job; when there is none, it watches the queue for
/// `JobQueue.spin` (the next band of the same frame is that close), then sleeps on a
/// condition: nothing runs once frames stop. It ends when the streamer is released.
public final class RowStreamer {
    /// `rows` rows of `rowBytes` bytes from `source` (rows `sourceStride` bytes apart) to
    /// `destination` (rows `destinationPitch` bytes apart), streamed and fenced
    /// (`cshim_raster_stream_copy_rows`). Addresses as integers: the job owns no memory.
    public struct Job: Sendable, Equatable {
        public let destination: UInt
        public let destinationPitch: Int
        public let source: UInt
        public let sourceStride: Int
        public let rowBytes: Int
        public let rows: Int

        public init(destination: UInt, destinationPitch: Int, source: UInt, sourceStride: Int, rowBytes: Int, rows: Int) {
            self.destination = destination; self.destinationPitch = destinationPitch
            self.source = source; self.sourceStride = sourceStride; self.rowBytes = rowBytes; self.rows = rows
        }

        /// Rows `rows` of `source` copied to the same rows of `destination` (same width and height).
        public init(rows: Range<Int>, of source: Canvas, to destination: WriteOnlyCanvas) {
            let top = rows.lowerBound
            self.init(destination: UInt(bitPattern: destination.canvas.row(top)), destinationPitch: destination.canvas.stride,
                      source: UInt(bitPattern: source.row(top)), sourceStride: source.stride,
                      rowBytes: min(source.width, destination.width) * 4, rows: rows.count)
        }

        func run() {
            guard rows > 0, rowBytes > 0, let d = UnsafeMutablePointer<UInt8>(bitPattern: destination),
                  let s = UnsafePointer<UInt8>(bitPattern: source) else { return }
            cshim_raster_stream_copy_rows(d, destinationPitch, s, sourceStride, rowBytes, rows)
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

    /// Hands `job` to the streaming thread (made now if this is the first job). Without a
    /// thread (the system refused one), streams it here.
    public func stream(_ job: Job) {
        if thread == nil { thread = Self.start(queue) }
        guard thread != nil else { return job.run() }
        queue.push(job)
    }

    /// Returns once every job handed so far is streamed and fenced: its rows are free
    /// again, and its stores done before anything the caller does next (a page flip).
    /// Jobs the thread has not taken yet are streamed here meanwhile: when the other core
    /// is busy with something else, the frame costs what streaming on this one would.
    public func wait() {
        while let job = queue.take() {
            job.run()
            queue.streamedTaken()
        }
        queue.waitUntilEmpty()
    }

    /// Jobs streamed so far, by the thread or by `wait` (tests).
    public var streamed: Int { queue.finishedCount }

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

/// The jobs between the caller and the streaming thread, and whether it is still wanted;
/// everything here is read and written under `mutex` only.
private final class JobQueue: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    /// Signalled when a job is queued or the queue is closed (the thread waits on it).
    private let queued = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    /// Signalled when the queue becomes empty and the thread idle (the caller waits on it).
    private let drained = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    /// A ring of jobs, room for a frame's bands without growing (no allocation per frame).
    private static let capacity = 64
    private let ring = UnsafeMutablePointer<RowStreamer.Job>.allocate(capacity: capacity)
    private var head = 0, count = 0
    private var running = false
    private var closed = false
    private var finished = 0
    /// Jobs pushed and not yet streamed (by either thread), and whether the queue is
    /// closed, readable without the mutex: what each side watches while it spins.
    private let outstanding = Atomic<Int>(0)
    private let closing = Atomic<Bool>(false)
    /// How long either side watches for the other before sleeping on its condition. A
    /// band of a 1080p frame is drawn in 50–100 µs on the reference machine; a thread that
    /// sleeps between bands is woken eight times a frame, and each wake costs the drawing
    /// core a system call and an interrupt to the other core (in a virtual machine, an exit
    /// to the host and the host's scheduling of the idle vCPU). `lectern bench --filter
    /// frame.first` made 7,124 context switches sleeping at once, 3,064 watching first. A
    /// slower board's bands take longer than this: there the thread sleeps. Bounded, so
    /// an idle kiosk spends nothing (`RowStreamerTests`).
    static let spin: Double = 250e-6

    init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(queued, nil)
        pthread_cond_init(drained, nil)
    }

    deinit {
        pthread_cond_destroy(drained)
        pthread_cond_destroy(queued)
        pthread_mutex_destroy(mutex)
        drained.deallocate(); queued.deallocate(); mutex.deallocate()
        ring.deallocate()
    }

    func push(_ job: RowStreamer.Job) {
        pthread_mutex_lock(mutex)
        // Full (never in a frame's bands): wait for room rather than grow.
        while count == Self.capacity { pthread_cond_wait(drained, mutex) }
        (ring + (head + count) % Self.capacity).initialize(to: job)
        count += 1
        outstanding.add(1, ordering: .releasing)
        pthread_cond_signal(queued)  // no system call when the thread is spinning, not waiting
        pthread_mutex_unlock(mutex)
    }

    /// The oldest job not yet taken, for the caller to run itself; nil when none is left.
    func take() -> RowStreamer.Job? {
        pthread_mutex_lock(mutex); defer { pthread_mutex_unlock(mutex) }
        guard count > 0 else { return nil }
        let job = (ring + head).move()
        head = (head + 1) % Self.capacity
        count -= 1
        finished += 1
        if count == Self.capacity - 1 { pthread_cond_broadcast(drained) }
        return job
    }

    /// `take`'s job is streamed: no longer outstanding.
    func streamedTaken() { outstanding.subtract(1, ordering: .releasing) }

    func waitUntilEmpty() {
        Self.watch { outstanding.load(ordering: .acquiring) == 0 }
        pthread_mutex_lock(mutex)
        while count > 0 || running { pthread_cond_wait(drained, mutex) }
        pthread_mutex_unlock(mutex)
    }

    /// Returns once `done` holds or `spin` has passed, whichever is first.
    private static func watch(until done: () -> Bool) {
        if done() { return }
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let end = Double(now.tv_sec) + Double(now.tv_nsec) * 1e-9 + spin
        while true {
            for _ in 0..<64 {
                if done() { return }
                cshim_raster_spin_pause()
            }
            clock_gettime(CLOCK_MONOTONIC, &now)
            if Double(now.tv_sec) + Double(now.tv_nsec) * 1e-9 >= end { return }
        }
    }

    var finishedCount: Int {
        pthread_mutex_lock(mutex); defer { pthread_mutex_unlock(mutex) }
        return finished
    }

    func close() {
        pthread_mutex_lock(mutex)
        closed = true
        closing.store(true, ordering: .releasing)
        pthread_cond_signal(queued)
        pthread_mutex_unlock(mutex)
    }

    /// The streaming thread: one job at a time, outside the mutex; asleep when none.
    func serve() {
        pthread_mutex_lock(mutex)
        while true {
            if count == 0 && !closed {
                pthread_mutex_unlock(mutex)
                Self.watch { outstanding.load(ordering: .acquiring) > 0 || closing.load(ordering: .acquiring) }
                pthread_mutex_lock(mutex)
            }
            while count == 0 && !closed { pthread_cond_wait(queued, mutex) }
            if count == 0 && closed { break }
            let job = (ring + head).move()
            head = (head + 1) % Self.capacity
            count -= 1
            running = true
            pthread_mutex_unlock(mutex)
            job.run()
            pthread_mutex_lock(mutex)
            running = false
            outstanding.subtract(1, ordering: .releasing)  // after `running`: a watcher seeing 0 finds the thread idle
            finished += 1
            if count == 0 || count == Self.capacity - 1 { pthread_cond_broadcast(drained) }
        }
        pthread_mutex_unlock(mutex)
    }
}
