// What fix's checkers read of a fixed file: the statements its edits touch,
// each on the lines it has in the fixed file, not the whole file.
//
// Python's grammar and compiler give a module-level statement no context but
// the source's head (its `from __future__` imports, which change what
// compiles, and a coding declaration), and a class-body statement none but
// its class header. A file whose untouched statements compiled before (fix
// edits only files that parse) is valid after when every unit holding an
// edit is: a unit is the touched statements of the module, or of one
// module-level class's body under that class's header, with the head before
// it and blank lines in between, so a checker's line is the fixed file's.
// Checking units instead of files is what keeps fix (preview) near classify
// (bench/README.md): most edits add a line to a class body.
#pragma once

#include <string>
#include <vector>

#include "facts/facts.h"
#include "fix/edit.h"

namespace hwclass {

// The texts to check for `fixed`, the bytes `edits` make of `source`, whose
// module statements are `statements`. The whole of `fixed` when a unit
// cannot be cut exactly (no statements, an edit or a body on a class's
// header line, a unit whose bytes are not those of `fixed`).
std::vector<std::string> check_units(const std::string& source, const std::string& fixed, std::vector<Edit> edits,
                                     const std::vector<TopStatement>& statements);

}  // namespace hwclass
