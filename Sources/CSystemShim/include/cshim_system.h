// Platform's syscall shims: calls Swift cannot make directly (variadic ioctl,
// signalfd, whose header Glibc's Swift module does not include).
#ifndef LECTERN_CSHIM_SYSTEM_H
#define LECTERN_CSHIM_SYSTEM_H

// timerfd_create / timerfd_settime: Glibc's Swift module leaves <sys/timerfd.h> out
// (the opening hours' clock-set watch, Platform/System/ClockSetWatch.swift).
#include <sys/timerfd.h>

/// ioctl(fd, request, arg): -1 with errno on failure.
int cshim_ioctl(int fd, unsigned long request, void *arg);

/// Blocks `signals` for the calling thread (and threads it creates) and returns a
/// non-blocking, close-on-exec signalfd for them; -1 with errno on failure.
int cshim_signalfd(const int *signals, int count);

/// pipe2(fds, O_CLOEXEC | O_NONBLOCK): both ends non-blocking and close-on-exec from the
/// start (no window for a child forked meanwhile to inherit them); -1 with errno.
int cshim_pipe_nonblocking(int fds[2]);

/// SIGRTMIN is a function call in glibc's macro (the VT acquire signal uses it).
int cshim_sigrtmin(void);

#endif
