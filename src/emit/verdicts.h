// `hwclass classify` and `hwclass explain` output.
#pragma once

#include <functional>
#include <map>
#include <string>
#include <vector>

#include "classify/verdict.h"
#include "facts/facts.h"
#include "lint/advice.h"
#include "resolve/resolved.h"
#include "vocab/members.h"

namespace hwclass {

// A member as printed: with `seed` (the rules' members), under the alias
// that names it, its early name (ACCELERATOR as DEVICE_GENERIC); else as it is.
std::string member_name(const std::string& member, const Members* seed);

// The names of the rules that fired, as the JSON's `rules` and explain's
// "rules fired" print them (classify/registry.h).
std::vector<std::string> rule_names(const Verdict& v);

// "split into TestX GENERIC (52) + TestXCUDA CUDA (2)".
std::string split_headline(const std::vector<SplitPart>& split, const Members* seed);

struct VerdictOutputOptions {
  std::string format = "text";  // text, json, csv
  const Members* seed_names = nullptr;  // print members under their early names (member_name)
  bool current_findings = false;  // explain's: what lint reports on each class as it stands (Advice's current_*)
};

std::string verdicts_output(const std::vector<FileFacts>& files, const Resolution& resolution,
                            const std::vector<Verdict>& verdicts, const std::vector<Advice>& advice,
                            const VerdictOutputOptions& options);

struct ExplainOptions {
  const Members* seed_names = nullptr;  // as in VerdictOutputOptions
  bool all = false;  // every site and finding, with source lines; else a screenful
  std::vector<std::string> default_devices;  // what instantiate_device_type_tests creates by default
  std::map<std::string, std::vector<std::string>> multi_device_decorators;  // rules/devices.toml
  std::string accelerator_member;  // the rules' member of tests that run on any accelerator (vocab/members.h)
};

// One class's verdict, what to do, and the evidence grouped by kind.
std::string explain_text(const std::vector<FileFacts>& files, const Resolution& resolution, const Verdict& verdict,
                         const Advice& advice, const ExplainOptions& options);

}  // namespace hwclass
