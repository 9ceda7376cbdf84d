#define _GNU_SOURCE
#include "pdf_sandbox.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/landlock.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

// Landlock (Linux 5.13+): a ruleset that handles every write-like access and allows them
// only beneath `workdir`. Built in the parent (it allocates nothing but fds); the child
// only calls landlock_restrict_self. -1 when the kernel has no Landlock.
static int landlock_ruleset(const char *workdir) {
#ifdef SYS_landlock_create_ruleset
    struct landlock_ruleset_attr attr = {
        .handled_access_fs = LANDLOCK_ACCESS_FS_WRITE_FILE | LANDLOCK_ACCESS_FS_REMOVE_DIR |
                             LANDLOCK_ACCESS_FS_REMOVE_FILE | LANDLOCK_ACCESS_FS_MAKE_CHAR |
                             LANDLOCK_ACCESS_FS_MAKE_DIR | LANDLOCK_ACCESS_FS_MAKE_REG |
                             LANDLOCK_ACCESS_FS_MAKE_SOCK | LANDLOCK_ACCESS_FS_MAKE_FIFO |
                             LANDLOCK_ACCESS_FS_MAKE_BLOCK | LANDLOCK_ACCESS_FS_MAKE_SYM,
    };
    int ruleset = (int)syscall(SYS_landlock_create_ruleset, &attr, sizeof attr, 0);
    if (ruleset < 0) return -1;
    int dir = open(workdir, O_PATH | O_CLOEXEC | O_DIRECTORY);
    if (dir < 0) { close(ruleset); return -1; }
    struct landlock_path_beneath_attr beneath = { .allowed_access = attr.handled_access_fs, .parent_fd = dir };
    int rc = (int)syscall(SYS_landlock_add_rule, ruleset, LANDLOCK_RULE_PATH_BENEATH, &beneath, 0);
    close(dir);
    if (rc != 0) { close(ruleset); return -1; }
    // /dev/null is written by nothing but may be opened for writing by the programs.
    int devnull = open("/dev/null", O_PATH | O_CLOEXEC);
    if (devnull >= 0) {
        struct landlock_path_beneath_attr null_rule = { .allowed_access = LANDLOCK_ACCESS_FS_WRITE_FILE, .parent_fd = devnull };
        syscall(SYS_landlock_add_rule, ruleset, LANDLOCK_RULE_PATH_BENEATH, &null_rule, 0);
        close(devnull);
    }
    return ruleset;
#else
    (void)workdir;
    return -1;
#endif
}

static void set_limit(int resource, unsigned long long value) {
    if (value == 0) return;
    struct rlimit limit = { .rlim_cur = value, .rlim_max = value };
    setrlimit(resource, &limit);
}

pid_t pdf_sandbox_spawn(const char *path, char *const argv[], char *const envp[],
                        const char *workdir, const struct pdf_sandbox_limits *limits,
                        int *out_fd, int *err_fd, int *status_fd) {
    int out[2], err[2], status[2];
    if (pipe2(out, O_CLOEXEC) != 0) return -1;
    if (pipe2(err, O_CLOEXEC) != 0) { close(out[0]); close(out[1]); return -1; }
    if (pipe2(status, O_CLOEXEC) != 0) { close(out[0]); close(out[1]); close(err[0]); close(err[1]); return -1; }
    int ruleset = landlock_ruleset(workdir);
    pid_t parent = getpid();
    pid_t pid = fork();
    if (pid == 0) {
        // The child: async-signal-safe calls only, then exec.
        prctl(PR_SET_PDEATHSIG, SIGKILL);
        if (getppid() != parent) _exit(127);
        int devnull = open("/dev/null", O_RDONLY);
        if (devnull < 0 || dup2(devnull, 0) < 0 || dup2(out[1], 1) < 0 || dup2(err[1], 2) < 0) _exit(127);
        if (status[1] != 3 && dup2(status[1], 3) < 0) _exit(127);
        if (ruleset >= 0 && ruleset != 4) { if (dup2(ruleset, 4) < 0) _exit(127); ruleset = 4; }
        // Everything else closed: the kiosk's DRM, input and signal fds stay in the kiosk.
        syscall(SYS_close_range, ruleset >= 0 ? 5 : 4, ~0U, 0);
        if (chdir(workdir) != 0) _exit(127);
        unsigned char applied = 0;
        if (unshare(CLONE_NEWNET) == 0) applied |= PDF_SANDBOX_NO_NETWORK;
        else if (unshare(CLONE_NEWUSER | CLONE_NEWNET) == 0) applied |= PDF_SANDBOX_NO_NETWORK;
        if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) _exit(127);
#ifdef SYS_landlock_restrict_self
        if (ruleset >= 0 && syscall(SYS_landlock_restrict_self, ruleset, 0) == 0) applied |= PDF_SANDBOX_LANDLOCK;
        if (ruleset >= 0) close(ruleset);
#endif
        set_limit(RLIMIT_AS, limits->memory_bytes);
        set_limit(RLIMIT_CPU, limits->cpu_seconds);
        set_limit(RLIMIT_FSIZE, limits->file_bytes);
        struct rlimit no_core = { 0, 0 };
        setrlimit(RLIMIT_CORE, &no_core);
        ssize_t w = write(3, &applied, 1);
        (void)w;
        close(3);
        execve(path, argv, envp);
        _exit(127);
    }
    int saved = errno;
    close(out[1]); close(err[1]); close(status[1]);
    if (ruleset >= 0) close(ruleset);
    if (pid < 0) {
        close(out[0]); close(err[0]); close(status[0]);
        errno = saved;
        return -1;
    }
    *out_fd = out[0];
    *err_fd = err[0];
    *status_fd = status[0];
    return pid;
}
