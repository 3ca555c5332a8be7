#include "discover/discover.h"

#include <algorithm>
#include <string_view>
#include <system_error>
#include <unordered_set>

#include "discover/test_file.h"
#include "util/error.h"

namespace fs = std::filesystem;

namespace hwclass {

fs::path find_repo_root(const std::string& explicit_root) {
  std::error_code ec;
  if (!explicit_root.empty()) {
    fs::path root = fs::canonical(explicit_root, ec);
    if (ec || !fs::is_directory(root)) throw UsageError(explicit_root + ": --root is not a directory");
    return root;
  }
  fs::path cwd = fs::current_path();
  // A PyTorch checkout is known by its own files first, so a tree without
  // .git inside another repository (an unpacked source package, a vendored
  // copy) is its own root, not the outer repository's.
  auto pytorch_checkout = [&](const fs::path& dir) {
    return fs::exists(dir / "test" / "run_test.py", ec) ||
           (fs::exists(dir / "torch/testing/_internal/common_utils.py", ec) && fs::is_directory(dir / "test", ec));
  };
  for (fs::path dir = cwd;; dir = dir.parent_path()) {
    if (pytorch_checkout(dir) || fs::exists(dir / ".git", ec)) return fs::canonical(dir, ec);
    if (dir == dir.parent_path()) break;
  }
  return fs::canonical(cwd, ec);
}

std::string repo_root_reason(const std::string& explicit_root, const fs::path& root) {
  std::error_code ec;
  if (!explicit_root.empty()) return "given by --root";
  if (fs::exists(root / "test" / "run_test.py", ec)) return "a PyTorch checkout (it has test/run_test.py)";
  if (fs::exists(root / "torch/testing/_internal/common_utils.py", ec))
    return "a PyTorch checkout (torch/testing/_internal/common_utils.py beside test/)";
  if (fs::exists(root / ".git", ec)) return "the nearest directory with .git (no PyTorch checkout is nearer)";
  return "the working directory (no PyTorch checkout or .git above it)";
}

std::string relative_to_root(const fs::path& absolute, const fs::path& root) {
  std::string a = absolute.generic_string(), r = root.generic_string();
  if (r == "/") return a.substr(1);
  if (a.size() > r.size() && a.compare(0, r.size(), r) == 0 && a[r.size()] == '/') return a.substr(r.size() + 1);
  return a;
}

namespace {

struct Collector {
  const fs::path& root;
  Discovery& out;
  std::unordered_set<std::string> seen;

  void add_file(const fs::path& path, const std::string& display, bool explicit_input = false) {
    std::error_code ec;
    fs::path canonical = fs::canonical(path, ec);
    if (ec) {
      out.problems.push_back({display, ec.message()});
      return;
    }
    if (!seen.insert(canonical.string()).second) return;
    std::string relative = relative_to_root(canonical, root);
    bool v8 = is_test_file_v8(relative), v7 = is_test_file_v7(relative);
    out.files.push_back({display, canonical.string(), std::move(relative), explicit_input, v8, v7});
  }

  void walk_directory(const fs::path& dir, const std::string& display_dir) {
    std::error_code ec;
    auto options = fs::directory_options::skip_permission_denied;
    fs::recursive_directory_iterator it(dir, options, ec), end;
    if (ec) {
      out.problems.push_back({display_dir, ec.message()});
      return;
    }
    const size_t before = out.files.size();
    std::string at;  // one buffer for the whole walk: most entries are not Python files
    while (it != end) {
      visit_entry(it, dir, display_dir);
      // A failed step (too many open files, a directory that vanished) ends
      // the iteration, so it is reported here, before the loop test sees
      // only the end: the walk must never come up short in silence.
      at.assign(it->path().native());
      it.increment(ec);
      if (ec) {
        out.problems.push_back({at, "directory walk stopped here: " + ec.message(), true});
        return;
      }
    }
    if (out.files.size() == before) out.problems.push_back({display_dir, "no Python files here", false, true});
  }

  void visit_entry(fs::recursive_directory_iterator& it, const fs::path& dir, const std::string& display_dir) {
    const fs::path& p = it->path();
    const std::string& native = p.native();
    std::error_code type_ec;
    if (it->is_directory(type_ec) && !it->is_symlink(type_ec)) {
      const std::string_view name = std::string_view(native).substr(native.rfind('/') + 1);
      if ((!name.empty() && name[0] == '.') || name == "__pycache__") it.disable_recursion_pending();
      return;
    }
    // The extension, read off the string: a test tree holds five times as
    // many other files, and splitting each path costs more than the walk.
    if (!native.ends_with(".py") || native.ends_with("/.py")) return;
    std::string display = (fs::path(display_dir) / p.lexically_relative(dir)).generic_string();
    if (!it->is_regular_file(type_ec)) {
      if (it->is_symlink(type_ec)) add_file(p, display);  // reports broken links and loops
      return;
    }
    add_file(p, display);
  }
};

}  // namespace

namespace {
std::string g_empty_path_list;  // set_empty_path_list
}  // namespace

void set_empty_path_list(const std::string& argument) { g_empty_path_list = argument; }

Discovery discover(const std::vector<std::string>& inputs, const fs::path& root) {
  Discovery out;
  Collector collector{root, out, {}};
  std::vector<std::string> paths = inputs;
  if (paths.empty() && !g_empty_path_list.empty()) {
    out.problems.push_back({g_empty_path_list, "lists no paths; nothing is read", false, true});
    return out;
  }
  if (paths.empty()) {
    // Shown as the user would type it: relative to the working directory.
    std::error_code ec;
    fs::path dir = fs::is_directory(root / "test", ec) ? root / "test" : root;
    fs::path shown = fs::absolute(dir, ec).lexically_relative(fs::current_path(ec));
    paths.push_back(shown.empty() || ec ? dir.string() : shown.string());
  }
  for (const auto& input : paths) {
    std::error_code ec;
    fs::file_status status = fs::status(input, ec);
    if (ec || !fs::exists(status)) {
      std::error_code link_ec;
      bool dangling = fs::is_symlink(fs::symlink_status(input, link_ec));
      std::string reason = ec && ec != std::errc::no_such_file_or_directory ? ec.message()
                           : dangling ? "broken symbolic link"
                                      : "No such file or directory";
      out.problems.push_back({input, reason, true});
      continue;
    }
    if (fs::is_directory(status)) collector.walk_directory(input, input);
    else collector.add_file(input, input, true);
  }
  std::sort(out.files.begin(), out.files.end(), [](const SourceFile& a, const SourceFile& b) {
    return a.relative_path != b.relative_path ? a.relative_path < b.relative_path
                                              : a.display_path < b.display_path;
  });
  return out;
}

}  // namespace hwclass
