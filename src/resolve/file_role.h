// A file's part in a run (resolve/session.h): Named, when the command line
// asked about it (its classes are judged and reported), or Context, when it
// is read so the named files resolve (bases, device helpers, importers) and
// its own problems are not the run's. Code asks a file's role, never its
// position among the files.
#pragma once

#include <cstdint>

namespace hwclass {

enum class FileRole : uint8_t { Named, Context };

}  // namespace hwclass
