// Whether `hwclass fix` alone takes a file to passing upstream's linter.
// It is found by doing it, in memory: the fix rules' edits applied, the
// result parsed and linted with upstream's rules. Lint's fix marks cannot
// say it: declaring a class can raise errors no fix clears (an `@onlyOn`
// left in a class migrated to ACCELERATOR). The report's "next up" and the
// allowlist's shrink-only check name the command this decides.
#pragma once

#include <string>
#include <vector>

#include "discover/discover.h"
#include "lint/rule_context.h"
#include "vocab/fix_targets.h"
#include "vocab/vocabulary.h"

namespace hwclass {

enum class FixClears { Safe, Unsafe, No };

// For each file of the world (`sources` its files, in the same order) that
// `wanted` names: Safe when the safe fixes leave upstream's linter nothing
// to report on it, Unsafe when that takes --unsafe-fixes too, No otherwise
// (and for files not wanted, or that cannot be read as their facts were).
// Only files all of whose upstream messages lint marks fixable are tried;
// the edited sources are parsed on `jobs` threads.
// `targets` is what the torch tree defines, for lint's marks and the fixes alike.
// `why_not`, when given, gets for each wanted file fix does not make pass
// why (its first upstream message no fix answers, the one the fixes leave,
// or that it does not parse), "" for the others.
std::vector<FixClears> fix_alone(const Analysis& world, const std::vector<SourceFile>& sources,
                                 const std::vector<bool>& wanted, const Vocabulary& vocabulary,
                                 const FixTargets& targets, int jobs, std::vector<std::string>* why_not = nullptr);

// "hwclass fix --write [--unsafe-fixes] PATH", or "" for FixClears::No.
std::string fix_command(FixClears clears, const std::string& path);

}  // namespace hwclass
