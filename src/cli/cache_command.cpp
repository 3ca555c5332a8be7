// hwclass cache info|clean: where the facts cache is, how big, and removing it.
#include <iostream>
#include <memory>

#include "cache/facts_cache.h"
#include "cli/commands.h"
#include "cli/common.h"
#include "discover/discover.h"

namespace hwclass {

CommandRunner register_cache(CLI::App& app) {
  struct State {
    std::string action, root, cache_dir;
  };
  auto s = std::make_shared<State>();
  CLI::App* cmd = app.add_subcommand("cache", "Show or remove the cache of file facts (info, clean)");
  cmd->add_option("action", s->action, "info: where the cache is and its size; clean: remove it")
      ->required()
      ->check(CLI::IsMember({"info", "clean"}));
  cmd->add_option("--root", s->root, "Repository root (default: nearest ancestor of the working directory with .git)");
  cmd->add_option("--cache-dir", s->cache_dir, "The cache directory (default: HWCLASS_CACHE_DIR, else <root>/.hwclass_cache)");
  return [s, cmd](RunStats*) -> int {
    if (!cmd->parsed()) return -1;
    // The root is looked for only when it decides the directory.
    const std::string given = cache_dir_setting(s->cache_dir);
    std::filesystem::path dir = cache_dir(given, given.empty() ? find_repo_root(s->root) : std::filesystem::path());
    if (s->action == "clean") {
      CleanResult r = clean_cache(dir);
      std::cout << "removed " << r.removed.entries << " entries in " << r.removed.packs << " packs ("
                << (r.removed.bytes + 1023) / 1024 << " KiB) from " << dir.string() << "\n";
      if (r.kept) std::cout << "kept " << r.kept << " files hwclass did not write, and the directory\n";
      return 0;
    }
    CacheStats stats = cache_stats(dir);
    std::cout << "cache: " << dir.string() << "\npacks: " << stats.packs << " (one per run that parsed)\nentries: "
              << stats.entries << " (one per file parsed, in each pack)\nsize: " << (stats.bytes + 1023) / 1024
              << " KiB\n";
    return 0;
  };
}

}  // namespace hwclass
