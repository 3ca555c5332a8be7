// toml++'s compiled part, for the static release binary (static.cmake):
// Debian ships it only as libtomlplusplus.so, so it is compiled here from the
// headers Debian ships, with the TOML_HEADER_ONLY=0 every other hwclass file
// is compiled with (the tomlplusplus target's definitions).
#define TOML_IMPLEMENTATION
#include <toml++/toml.h>
