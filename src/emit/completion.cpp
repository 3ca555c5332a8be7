#include "emit/completion.h"

#include <sstream>
#include <stdexcept>

namespace hwclass {
namespace {

std::string joined(const std::vector<std::string>& words, const std::string& prefix = "") {
  std::string out;
  for (const std::string& word : words) out += (out.empty() ? "" : " ") + prefix + word;
  return out;
}

std::vector<std::string> option_words(const CompletionOption& option) {
  std::vector<std::string> words;
  for (const std::string& s : option.shorts) words.push_back("-" + s);
  for (const std::string& l : option.longs) words.push_back("--" + l);
  return words;
}

// The text between single quotes, for a shell where '\'' ends, escapes and
// reopens the quote (bash, zsh).
std::string posix_quoted(const std::string& s) {
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

// --- bash -------------------------------------------------------------------
// One function: it walks the words typed so far to the (sub)command they name,
// then offers that command's option values, options, subcommands or files.

void bash_value_cases(const CompletionCommand& cmd, const std::string& path, std::ostream& out) {
  for (const CompletionOption& option : cmd.options) {
    if (!option.takes_value) continue;
    std::string labels;
    for (const std::string& word : option_words(option)) labels += (labels.empty() ? "" : "|") + ("\"" + path + "|" + word + "\"");
    out << "    " << labels << ") ";
    if (!option.choices.empty()) out << "COMPREPLY=($(compgen -W \"" << joined(option.choices) << "\" -- \"$cur\"))";
    else if (option.numeric) out << "COMPREPLY=()";
    else out << "compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- \"$cur\"))";
    out << "; return 0 ;;\n";
  }
  for (const CompletionCommand& sub : cmd.subcommands) bash_value_cases(sub, path + " " + sub.name, out);
}

void bash_walk_cases(const CompletionCommand& cmd, const std::string& path, std::ostream& out) {
  for (const CompletionCommand& sub : cmd.subcommands) {
    out << "      \"" << path << "|" << sub.name << "\") path=\"" << path << " " << sub.name << "\" ;;\n";
    bash_walk_cases(sub, path + " " + sub.name, out);
  }
}

void bash_command_cases(const CompletionCommand& cmd, const std::string& path, std::ostream& out) {
  std::vector<std::string> options;
  for (const CompletionOption& option : cmd.options)
    for (const std::string& word : option_words(option)) options.push_back(word);
  std::vector<std::string> words = cmd.positional_choices;
  for (const CompletionCommand& sub : cmd.subcommands) words.push_back(sub.name);
  const bool files = cmd.positionals && cmd.positional_choices.empty();
  out << "    \"" << path << "\") opts=\"" << joined(options) << "\"; words=\"" << joined(words)
      << "\"; files=" << (files ? 1 : 0) << " ;;\n";
  for (const CompletionCommand& sub : cmd.subcommands) bash_command_cases(sub, path + " " + sub.name, out);
}

std::string bash_script(const CompletionCommand& top) {
  const std::string fn = "_" + top.name;
  std::ostringstream out;
  out << "# bash completion for " << top.name << " (written by `" << top.name << " completion bash`)\n"
      << fn << "() {\n"
      << "  local cur=\"${COMP_WORDS[COMP_CWORD]}\" prev=\"\" path=\"" << top.name << "\" i w\n"
      << "  (( COMP_CWORD > 0 )) && prev=\"${COMP_WORDS[COMP_CWORD-1]}\"\n"
      << "  # bash splits --option=value at '=' (COMP_WORDBREAKS).\n"
      << "  if [[ $cur == \"=\" ]]; then cur=\"\";\n"
      << "  elif [[ $prev == \"=\" ]] && (( COMP_CWORD > 1 )); then prev=\"${COMP_WORDS[COMP_CWORD-2]}\"; fi\n"
      << "  for (( i = 1; i < COMP_CWORD; i++ )); do\n"
      << "    w=\"${COMP_WORDS[i]}\"\n"
      << "    case \"$path|$w\" in\n";
  bash_walk_cases(top, top.name, out);
  out << "    esac\n"
      << "  done\n"
      << "  case \"$path|$prev\" in\n";
  bash_value_cases(top, top.name, out);
  out << "  esac\n"
      << "  local opts=\"\" words=\"\" files=0\n"
      << "  case \"$path\" in\n";
  bash_command_cases(top, top.name, out);
  out << "  esac\n"
      << "  if [[ $cur == -* ]]; then COMPREPLY=($(compgen -W \"$opts\" -- \"$cur\")); return 0; fi\n"
      << "  COMPREPLY=($(compgen -W \"$words\" -- \"$cur\"))\n"
      << "  if (( files )); then compopt -o filenames 2>/dev/null; COMPREPLY+=($(compgen -f -- \"$cur\")); fi\n"
      << "  return 0\n"
      << "}\n"
      << "complete -F " << fn << " " << top.name << "\n";
  return out.str();
}

// --- zsh --------------------------------------------------------------------
// One _arguments function per command; a command with subcommands describes
// them and hands the rest of the line to the chosen one's function.

std::string zsh_description(const std::string& help) {
  std::string out;
  for (char c : help) {
    if (c == '[' || c == ']' || c == '\\') out += '\\';
    out += c;
  }
  return out;
}

std::string zsh_option_spec(const CompletionOption& option) {
  std::vector<std::string> names;
  for (const std::string& s : option.shorts) names.push_back("-" + s + (option.takes_value ? "+" : ""));
  for (const std::string& l : option.longs) names.push_back("--" + l + (option.takes_value ? "=" : ""));
  std::string spec = "[" + zsh_description(option.help) + "]";
  if (option.takes_value) {
    if (!option.choices.empty()) spec += ":value:(" + joined(option.choices) + ")";
    else if (option.numeric) spec += ":number: ";
    else spec += ":file:_files";
  }
  // Every option may be repeated: '*' keeps offering it.
  if (names.size() == 1) return posix_quoted("*" + names[0] + spec);
  std::string braced;
  for (const std::string& name : names) braced += (braced.empty() ? "" : ",") + posix_quoted(name);
  return "'*'{" + braced + "}" + posix_quoted(spec);
}

std::string zsh_function(const std::string& path) {
  std::string fn = "_";
  for (char c : path) fn += c == ' ' || c == '-' ? '_' : c;
  return fn;
}

void zsh_functions(const CompletionCommand& cmd, const std::string& path, std::ostream& out) {
  out << zsh_function(path) << "() {\n";
  if (!cmd.subcommands.empty()) out << "  local curcontext=\"$curcontext\" state line\n  typeset -A opt_args\n";
  out << "  _arguments -S";
  if (!cmd.subcommands.empty()) out << " -C";
  for (const CompletionOption& option : cmd.options) out << " \\\n    " << zsh_option_spec(option);
  if (!cmd.subcommands.empty()) out << " \\\n    '1: :->command' \\\n    '*:: :->args'";
  else if (!cmd.positional_choices.empty()) out << " \\\n    " << posix_quoted("1:value:(" + joined(cmd.positional_choices) + ")");
  else if (cmd.positionals) out << " \\\n    '*:file:_files'";
  out << "\n";
  if (!cmd.subcommands.empty()) {
    out << "  case $state in\n    command)\n      local -a commands\n      commands=(\n";
    for (const CompletionCommand& sub : cmd.subcommands) out << "        " << posix_quoted(sub.name + ":" + sub.help) << "\n";
    out << "      )\n      _describe -t commands " << posix_quoted(path + " command") << " commands ;;\n"
        << "    args)\n      curcontext=\"${curcontext%:*:*}:" << zsh_function(path).substr(1) << "-$words[1]:\"\n"
        << "      case $words[1] in\n";
    for (const CompletionCommand& sub : cmd.subcommands)
      out << "        " << sub.name << ") " << zsh_function(path + " " + sub.name) << " ;;\n";
    out << "      esac ;;\n  esac\n";
  }
  out << "}\n\n";
  for (const CompletionCommand& sub : cmd.subcommands) zsh_functions(sub, path + " " + sub.name, out);
}

std::string zsh_script(const CompletionCommand& top) {
  std::ostringstream out;
  out << "#compdef " << top.name << "\n# zsh completion for " << top.name << " (written by `" << top.name
      << " completion zsh`)\n\n";
  zsh_functions(top, top.name, out);
  out << zsh_function(top.name) << " \"$@\"\n";
  return out.str();
}

// --- fish -------------------------------------------------------------------
// One `complete` line per option, subcommand and positional, each guarded by
// the subcommands typed so far.

std::string fish_quoted(const std::string& s) {
  std::string out = "'";
  for (char c : s) {
    if (c == '\'' || c == '\\') out += '\\';
    out += c;
  }
  return out + "'";
}

void fish_lines(const CompletionCommand& cmd, const std::string& top, const std::string& condition,
                std::ostream& out) {
  std::vector<std::string> subs;
  for (const CompletionCommand& sub : cmd.subcommands) subs.push_back(sub.name);
  // Where this command's subcommand is still to be chosen.
  std::string here = condition;
  if (!subs.empty()) {
    std::string not_yet = "not __fish_seen_subcommand_from " + joined(subs);
    here = condition.empty() ? "__fish_use_subcommand" : condition + "; and " + not_yet;
  }
  const std::string guard = here.empty() ? "" : " -n " + fish_quoted(here);
  for (const CompletionOption& option : cmd.options) {
    out << "complete -c " << top << guard;
    for (const std::string& s : option.shorts) out << " -s " << s;
    for (const std::string& l : option.longs) out << " -l " << l;
    if (option.takes_value) {
      if (!option.choices.empty()) out << " -x -a " << fish_quoted(joined(option.choices));
      else if (option.numeric) out << " -x";
      else out << " -r -F";
    }
    out << " -d " << fish_quoted(option.help) << "\n";
  }
  for (const CompletionCommand& sub : cmd.subcommands)
    out << "complete -c " << top << guard << " -a " << sub.name << " -d " << fish_quoted(sub.help) << "\n";
  if (!cmd.positional_choices.empty())
    out << "complete -c " << top << guard << " -a " << fish_quoted(joined(cmd.positional_choices)) << "\n";
  else if (cmd.positionals && subs.empty())
    out << "complete -c " << top << guard << " -F\n";
  for (const CompletionCommand& sub : cmd.subcommands) {
    std::string seen = "__fish_seen_subcommand_from " + sub.name;
    fish_lines(sub, top, condition.empty() ? seen : condition + "; and " + seen, out);
  }
}

std::string fish_script(const CompletionCommand& top) {
  std::ostringstream out;
  out << "# fish completion for " << top.name << " (written by `" << top.name << " completion fish`)\n"
      << "complete -c " << top.name << " -f\n";
  fish_lines(top, top.name, "", out);
  return out.str();
}

}  // namespace

std::string completion_script(const CompletionCommand& top, const std::string& shell) {
  if (shell == "bash") return bash_script(top);
  if (shell == "zsh") return zsh_script(top);
  if (shell == "fish") return fish_script(top);
  throw std::invalid_argument("no completion for shell '" + shell + "' (bash, zsh or fish)");
}

}  // namespace hwclass
