// Evidence for classification: each device site of a class (and of the
// classes it inherits from) read as what a test needs. Rules in
// rules/classify.md refer to these strengths.
#pragma once

#include <set>
#include <string>
#include <vector>

#include "classify/verdict.h"
#include "facts/facts.h"
#include "resolve/resolved.h"
#include "vocab/vocabulary.h"

namespace hwclass {

enum class Strength {
  Weak,      // guarded (`if torch.cuda.is_available()`), run-time devices, "cpu" literals
  Aware,     // device-generic hooks: skipCUDAIf, dtypesIfCUDA, onlyNativeDeviceTypes
  Requires,  // the test cannot run without this device: .cuda(), "cuda", @onlyCUDA, skipIf(not TEST_CUDA)
};

struct Need {
  const DeviceSite* site = nullptr;
  const FileFacts* file = nullptr;
  Strength strength = Strength::Weak;
  bool specific = false;  // stays device-specific after a migration (cuDNN, NCCL, CUDA graphs, ...)
  // A query or backend flag ([classify] query_apis): no need, but a cuDNN
  // flag still ties the code to its device, so it keeps a class there.
  bool query = false;
};

struct TestEvidence {
  std::string name;
  bool takes_device = false;
  std::vector<Need> needs;            // the test's own sites
  std::set<std::string> needed;  // devices it Requires, own and shared
  std::string only_device;            // device of its @onlyX decorator, "" when none
  // A skip decorator whose condition is not read (`@skipIf(not RUN_CUDA_HALF)`,
  // `@unittest.skip`): it may skip the test where its device is missing.
  bool skip_decorated = false;
  // The lines of its skip decorators ([first, end) each): a device check in
  // one is the test skipping itself without the device; a device API in
  // another decorator (`@torch.backends.cudnn.flags(...)`) is not.
  std::vector<std::pair<uint32_t, uint32_t>> skip_decorator_lines;
};

struct ClassEvidence {
  std::vector<TestEvidence> tests;
  std::vector<Need> shared;  // class body, class decorators, setUp/setUpClass: apply to every test
  std::vector<Need> unreached;  // helpers no test reaches: need nothing, but upstream's rules still see them
  bool shared_requirement = false;
};

// Reads the sites of the class's MRO, and the imported names resolve gave a
// device (Resolution::imported_devices) as the file's own device globals.
ClassEvidence gather_evidence(const std::vector<FileFacts>& files, const Resolution& resolution,
                              const ResolvedClass& resolved, const Vocabulary& vocabulary);

Reason reason_of(const Need& need);

}  // namespace hwclass
