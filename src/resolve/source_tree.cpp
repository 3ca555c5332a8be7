#include "resolve/source_tree.h"

#include "discover/discover.h"

namespace hwclass {

namespace fs = std::filesystem;

DiskTree::DiskTree(const fs::path& root) {
  std::error_code ec;
  root_ = fs::canonical(root, ec);
  if (ec) root_ = root;
}

std::optional<std::string> DiskTree::regular_file(const std::string& relative) const {
  // An absolute path would replace the root in `root_ / relative`.
  if (relative.empty() || relative[0] == '/') return std::nullopt;
  std::error_code ec;
  const fs::path candidate = root_ / relative;
  if (!fs::is_regular_file(candidate, ec)) return std::nullopt;
  const fs::path canonical = fs::canonical(candidate, ec);
  if (ec) return std::nullopt;
  std::string inside = relative_to_root(canonical, root_);
  // relative_to_root leaves a path outside the root absolute.
  if (inside.empty() || inside[0] == '/') return std::nullopt;
  return inside;
}

std::optional<std::string> MemoryTree::regular_file(const std::string& relative) const {
  if (!files_.count(relative)) return std::nullopt;
  return relative;
}

}  // namespace hwclass
