import CRasterKernels
import Glibc
import Synchronization

/// The jobs between the caller and the streaming thread, and whether it is still wanted;
/// everything here is read and written under `mutex` only.
final class JobQueue: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    /// Signalled when a job is queued or the queue is closed (the thread waits on it).
    private let queued = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    /// Signalled when the queue becomes empty and the thread idle (the caller waits on it).
    private let drained = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    /// Signalled after each job the thread runs while the caller waits for some of them
    /// (`waiting`): a fill the next band needs.
    private let progressed = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var waiting = false
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
        pthread_cond_init(progressed, nil)
    }

    deinit {
        pthread_cond_destroy(progressed)
        pthread_cond_destroy(drained)
        pthread_cond_destroy(queued)
        pthread_mutex_destroy(mutex)
        progressed.deallocate(); drained.deallocate(); queued.deallocate(); mutex.deallocate()
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

    /// The oldest job not yet taken, for the caller to run itself, when more than `newest`
    /// are queued (it is older than the newest `newest`); nil otherwise.
    func take(leaving newest: Int) -> RowStreamer.Job? {
        pthread_mutex_lock(mutex); defer { pthread_mutex_unlock(mutex) }
        guard count > newest else { return nil }
        let job = (ring + head).move()
        head = (head + 1) % Self.capacity
        count -= 1
        finished += 1
        if count == Self.capacity - 1 { pthread_cond_broadcast(drained) }
        return job
    }

    /// `take`'s job is done: no longer outstanding.
    func ranTaken() { outstanding.subtract(1, ordering: .releasing) }

    /// Returns once at most `newest` jobs are outstanding (queued or running); with none
    /// outstanding, the thread is idle. The thread runs jobs in order, so these are the
    /// newest ones.
    func waitUntil(outstandingAtMost newest: Int) {
        Self.watch { outstanding.load(ordering: .acquiring) <= newest }
        pthread_mutex_lock(mutex)
        if newest == 0 {
            while count > 0 || running { pthread_cond_wait(drained, mutex) }
        } else {
            while outstanding.load(ordering: .acquiring) > newest {
                waiting = true
                pthread_cond_wait(progressed, mutex)
            }
            waiting = false
        }
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
            if waiting { pthread_cond_signal(progressed) }
        }
        pthread_mutex_unlock(mutex)
    }
}
