// Parse files on a pool of worker threads, each with its own TSParser, and
// hand every tree to a consumer before freeing it (memory per thread is
// about 35x the file being parsed, so trees must not accumulate).
#pragma once

#include <functional>
#include <string_view>
#include <vector>

#include <tree_sitter/api.h>

#include "discover/discover.h"
#include "facts/facts.h"

namespace hwclass {

// `index` is the file's position in `files`.
using TreeConsumer =
    std::function<void(size_t index, const TSTree* tree, std::string_view source, FileFacts& facts)>;

// Called once per file, in the order of `files`, as soon as that file and all
// before it are done (on whichever worker finishes the gap; never two at once).
using InOrderCallback = std::function<void(size_t index, FileFacts& facts)>;

// Results come back in the order of `files`, whatever `jobs` is.
std::vector<FileFacts> parse_files(const std::vector<SourceFile>& files, int jobs, const TreeConsumer& consume,
                                   const InOrderCallback& in_order = nullptr);

// Fills `text` with the bytes of source `index` (read_source, or
// check_source on bytes from elsewhere); false when it is not to be parsed.
// Called on worker threads, at most once per index.
using SourceLoader = std::function<bool(size_t index, std::string& text, FileFacts& facts)>;

// parse_files for sources that are not files on disk (git blobs).
std::vector<FileFacts> parse_sources(const std::vector<SourceFile>& files, int jobs, const SourceLoader& load,
                                     const TreeConsumer& consume, const InOrderCallback& in_order = nullptr);

// What the facts say of a readable file the parser returned no tree for:
// the file cannot be analysed, so it is reported as not parsing.
void record_parser_gave_up(FileFacts& facts);

}  // namespace hwclass
