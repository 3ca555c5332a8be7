// `hwclass classify` and `hwclass explain` output.
#pragma once

#include <string>
#include <vector>

#include "classify/verdict.h"
#include "facts/facts.h"
#include "resolve/resolved.h"

namespace hwclass {

// A member as printed: ACCELERATOR under its early name DEVICE_GENERIC when `seed`.
std::string member_name(const std::string& member, bool seed);

struct VerdictOutputOptions {
  std::string format = "text";  // text, json, csv
  bool seed_names = false;      // print ACCELERATOR as DEVICE_GENERIC (the early name)
};

std::string verdicts_output(const std::vector<FileFacts>& files, const Resolution& resolution,
                            const std::vector<Verdict>& verdicts, const VerdictOutputOptions& options);

// The full reasoning for one class, with source lines.
std::string explain_text(const std::vector<FileFacts>& files, const Resolution& resolution, const Verdict& verdict,
                         bool seed_names);

}  // namespace hwclass
