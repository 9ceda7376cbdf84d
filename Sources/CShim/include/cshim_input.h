// Input area (Platform/Input, lectern input-debug): signalfd, which Swift's Glibc
// module does not expose.
#ifndef LECTERN_CSHIM_INPUT_H
#define LECTERN_CSHIM_INPUT_H

#include <signal.h>

/// A close-on-exec signalfd for `mask` (already blocked by the caller); -1 and errno on failure.
int cshim_input_signalfd(const sigset_t *mask);

#endif
