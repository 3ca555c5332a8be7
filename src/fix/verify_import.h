// --verify import: a written module is checked by importing it, as pytest
// does when it collects it, in the python3 the user runs their tests with.
// CPython's compile() (verify.h) proves a file is Python; only an import
// proves that what runs at import time still runs (instantiate_device_type_tests
// deleting a name the module reads later, an import the fix added).
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace hwclass {

// Whether `python3` can import a torch that has HardwareClassification: the
// torch the declarations are written for. With an older one every written
// declaration would fail to import, so compile() is the floor there.
bool python_imports_torch();

// Imports each file, each in its own process forked from one python3 that
// imported torch once: its package root (the first directory up without an
// __init__.py) first on sys.path and `cwd` as the working directory, as
// pytest's default import mode and run_test.py do. For each: nullopt when it
// imports, else the exception's type and first line. nullopt for the whole
// batch when python3 or torch cannot be run.
std::optional<std::vector<std::optional<std::string>>> python_import_all(const std::vector<std::string>& paths,
                                                                         const std::string& cwd, int jobs);

}  // namespace hwclass
