// `hwclass classify` and `hwclass explain` output.
#pragma once

#include <functional>
#include <map>
#include <string>
#include <vector>

#include "classify/verdict.h"
#include "facts/facts.h"
#include "resolve/resolved.h"

namespace hwclass {

// A member as printed: ACCELERATOR under its early name DEVICE_GENERIC when `seed`.
std::string member_name(const std::string& member, bool seed);

// "split into TestX GENERIC (52) + TestXCUDA CUDA (2)".
std::string split_headline(const std::vector<SplitPart>& split, bool seed);

struct VerdictOutputOptions {
  std::string format = "text";  // text, json, csv
  bool seed_names = false;      // print ACCELERATOR as DEVICE_GENERIC (the early name)
  bool current_findings = false;  // explain's: what lint reports on each class as it stands
};

std::string verdicts_output(const std::vector<FileFacts>& files, const Resolution& resolution,
                            const std::vector<Verdict>& verdicts, const VerdictOutputOptions& options);

struct ExplainOptions {
  bool seed_names = false;
  bool all = false;  // every site and finding, with source lines; else a screenful
  std::vector<std::string> default_devices;  // what instantiate_device_type_tests creates by default
  std::map<std::string, std::vector<std::string>> multi_device_decorators;  // rules/devices.toml
};

// One class's verdict, what to do, and the evidence grouped by kind.
std::string explain_text(const std::vector<FileFacts>& files, const Resolution& resolution, const Verdict& verdict,
                         const ExplainOptions& options);

}  // namespace hwclass
