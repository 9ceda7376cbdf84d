#include <sqlite3.h>

// SQLITE_TRANSIENT is a cast of -1 to a function pointer, a macro Swift cannot import:
// bound text is copied by SQLite before the call returns, so no Swift pointer outlives it.
static inline sqlite3_destructor_type lectern_sqlite_transient(void) { return SQLITE_TRANSIENT; }
