#include "select/durations.h"

#include <cmath>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <tinyxml2.h>

#include "select/test_module.h"
#include "util/error.h"
#include "util/json_file.h"

namespace hwclass {
namespace {

namespace fs = std::filesystem;

std::string after_last_dot(const std::string& s) {
  size_t dot = s.rfind('.');
  return dot == std::string::npos ? s : s.substr(dot + 1);
}

std::string dotted_to_module(std::string s) {
  if (s.rfind("test.", 0) == 0) s = s.substr(5);
  for (char& c : s) c = c == '.' ? '/' : c;
  return s;
}


// A testcase's time; a time that is not a duration (negative, infinite,
// NaN) would unbalance every shard, so it is an error naming its line.
double seconds(const tinyxml2::XMLElement* e, const fs::path& path) {
  double t = 0;
  e->QueryDoubleAttribute("time", &t);
  if (!(t >= 0) || std::isinf(t))
    throw ConfigError(path.string() + ":" + std::to_string(e->GetLineNum()) + ": time '" + e->Attribute("time") +
                      "' is not a duration in seconds");
  return t;
}

void read_report(const fs::path& path, Durations& into, TestCounts* counts) {
  tinyxml2::XMLDocument doc;
  if (doc.LoadFile(path.string().c_str()) != tinyxml2::XML_SUCCESS)
    throw ConfigError(path.string() + ":" + std::to_string(doc.ErrorLineNum() > 0 ? doc.ErrorLineNum() : 1) +
                      ": not a JUnit XML report (" + doc.ErrorName() + ")");
  // unittest-xml-reporting's directory is the dotted invoking module.
  const std::string directory_module = dotted_to_module(path.parent_path().filename().string());
  std::vector<const tinyxml2::XMLElement*> stack{doc.RootElement()};
  while (!stack.empty()) {
    const tinyxml2::XMLElement* e = stack.back();
    stack.pop_back();
    if (!e) continue;
    if (std::string(e->Name()) != "testcase") {
      for (auto* child = e->FirstChildElement(); child; child = child->NextSiblingElement()) stack.push_back(child);
      continue;
    }
    const char* classname = e->Attribute("classname");
    if (!classname || !*classname) continue;  // collection errors have no class
    bool skipped = e->FirstChildElement("skipped") && !e->FirstChildElement("failure") && !e->FirstChildElement("error");
    std::string cls = after_last_dot(classname), module;
    if (const char* file = e->Attribute("file")) module = test_module(file);
    else if (directory_module.rfind("test_", 0) == 0 || directory_module.find("/test_") != std::string::npos)
      module = directory_module;
    else {
      std::string prefix = classname;
      size_t dot = prefix.rfind('.');
      module = dot == std::string::npos ? "" : dotted_to_module(prefix.substr(0, dot));
    }
    if (counts) ++(*counts)[{module, cls}];
    if (skipped) continue;
    double t = seconds(e, path);
    for (auto* rerun = e->FirstChildElement("rerun"); rerun; rerun = rerun->NextSiblingElement("rerun"))
      t += seconds(rerun, path);
    into[{module, cls}] += t;
  }
}

}  // namespace

void read_junit(const std::string& path, Durations& into, TestCounts* counts) {
  std::error_code ec;
  if (fs::is_directory(path, ec)) {
    std::vector<fs::path> reports;
    for (auto it = fs::recursive_directory_iterator(path, ec); !ec && it != fs::recursive_directory_iterator();
         it.increment(ec))
      if (it->path().extension() == ".xml") reports.push_back(it->path());
    if (ec) throw ConfigError(path + ": " + ec.message());
    std::sort(reports.begin(), reports.end());
    for (const auto& report : reports) read_report(report, into, counts);
    return;
  }
  if (!fs::exists(path, ec)) throw ConfigError(path + ": No such file or directory");
  read_report(path, into, counts);
}

std::vector<std::string> read_class_times(const std::string& path, const std::string& build_env,
                                          const std::string& test_config, Durations& into) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw ConfigError(path + ": cannot read");
  nlohmann::json doc = read_json_file(path, in);
  std::vector<std::string> warnings;
  const nlohmann::json* table = nullptr;
  const std::vector<std::pair<std::string, std::string>> tries = {
      {build_env, test_config}, {"default", test_config}, {"default", "default"}};
  for (const auto& [env, config] : tries) {
    if (doc.is_object() && doc.contains(env) && doc[env].is_object() && doc[env].contains(config) &&
        doc[env][config].is_object()) {
      table = &doc[env][config];
      break;
    }
    warnings.push_back(path + ": no times for build environment '" + env + "', test config '" + config + "'");
  }
  if (!table) return warnings;
  for (const auto& [module, classes] : table->items()) {
    if (!classes.is_object()) throw ConfigError(path + ": '" + module + "' is not an object of class times");
    for (const auto& [cls, t] : classes.items()) {
      if (!t.is_number()) continue;
      double seconds = t.get<double>();
      if (!(seconds >= 0) || std::isinf(seconds))
        throw ConfigError(path + ": the time of " + module + "." + cls + " is not a duration in seconds");
      into[{module, cls}] = seconds;
    }
  }
  return warnings;
}

}  // namespace hwclass
