// libhyphen (Hunspell's hyphenation library, TeX patterns by Liang's algorithm), from
// Debian's libhyphen-dev. It ships no pkg-config file: the module map links -lhyphen.
#include <hyphen.h>
