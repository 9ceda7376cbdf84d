#define _GNU_SOURCE  // pipe2

#include "cshim_system.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <sys/ioctl.h>
#include <sys/signalfd.h>
#include <unistd.h>

int cshim_ioctl(int fd, unsigned long request, void *arg) { return ioctl(fd, request, arg); }

int cshim_signalfd(const int *signals, int count) {
    sigset_t mask;
    sigemptyset(&mask);
    for (int i = 0; i < count; i++) sigaddset(&mask, signals[i]);
    int rc = pthread_sigmask(SIG_BLOCK, &mask, NULL);
    if (rc != 0) { errno = rc; return -1; }
    return signalfd(-1, &mask, SFD_NONBLOCK | SFD_CLOEXEC);
}

int cshim_pipe_nonblocking(int fds[2]) { return pipe2(fds, O_CLOEXEC | O_NONBLOCK); }

int cshim_sigrtmin(void) { return SIGRTMIN; }
