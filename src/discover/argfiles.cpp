#include "discover/argfiles.h"

#include <fstream>

#include "util/error.h"

namespace hwclass {
namespace {

constexpr int kMaxArgfileNesting = 16;

void expand_into(const std::string& arg, int depth, std::vector<std::string>& out) {
  if (arg.size() < 2 || arg[0] != '@') {
    out.push_back(arg);
    return;
  }
  std::string path = arg.substr(1);
  if (depth >= kMaxArgfileNesting) throw UsageError(path + ": @file arguments nest more than 16 deep");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw UsageError(path + ": cannot read the @file argument list");
  std::string line;
  while (std::getline(in, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty()) continue;
    expand_into(line, depth + 1, out);
  }
}

}  // namespace

std::vector<std::string> expand_argfiles(const std::vector<std::string>& args, std::string* empty_list) {
  std::vector<std::string> out;
  out.reserve(args.size());
  for (const auto& arg : args) {
    const size_t before = out.size();
    expand_into(arg, 0, out);
    if (empty_list && empty_list->empty() && out.size() == before && arg.size() >= 2 && arg[0] == '@')
      *empty_list = arg;
  }
  return out;
}

}  // namespace hwclass
