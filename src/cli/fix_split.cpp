// hwclass fix --split PATH::Class: the class's file, its verdict, and the
// one candidate the split makes (fix/split.h), for fix_command.cpp to
// verify and write like any other fix.
#include "cli/fix_split.h"

#include <iostream>

#include "classify/analysis.h"
#include "fix/split.h"
#include "parse/source_reader.h"

namespace hwclass {

int split_candidate(const std::string& class_name, bool quiet, size_t line_length, const std::string& input,
                    const Session& session, const Analysis& analysis, const FixTargets& targets,
                    std::vector<FixCandidate>& out) {
  // The one input, unless it is no test file (then nothing is named).
  const std::vector<size_t> named = session.named();
  if (named.empty()) {
    std::cerr << input << ": error: not a test file; nothing to split\n";
    return 2;
  }
  const size_t at = named.front();
  const int file_index = static_cast<int>(at);
  if (!session.files()[at].readable) return 2;  // report_problems said why
  const FileFacts& f = session.files()[at];
  const SourceFile& file = session.sources()[at];
  const std::string& path = file.display_path;
  if (f.has_syntax_error()) {
    std::cerr << path << ": error: it does not parse; not split\n";
    return 2;
  }
  int index = -1;  // the last definition of the name, as Python binds it
  for (size_t k = 0; k < f.classes.size(); ++k)
    if (f.classes[k].name == class_name) index = static_cast<int>(k);
  if (index < 0) {
    std::cerr << path << ": error: no class " << class_name << " in it\n";
    return 2;
  }
  const ClassFact& cls = f.classes[static_cast<size_t>(index)];
  const Resolution& resolution = analysis.resolution;
  // A class with no verdict (no tests) has no split to propose.
  const Verdict* judged = analysis.verdict(ClassRef{file_index, index});
  Verdict v;
  if (judged) v = *judged;
  else v.ref = ClassRef{file_index, index};
  FixCandidate c{&file, {}, {}, {}, &f.statements};
  FileFacts reread;
  if (!f.encoding.empty()) {  // its facts count bytes of the decoded text, not of the file
    std::cerr << path << ": error: it declares the " << f.encoding << " encoding, and fix writes UTF-8; not split\n";
    return 2;
  }
  if (!read_source(file.absolute_path, c.source, reread) || reread.content_hash != f.content_hash) {
    std::cerr << path << ": error: it changed since it was read; not split\n";
    return 2;
  }
  SplitEdits split = split_class(session.files(), c.source, v, resolution, session.vocabulary(), targets, line_length);
  if (!split.error.empty()) {
    // A second run finds the parts a first one made: nothing to do.
    if (v.split.empty() && cls.declaration.state == DeclarationState::Valid)
      for (const ClassFact& other : f.classes)
        for (const char* part : {"Device", "DeviceType", "CUDA", "CPU", "MPS", "XPU"})
          if (other.name == cls.name + part && other.declaration.state == DeclarationState::Valid) {
            if (!quiet)
              std::cerr << path << ":" << cls.line << ": " << cls.name << " is split already (" << other.name
                        << ", line " << other.line << "); nothing to do\n";
            return 0;
          }
    std::cerr << path << ":" << cls.line << ": error: " << cls.name << " not split: " << split.error << "\n";
    return 2;
  }
  if (!quiet)
    for (const std::string& note : split.notes) std::cerr << path << ": note: " << note << "\n";
  c.edits = std::move(split.edits);
  std::vector<Edit> dropped;
  c.fixed = apply_edits(c.source, c.edits, &dropped);
  if (!dropped.empty()) {
    std::cerr << path << ":" << cls.line << ": error: " << cls.name << " not split: its edits overlap; split it by hand\n";
    return 2;
  }
  out.push_back(std::move(c));
  return 0;
}

}  // namespace hwclass
