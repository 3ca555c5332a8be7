// What classify says of code it reaches through a class's bases and
// imports: a test-less base's verdict from its subclasses, and the cap on a
// verdict whose device may be chosen by code hwclass did not read.
#pragma once

#include <vector>

#include "classify/analysis.h"
#include "classify/verdict.h"
#include "facts/facts.h"
#include "resolve/resolved.h"
#include "vocab/vocabulary.h"

namespace hwclass {

// Issue 29 item 6: a base hwclass could not follow (its module was neither
// scanned nor reachable through the imports), or a device helper it could
// not read (`device=DEVICE` imported from a module not read, or a function
// it does not evaluate), may carry the device choice: a high verdict
// becomes medium and says which one.
void cap_for_unfollowed_code(const std::vector<FileFacts>& files, const Resolution& resolution,
                             const Vocabulary& vocabulary, const ResolvedClass& resolved, Verdict& v);

// Contract 14: a test-less base or mixin that test classes inherit from
// declares once for them (`base-of-classes`); appends those verdicts to
// `out` and keeps it in class order.
// A base's own verdict is the analysis's where it has one.
void add_base_verdicts(const Analysis& analysis, std::vector<Verdict>& out);

}  // namespace hwclass
