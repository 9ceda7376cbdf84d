#ifndef PDF_SANDBOX_H
#define PDF_SANDBOX_H
// Starting poppler's programs as separate, unprivileged, sandboxed processes: only
// async-signal-safe system calls between fork and exec, which Swift cannot promise.
#include <sys/types.h>

struct pdf_sandbox_limits {
    unsigned long long memory_bytes;   // RLIMIT_AS
    unsigned long long cpu_seconds;    // RLIMIT_CPU (the wall clock is the parent's)
    unsigned long long file_bytes;     // RLIMIT_FSIZE: the largest file it may write
};

/// What the sandbox managed to apply in the child (reported on the status pipe).
enum {
    PDF_SANDBOX_NO_NETWORK = 1,    // a new, empty network namespace
    PDF_SANDBOX_LANDLOCK = 2,      // writes only below the work directory
};

/// Starts `path` with `argv` (NULL-terminated) and `envp` in `workdir`, stdin from
/// /dev/null, stdout and stderr into fresh pipes (*out_fd, *err_fd, read ends, close-on-
/// exec in the parent), every other fd closed, the limits set, no new privileges, a new
/// network namespace when the kernel allows it, and writes confined to `workdir` by
/// Landlock when the kernel has it. *status_fd (read end) receives one byte with the
/// PDF_SANDBOX_* flags applied, or EOF if exec failed early. Returns the pid, or -1
/// with errno.
pid_t pdf_sandbox_spawn(const char *path, char *const argv[], char *const envp[],
                        const char *workdir, const struct pdf_sandbox_limits *limits,
                        int *out_fd, int *err_fd, int *status_fd);

#endif
