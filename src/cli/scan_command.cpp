#include <memory>

#include "cli/commands.h"
#include "cli/common.h"
#include "emit/facts_json.h"

namespace hwclass {

CommandRunner register_scan(CLI::App& app) {
  struct State {
    CommonOptions common;
    std::string format = "json";
  };
  auto state = std::make_shared<State>();
  CLI::App* cmd = app.add_subcommand("scan", "Parse test files into facts: classes, tests, declarations, "
                                              "instantiate calls and every hardcoded device site");
  add_common_options(*cmd, state->common);
  cmd->add_option("--format", state->format, "Output format")->check(CLI::IsMember({"json", "text"}));
  return [state, cmd]() -> int {
    if (!cmd->parsed()) return -1;
    ScanResult result = scan_inputs(state->common);
    bool inputs_ok = report_problems(result, state->common);
    OutputSink sink(state->common.output);
    if (state->format == "json") write_facts_json(sink, result.files);
    else sink.write(facts_to_text(result.files));
    sink.commit();
    bool any_read = false;
    for (const auto& f : result.files) any_read |= f.readable;
    if (!inputs_ok || (!result.files.empty() && !any_read)) return 2;
    return 0;
  };
}

}  // namespace hwclass
