#include "parse/parallel_parse.h"

#include <atomic>
#include <exception>
#include <memory>
#include <mutex>
#include <cstdlib>
#include <thread>

#include "parse/grammar.h"
#include "parse/grammar_gaps.h"
#include "parse/source_reader.h"

namespace hwclass {

// The file was read, so this is no read-error (whose rule skips a readable
// file, and the file linted clean): no tree means no Python the tools can
// analyse, which is upstream's [parse_error], at line 1 as upstream reports.
void record_parser_gave_up(FileFacts& facts) {
  facts.issues.push_back({IssueSeverity::Error, "syntax-error", "the parser gave up on this file", 1, 0, true});
}

namespace {

// Valid Python the grammar rejects: repair it (byte offsets unchanged) and
// parse again, noting each repaired line.
TSTree* repair(TSParser* parser, TSTree* tree, std::string& text, FileFacts& facts) {
  std::vector<uint32_t> lines = repair_grammar_gaps(tree, text);
  if (lines.empty()) return tree;
  TSTree* repaired = ts_parser_parse_string(parser, nullptr, text.data(), static_cast<uint32_t>(text.size()));
  if (!repaired) return tree;
  ts_tree_delete(tree);
  for (uint32_t line : lines)
    facts.issues.push_back({IssueSeverity::Note, "grammar-gap",
                            "starred expression the grammar does not accept (valid Python); read with the star "
                            "as a space",
                            line, 0, false});
  return repaired;
}

}  // namespace

std::vector<FileFacts> parse_files(const std::vector<SourceFile>& files, int jobs, const TreeConsumer& consume,
                                   const InOrderCallback& in_order) {
  return parse_sources(
      files, jobs,
      [&](size_t i, std::string& text, FileFacts& facts) { return read_source(files[i].absolute_path, text, facts); },
      consume, in_order);
}

std::vector<FileFacts> parse_sources(const std::vector<SourceFile>& files, int jobs, const SourceLoader& load,
                                     const TreeConsumer& consume, const InOrderCallback& in_order) {
  std::vector<FileFacts> results(files.size());
  std::atomic<size_t> next{0};
  // In-order delivery: whoever completes a file tries to deliver the run of
  // finished files after the last delivered one; a busy deliverer is not waited for.
  std::unique_ptr<std::atomic<bool>[]> done(new std::atomic<bool>[files.size()]);
  for (size_t i = 0; i < files.size(); ++i) done[i] = false;
  std::mutex delivering;
  size_t delivered = 0;
  // The first exception of any worker (an output file that cannot be
  // written, say) stops every worker and is rethrown here, on the caller's
  // thread: an exception escaping a std::thread would abort the process.
  std::atomic<bool> failed{false};
  std::exception_ptr failure;
  std::mutex failing;
  auto deliver = [&](bool wait) {
    if (!in_order || failed.load()) return;
    std::unique_lock<std::mutex> lock(delivering, std::defer_lock);
    if (wait) lock.lock();
    else if (!lock.try_lock()) return;
    while (delivered < files.size() && done[delivered].load(std::memory_order_acquire)) {
      in_order(delivered, results[delivered]);
      ++delivered;
    }
  };
  const TSLanguage* language = Grammar::get().language();

  auto work = [&](TSParser* parser) {
    std::string text;
    for (size_t i = next++; i < files.size() && !failed.load(); i = next++) {
      const SourceFile& file = files[i];
      FileFacts& facts = results[i];
      facts.path = file.display_path;
      facts.relative_path = file.relative_path;
      facts.is_test_file = file.is_test_file;
      facts.is_test_file_v7 = file.is_test_file_v7;
      text.clear();
      if (load(i, text, facts)) {
        TSTree* tree = ts_parser_parse_string(parser, nullptr, text.data(), static_cast<uint32_t>(text.size()));
        if (tree && ts::has_error(ts_tree_root_node(tree))) tree = repair(parser, tree, text, facts);
        if (tree) {
          std::unique_ptr<TSTree, decltype(&ts_tree_delete)> owned(tree, ts_tree_delete);
          consume(i, tree, text, facts);
        } else {
          record_parser_gave_up(facts);
          ts_parser_reset(parser);
        }
        if (text.capacity() > (8u << 20)) std::string().swap(text);  // do not hold a huge buffer
      }
      done[i].store(true, std::memory_order_release);
      deliver(false);
    }
  };
  auto worker = [&] {
    std::unique_ptr<TSParser, decltype(&ts_parser_delete)> parser(ts_parser_new(), ts_parser_delete);
    ts_parser_set_language(parser.get(), language);
    try {
      work(parser.get());
    } catch (...) {
      std::lock_guard<std::mutex> lock(failing);
      if (!failure) failure = std::current_exception();
      failed = true;
    }
  };

  int threads = std::max(1, std::min<int>(jobs, static_cast<int>(files.size())));
  std::vector<std::thread> pool;
  for (int t = 1; t < threads; ++t) pool.emplace_back(worker);
  worker();
  for (auto& t : pool) t.join();
  if (failure) std::rethrow_exception(failure);
  deliver(true);
  return results;
}

}  // namespace hwclass
