// FileFacts to bytes and back, for the cache (src/cache/). One description
// of the layout (`describe` in facts_io.cpp) drives both directions, so they
// cannot disagree. Reading checks every length and enum against the bytes
// left and throws BadFacts, so a truncated or foreign entry is never trusted.
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>

#include "facts/facts.h"

namespace hwclass {

struct BadFacts : std::runtime_error {
  using std::runtime_error::runtime_error;
};

std::string encode_facts(const FileFacts& facts);
FileFacts decode_facts(std::string_view bytes);  // throws BadFacts

}  // namespace hwclass
