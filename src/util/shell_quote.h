// POSIX shell quoting for the commands hwclass prints for people to paste.
#pragma once

#include <string>

namespace hwclass {

// `s` as one shell word: bare when it holds only characters no shell
// treats specially, else in single quotes (a quote inside becomes '\'').
inline std::string shell_quote(const std::string& s) {
  if (!s.empty() && s.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-./:=@,+%") ==
                        std::string::npos)
    return s;
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

}  // namespace hwclass
