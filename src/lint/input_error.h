// Whether a finding says lint could not check its file at all: it could not
// be read, or, named on the command line, found (the read-error rule). Such
// a file errored rather than failed (JUnit's <error>), and lint exits 2.
#pragma once

#include "lint/finding.h"

namespace hwclass {

inline bool is_input_error(const Finding& finding) { return finding.rule == "read-error"; }

}  // namespace hwclass
