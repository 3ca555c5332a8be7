// Selection: which test classes, under which runnable names, a
// --hw-classification run executes, as upstream's runtime filter decides it
// (docs/upstream.md 5): the classification through the MRO, unclassified
// classes left out, instantiated templates replaced by their device
// variants, each class under the file that runs it.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "classify/verdict.h"
#include "facts/facts.h"
#include "resolve/resolved.h"
#include "vocab/vocabulary.h"

namespace hwclass {

enum class TrustedClassification { Declared, Inferred, DeclaredOrInferred };

struct SelectionRequest {
  std::vector<std::string> members;  // upper-case members, DEVICE_GENERIC already mapped
  // What the runtime filter reads: the declaration (through the MRO).
  // Inference only on request.
  TrustedClassification use = TrustedClassification::Declared;
  std::string device;  // a runner's device: only its variants; empty for all
  // A runner's device count (--min-devices/--max-devices): only classes whose
  // min_devices is in [min_devices, max_devices]; -1 for no bound.
  int64_t min_devices = -1;
  int64_t max_devices = -1;
  // What pytest collects with no --hw-classification filter at all: every
  // class, classified or not (`members` is then ignored). For comparing what
  // two revisions collect (select/node_ids.h).
  bool every_class = false;
};

// Whether `device` is a PrivateUse1 runner: "privateuse1", or a backend
// named in the rules' [instantiate] privateuse1.
bool is_privateuse1(const std::string& device, const Vocabulary& vocabulary);

// The environment a runner of `device` collects under, as
// instantiate_device_type_tests reads it: PYTORCH_TESTING_DEVICE_ONLY_FOR
// compares the device bases' device_type, which for PrivateUse1 is
// "privateuse1" at that time. Empty for every device.
std::vector<std::string> runner_environment(const std::string& device, const Vocabulary& vocabulary);

// One class as it runs: a plain class or one device variant of a template.
// Why select leaves a class out on a runner, decided where it leaves it
// out; `warning` says it in words. Readers ask the kind, never the words.
enum class LeftOut {
  None,
  NotCollected,        // pytest cannot collect it there (an import error, NoTest, a gate false there)
  OtherDevice,         // a runner of this device collects it, but it needs another device
  GateFalse,           // its instantiate call's gate is false there: the template runs as itself
  GateUndecidable,     // a module-level condition select cannot decide for the runner
  VariantMayNotExist,  // the runner's variant rests on a device list or flag that is no literal
  AddedAtImport,       // the module adds classes at import, which select cannot list
};

// Whether the runtime may still collect a class left out for this reason
// on that runner: select could not decide, so no job's selection holds it.
inline bool may_be_collected(LeftOut why) {
  return why == LeftOut::GateUndecidable || why == LeftOut::VariantMayNotExist || why == LeftOut::AddedAtImport;
}

struct SelectedClass {
  std::string module;       // the invoking file relative to test/, no .py ("test_nn", "nn/test_conv")
  std::string invoking_file;  // repo-relative ("test/test_nn.py")
  std::string defined_in;   // repo-relative file of the class's source
  uint32_t line = 0;
  std::string source_class;  // TestFoo
  std::string name;          // as it runs: TestFoo or TestFooCUDA
  std::string device;        // the variant's device, "" for a plain class
  std::string member;        // the classification it was selected by
  bool inferred = false;     // true when the member is classify's inference, not a declaration
  size_t tests = 0;
  // Why the variant is a guess, when instantiate_device_type_tests's device
  // lists or opt-in flags are not literals; "" when the variants are known.
  // For a class left out, why it is.
  std::string warning;
  uint32_t warning_line = 0;  // the line the warning is about (the instantiate call), 0 for the class's
  bool error = false;  // left out because its file cannot be imported
  LeftOut left_out = LeftOut::None;  // for a class left out, why
  // In a run scoped to a change (select/changes.h), what of it touches the
  // class; "" otherwise.
  std::string changed_by;
  // The devices it needs (ResolvedClass::min_devices, contract 5.8), and
  // each test def's, in the class's test order.
  bool multi_process = false;
  int64_t min_devices = 1;
  std::vector<std::pair<std::string, int64_t>> test_min_devices;
  ClassRef ref;  // the class it runs (the template of a variant)
};

// A class as select lists it when INVOKING_FILE runs it, selected by
// MEMBER: its place and test count, no variant, warning or devices yet.
SelectedClass listed_class(const std::string& invoking_file, const std::string& defined_in, const ClassFact& cls,
                           const std::string& member, bool inferred, size_t tests);

// Parses member names case-insensitively (DEVICE_GENERIC is ACCELERATOR);
// throws UsageError listing the valid names for an unknown one.
std::vector<std::string> parse_members(const std::vector<std::string>& given, const Vocabulary& vocabulary);

// The selected classes in (module, name) order. Only classes run by a test
// file (upstream's patterns, after aggregator mapping) are run at all.

// Classes of the requested members the runtime may not collect go to
// `left_out` (when given), each with its reason: those in a file that
// cannot be imported (`error`), those pytest does not collect as test
// classes (ResolvedClass::not_collected), those on a base rebound to NoTest
// under a condition select cannot decide for the runner, and, for a runner,
// a variant that exists only if a non-literal device list says so.
std::vector<SelectedClass> select_classes(const std::vector<FileFacts>& files, const Resolution& resolution,
                                          const std::vector<Verdict>& verdicts, const SelectionRequest& request,
                                          const Vocabulary& vocabulary, std::vector<SelectedClass>* left_out = nullptr);


// Every class name that runs, selected or not, by module: what a pytest -k
// substring can match.
std::map<std::string, std::vector<std::string>> runnable_names(const std::vector<FileFacts>& files,
                                                               const Resolution& resolution);

}  // namespace hwclass
