#include "cshim_input.h"
#include <sys/signalfd.h>

int cshim_input_signalfd(const sigset_t *mask) { return signalfd(-1, mask, SFD_CLOEXEC); }
