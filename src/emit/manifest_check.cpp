#include "emit/manifest_check.h"

#include <algorithm>
#include <nlohmann/json.hpp>

#include "util/error.h"
#include "util/json_file.h"

namespace hwclass {
namespace {

// A section's arrays sorted, so the order options were given in is no change.
nlohmann::json canonical(nlohmann::json section) {
  for (auto& [key, value] : section.items())
    if (value.is_array()) std::sort(value.begin(), value.end());
  return section;
}

std::string text_of(const nlohmann::json& doc, const char* key) {
  return doc.contains(key) && doc[key].is_string() ? doc[key].get<std::string>() : "";
}

}  // namespace

ManifestView read_manifest(const std::string& text, const std::string& name) {
  nlohmann::json doc = parse_json_text(name, text);
  if (!doc.is_object() || !doc.contains("classes") || !doc["classes"].is_array())
    throw ConfigError(name + ": not a hwclass manifest");
  ManifestView v;
  v.command = text_of(doc, "command");
  nlohmann::json inputs = canonical(doc.value("inputs", nlohmann::json::object()));
  nlohmann::json plan = nlohmann::json::object();
  // Timing inputs and the shard count change where a class runs, not whether.
  for (const char* timing : {"junit", "test_class_times", "shards"})
    if (inputs.contains(timing)) plan[timing] = inputs[timing], inputs.erase(timing);
  v.options = nlohmann::json{{"selection", canonical(doc.value("selection", nlohmann::json::object()))},
                             {"inputs", inputs}}
                  .dump();
  const nlohmann::json shards = doc.value("shards", nlohmann::json::array());
  if (shards.is_array() && !shards.empty() && shards[0].is_object()) plan["num_shards"] = shards[0].value("num_shards", 0);
  v.shard_plan = plan.dump();
  for (const auto& c : doc["classes"]) {
    if (!c.is_object()) throw ConfigError(name + ": a class entry is not an object");
    const std::string file = text_of(c, "test_file");
    const std::string key = file + "::" + text_of(c, "runs_as");
    const std::string device = text_of(c, "device");
    v.classes[key] = text_of(c, "hw_classification") + ", " + text_of(c, "source") +
                     (device.empty() ? "" : ", device " + device);
    v.source_class[key] = file + "::" + text_of(c, "class");
  }
  for (const auto& sh : doc.value("shards", nlohmann::json::array()))
    for (const auto& run : sh.value("tests", nlohmann::json::array()))
      for (const auto& included : run.value("included", nlohmann::json::array()))
        if (included.is_string())
          v.shard[text_of(run, "test_file") + "::" + included.get<std::string>()] = sh.value("shard", 0);
  return v;
}

std::vector<std::string> manifest_changes(const ManifestView& before, const ManifestView& now,
                                          const std::map<std::string, std::string>& elsewhere,
                                          const CheckOptions& options, const std::string& path) {
  if (before.options != now.options || (options.shards && before.shard_plan != now.shard_plan)) {
    std::string made = before.command.empty() ? "options this hwclass does not record (an older manifest)"
                                              : "'" + before.command + "'";
    throw UsageError("--check " + path + ": the manifest was made with other options: " + made +
                     "; check with those, or remake it with these and -o " + path);
  }
  std::vector<std::string> lines;
  auto shard_of = [](const ManifestView& v, const std::string& key) {
    auto it = v.shard.find(key);
    return it == v.shard.end() ? 0 : it->second;
  };
  for (const auto& [key, what] : now.classes) {
    auto it = before.classes.find(key);
    if (it == before.classes.end())
      lines.push_back("added        " + key + " (" + what + ")");
    else if (it->second != what)
      lines.push_back("reclassified " + key + ": " + it->second + " -> " + what);
    else if (options.shards && shard_of(before, key) != shard_of(now, key))
      lines.push_back("moved        " + key + ": shard " + std::to_string(shard_of(before, key)) + " -> shard " +
                      std::to_string(shard_of(now, key)));
  }
  for (const auto& [key, what] : before.classes) {
    if (now.classes.count(key)) continue;
    auto source = before.source_class.find(key);
    auto now_as = source == before.source_class.end() ? elsewhere.end() : elsewhere.find(source->second);
    if (now_as != elsewhere.end() && what.rfind(now_as->second, 0) != 0)
      lines.push_back("reclassified " + key + ": " + what + " -> " + now_as->second + " (no longer selected)");
    else
      lines.push_back("removed      " + key + " (" + what + ")");
  }
  return lines;
}

}  // namespace hwclass
