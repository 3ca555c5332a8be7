// The HardwareClassification members, as rules/devices.toml's
// [classification] declares them, with the aliases hwclass accepts and the
// two members the rules reason about by role rather than by name: the one
// for tests that need no device (the first that no [device.*] table names:
// GENERIC) and the one for tests that run on whichever accelerator there is
// (the member of the any-accelerator table: ACCELERATOR). Code asks for a role here and
// never spells a member.
#pragma once

#include <algorithm>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace hwclass {

class Members {
 public:
  Members() = default;
  Members(std::vector<std::string> names, std::map<std::string, std::string> aliases)
      : names_(std::move(names)), aliases_(std::move(aliases)) {}

  // In upstream's order.
  const std::vector<std::string>& names() const { return names_; }
  bool contains(std::string_view name) const { return std::find(names_.begin(), names_.end(), name) != names_.end(); }
  // The member an alias stands for (DEVICE_GENERIC -> ACCELERATOR); null for any other name.
  const std::string* alias_target(std::string_view name) const {
    auto it = aliases_.find(std::string(name));
    return it == aliases_.end() ? nullptr : &it->second;
  }
  // The first alias (by name) that stands for `member`, "" when none does.
  std::string alias_of(std::string_view member) const {
    for (const auto& [alias, target] : aliases_)
      if (target == member) return alias;
    return "";
  }

  // The member of tests that need no device.
  const std::string& generic() const { return generic_; }
  // The member of tests that run on any accelerator.
  const std::string& accelerator() const { return accelerator_; }
  bool is_generic(std::string_view member) const { return !member.empty() && member == generic_; }
  bool is_accelerator(std::string_view member) const { return !member.empty() && member == accelerator_; }

  // Set once the device tables are read (vocab/vocabulary.cpp checks them).
  void set_roles(std::string generic, std::string accelerator) {
    generic_ = std::move(generic);
    accelerator_ = std::move(accelerator);
  }

 private:
  std::vector<std::string> names_;
  std::map<std::string, std::string> aliases_;
  std::string generic_, accelerator_;
};

}  // namespace hwclass
