// The file system as module lookup sees it: which repository-relative paths
// are regular files. Behind an interface so the lookup (module_lookup.h) is
// tested on a tree written in the test (MemoryTree) and runs on the disk
// (DiskTree) with the same code.
#pragma once

#include <filesystem>
#include <map>
#include <optional>
#include <string>

namespace hwclass {

class SourceTree {
 public:
  virtual ~SourceTree() = default;
  // The canonical repository-relative path of the regular file at
  // `relative` (symlinks resolved), or nothing when there is none or it
  // lies outside the root.
  virtual std::optional<std::string> regular_file(const std::string& relative) const = 0;
};

// The tree under a checkout's root, read from the disk.
class DiskTree final : public SourceTree {
 public:
  explicit DiskTree(const std::filesystem::path& root);
  std::optional<std::string> regular_file(const std::string& relative) const override;

 private:
  std::filesystem::path root_;  // canonical, so a canonical file's path starts with it
};

// A tree of the files given, by repository-relative path (tests).
class MemoryTree final : public SourceTree {
 public:
  explicit MemoryTree(std::map<std::string, std::string> files) : files_(std::move(files)) {}
  std::optional<std::string> regular_file(const std::string& relative) const override;

 private:
  std::map<std::string, std::string> files_;  // path -> bytes
};

}  // namespace hwclass
