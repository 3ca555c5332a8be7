// `hwclass pr` output: the pull request's description in markdown, ready to
// paste, or the same as JSON (hwclass.pr/v1).
#pragma once

#include <string>
#include <vector>

#include "facts/facts.h"
#include "pr/description.h"

namespace hwclass {

struct PrOutputOptions {
  std::string format = "markdown";  // markdown, json
  const Members* seed_names = nullptr;  // members under their early names (emit/verdicts.h member_name)
  std::vector<std::string> member_order;  // the rules' members, in their order
};

std::string pr_output(const std::vector<FileFacts>& files, const PrDescription& pr, const PrOutputOptions& options);

}  // namespace hwclass
