// toml++ is a C++ library: only the C++ shim (Sources/CTOML) includes it. This target
// exists so that SwiftPM finds it through pkg-config and installs it with apt.
#ifdef __cplusplus
#include <toml++/toml.h>
#endif
