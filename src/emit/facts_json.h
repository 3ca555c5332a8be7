// `hwclass scan` output: the fact model as a stable JSON document, or a
// readable summary per file.
#pragma once

#include <string>
#include <vector>

#include "facts/facts.h"
#include "util/output_sink.h"

namespace hwclass {

void write_facts_json(OutputSink& out, const std::vector<FileFacts>& files);
std::string facts_to_text(const std::vector<FileFacts>& files);

}  // namespace hwclass
