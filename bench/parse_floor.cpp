// The floor hwclass's scan is measured against: read and parse the same
// files with the same tree-sitter build and thread count, then walk each tree
// once with a cursor (visiting every node) and free it. No facts are extracted.
#include <atomic>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <tree_sitter/api.h>

#include "util/huge_pages.h"

extern "C" const TSLanguage* tree_sitter_python(void);

int main(int argc, char** argv) {
  hwclass::prefer_huge_pages();
  if (argc < 3) {
    std::cerr << "usage: parse_floor JOBS FILELIST\n";
    return 2;
  }
  int jobs = std::stoi(argv[1]);
  std::vector<std::string> files;
  std::ifstream list(argv[2]);
  for (std::string line; std::getline(list, line);)
    if (!line.empty()) files.push_back(line);
  std::atomic<size_t> next{0}, nodes{0};
  auto worker = [&] {
    TSParser* parser = ts_parser_new();
    ts_parser_set_language(parser, tree_sitter_python());
    size_t local = 0;
    for (size_t i = next++; i < files.size(); i = next++) {
      std::ifstream in(files[i], std::ios::binary);
      std::stringstream buffer;
      buffer << in.rdbuf();
      std::string text = buffer.str();
      TSTree* tree = ts_parser_parse_string(parser, nullptr, text.data(), static_cast<uint32_t>(text.size()));
      TSTreeCursor cursor = ts_tree_cursor_new(ts_tree_root_node(tree));
      for (;;) {
        ++local;
        if (ts_tree_cursor_goto_first_child(&cursor)) continue;
        while (!ts_tree_cursor_goto_next_sibling(&cursor))
          if (!ts_tree_cursor_goto_parent(&cursor)) goto done;
      }
    done:
      ts_tree_cursor_delete(&cursor);
      ts_tree_delete(tree);
    }
    nodes += local;
    ts_parser_delete(parser);
  };
  std::vector<std::thread> pool;
  for (int t = 1; t < jobs; ++t) pool.emplace_back(worker);
  worker();
  for (auto& t : pool) t.join();
  std::printf("%zu files, %zu nodes\n", files.size(), nodes.load());
  return 0;
}
