// The member a --hw-classification run reads for a class (upstream contract
// 5.2): a plain attribute lookup of hw_classification through the MRO, so
// the first class in the MRO whose body binds the name decides, whatever it
// binds. A subclass's invalid declaration (a member's name as a string)
// hides its base's valid one, and the runtime then selects the class for no
// member; an annotation without a value binds nothing, and the lookup goes
// on. An early name (DEVICE_GENERIC) stands for its member: the enum lacks
// it, so its file fails to import, which select reports under that member.
#pragma once

#include <string>
#include <vector>

#include "facts/facts.h"
#include "resolve/resolved.h"
#include "vocab/vocabulary.h"

namespace hwclass {

// The member the runtime reads, or "" when the binding is no member of the
// enum (or nothing binds the name).
std::string runtime_member(const std::vector<FileFacts>& files, const ResolvedClass& resolved,
                           const Vocabulary& vocabulary);

}  // namespace hwclass
