#include "parse/parallel_parse.h"

#include <atomic>
#include <cstdlib>
#include <thread>

#include "discover/test_file.h"
#include "parse/grammar.h"
#include "parse/source_reader.h"

namespace hwclass {

int resolve_jobs(int requested) {
  if (requested > 0) return requested;
  if (const char* env = std::getenv("MAX_JOBS")) {
    int n = std::atoi(env);
    if (n > 0) return n;
  }
  unsigned cores = std::thread::hardware_concurrency();
  return cores ? static_cast<int>(cores) : 1;
}

std::vector<FileFacts> parse_files(const std::vector<SourceFile>& files, int jobs, const TreeConsumer& consume) {
  std::vector<FileFacts> results(files.size());
  std::atomic<size_t> next{0};
  const TSLanguage* language = Grammar::get().language();

  auto worker = [&] {
    TSParser* parser = ts_parser_new();
    ts_parser_set_language(parser, language);
    std::string text;
    for (size_t i = next++; i < files.size(); i = next++) {
      const SourceFile& file = files[i];
      FileFacts& facts = results[i];
      facts.path = file.display_path;
      facts.relative_path = file.relative_path;
      facts.is_test_file = is_test_file_v8(file.relative_path);
      facts.is_test_file_v7 = is_test_file_v7(file.relative_path);
      text.clear();
      if (!read_source(file.absolute_path, text, facts)) continue;
      TSTree* tree = ts_parser_parse_string(parser, nullptr, text.data(), static_cast<uint32_t>(text.size()));
      if (!tree) {
        facts.issues.push_back({IssueSeverity::Error, "read-error", "the parser gave up on this file", 0, 0, true});
        ts_parser_reset(parser);
        continue;
      }
      consume(tree, text, facts);
      ts_tree_delete(tree);
      if (text.capacity() > (8u << 20)) std::string().swap(text);  // do not hold a huge buffer
    }
    ts_parser_delete(parser);
  };

  int threads = std::max(1, std::min<int>(jobs, static_cast<int>(files.size())));
  std::vector<std::thread> pool;
  for (int t = 1; t < threads; ++t) pool.emplace_back(worker);
  worker();
  for (auto& t : pool) t.join();
  return results;
}

}  // namespace hwclass
