import Glibc

// The one loop in Lectern that retries a system call a signal interrupted (EINTR).
// `LinuxSystemCalls` (the loop's syscalls, in Platform) is built on it; modules that
// make their own calls and sit below the loop (PDFPages' sandboxed children, the machine
// test's touch injector) use it directly. No other EINTR loop is written by hand.

/// Runs `call` until it succeeds or fails with something other than EINTR, and returns
/// that last result (errno still says why it failed). `failed` tells a failure apart.
///
/// `call` runs again from the start: a timeout that must shrink towards a deadline (a
/// poll) is computed inside it, from the deadline, so a retry does not wait longer.
@inlinable
public func retryingOnInterrupt<Result>(_ call: () -> Result, failed: (Result) -> Bool) -> Result {
    while true {
        let result = call()
        if !failed(result) || errno != EINTR { return result }
    }
}

/// `retryingOnInterrupt` for the calls that fail with -1 (read, write, poll, waitpid,
/// nanosleep, ioctl, ...).
@inlinable
public func retryingOnInterrupt<Result: BinaryInteger>(_ call: () -> Result) -> Result {
    retryingOnInterrupt(call, failed: { $0 == -1 })
}
