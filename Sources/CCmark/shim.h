// libcmark-gfm (CommonMark) and its GitHub extensions (tables, strikethrough, autolinks,
// task lists). Debian ships libcmark-gfm.pc, which links both libraries.
#include <cmark-gfm.h>
#include <cmark-gfm-core-extensions.h>
