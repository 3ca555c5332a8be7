#include "cli/app.h"

#include "version.h"

namespace hwclass {

std::unique_ptr<CLI::App> make_app(std::vector<CommandRunner>& runners) {
  auto app = std::make_unique<CLI::App>("hwclass: classify PyTorch's tests by the hardware they need", "hwclass");
  app->set_version_flag("--version", std::string("hwclass ") + kHwclassVersion);
  app->require_subcommand(1);
  app->footer("Exit status: 0 clean, 1 findings or drift, 2 usage, configuration or I/O error.\n"
              "See hwclass(1) for details.");
  runners = {register_scan(*app), register_lint(*app), register_allowlist(*app), register_classify(*app),
             register_explain(*app), register_select(*app), register_fix(*app),
             register_report(*app), register_pr(*app), register_rules(*app), register_cache(*app),
             register_completion(*app)};
  return app;
}

}  // namespace hwclass
