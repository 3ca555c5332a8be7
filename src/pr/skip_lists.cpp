#include "pr/skip_lists.h"

#include <algorithm>
#include <fstream>
#include <sstream>

#include "util/error.h"
#include "util/json_file.h"

namespace hwclass {
namespace {

namespace fs = std::filesystem;

// "test_x_cuda_float32 (__main__.TestFooCUDA)": the test, and the class
// after the last dot, as check_if_enable splits it; false when malformed.
bool split_unittest_key(const std::string& key, std::string& test, std::string& cls) {
  std::istringstream words(key);
  std::string second;
  if (!(words >> test >> second) || second.size() < 2) return false;
  std::string qualified = second.substr(1, second.size() - 2);
  cls = qualified.substr(qualified.rfind('.') == std::string::npos ? 0 : qualified.rfind('.') + 1);
  return !cls.empty();
}

// The line of `key` in the JSON text (its first quoted occurrence).
uint32_t line_of(const std::string& text, const std::string& key) {
  size_t at = text.find('"' + key + '"');
  if (at == std::string::npos) return 0;
  return static_cast<uint32_t>(1 + std::count(text.begin(), text.begin() + static_cast<long>(at), '\n'));
}

void read_keyed_json(const fs::path& root, const std::string& relative, SkipLists& out) {
  std::ifstream in(root / relative, std::ios::binary);
  if (!in) {
    out.absent.push_back(relative);
    return;
  }
  std::stringstream buffer;
  buffer << in.rdbuf();
  const std::string text = buffer.str();
  nlohmann::json json = parse_json_text(relative, text);
  if (!json.is_object()) throw ConfigError(relative + ":1: expected a JSON object keyed by test");
  out.read.push_back(relative);
  for (const auto& [key, value] : json.items()) {
    SkipEntry e{relative, line_of(text, key), key, "", "", true};
    if (split_unittest_key(key, e.test, e.cls)) out.entries.push_back(std::move(e));
  }
}

void read_dynamo_dir(const fs::path& root, const std::string& relative, SkipLists& out) {
  std::error_code ec;
  if (!fs::is_directory(root / relative, ec)) {
    out.absent.push_back(relative + "/");
    return;
  }
  std::vector<std::string> names;
  for (fs::directory_iterator it(root / relative, ec), end; !ec && it != end; it.increment(ec))
    names.push_back(it->path().filename().string());
  if (ec) throw ConfigError(relative + "/: " + ec.message());
  std::sort(names.begin(), names.end());  // directory order is the file system's
  out.read.push_back(relative + "/");
  for (const std::string& name : names) {
    size_t dot = name.find('.');
    if (dot == std::string::npos || dot == 0 || dot + 1 == name.size()) continue;
    out.entries.push_back(SkipEntry{relative + "/" + name, 0, name, name.substr(0, dot), name.substr(dot + 1), false});
  }
}

}  // namespace

SkipLists read_skip_lists(const fs::path& root) {
  SkipLists out;
  read_keyed_json(root, "test/slow_tests.json", out);
  read_keyed_json(root, ".pytorch-disabled-tests.json", out);
  read_dynamo_dir(root, "test/dynamo_expected_failures", out);
  read_dynamo_dir(root, "test/dynamo_skips", out);
  return out;
}

bool entry_matches(const SkipEntry& entry, const NodeId& id) {
  if (id.cls.empty()) return false;
  if (entry.class_prefix ? !id.cls.starts_with(entry.cls) : id.cls != entry.cls) return false;
  if (entry.test == id.test) return true;
  if (!id.suffixed) return false;
  // check_if_enable also reads a name without its dtype and device suffix:
  // test_x for test_x_cpu_float32.
  if (entry.class_prefix && entry.test == id.def) return true;
  return names_instance(entry.test, id);
}

bool names_instance(const std::string& name, const NodeId& id) {
  if (name == id.test) return true;
  if (!id.suffixed || !name.starts_with(id.def + "_")) return false;
  if (id.device.empty()) return true;
  // A variant's parameters and device come in either order:
  // test_x_cpu_float32 (@dtypes), test_x_shard_dim_0_cpu (@parametrize).
  std::string rest(1, '_'), device(1, '_');  // appended: GCC 12 warns falsely on "_" + s (-Wrestrict)
  rest.append(name, id.def.size() + 1).push_back('_');
  device.append(id.device).push_back('_');
  return rest.find(device) != std::string::npos;
}

std::vector<SkipEntry> stale_entries(const SkipLists& lists, const std::vector<NodeId>& before,
                                     const std::vector<NodeId>& after) {
  std::vector<SkipEntry> out;
  auto any = [](const SkipEntry& e, const std::vector<NodeId>& ids) {
    return std::any_of(ids.begin(), ids.end(), [&](const NodeId& id) { return entry_matches(e, id); });
  };
  for (const SkipEntry& e : lists.entries)
    if (any(e, before) && !any(e, after)) out.push_back(e);
  return out;
}

}  // namespace hwclass
