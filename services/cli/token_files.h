// Tokens in and out of `skat`: the one place that reads a token (director or seat) and writes a
// file of tokens.
//
// A token given as an argument is visible to every user of the machine in the process list (ps,
// /proc/PID/cmdline). So every option that takes a token has a file form and an environment
// variable, and the argument form still works but warns (docs/reliability.md "Hostile input"):
//
//   --token TOKEN         --token-file PATH         env SKAT_DIRECTOR_TOKEN
//   --seat-token TOKEN    --seat-token-file PATH    env SKAT_SEAT_TOKEN
//
// Contract of AddTokenOption / ResolveTokens:
// - AddTokenOption(sub, kind, token) adds both options to `sub`; giving both is a usage error
//   (exit 2). Nothing is read while parsing.
// - ResolveTokens() runs once after parsing (main), for every subcommand that was parsed, and
//   sets its `token`: from the file when the file option is given (its whole content without
//   surrounding whitespace, which must be one word of at most 4096 bytes); else from the argument,
//   with a warning on stderr naming the file option and the environment variable; else from the
//   environment variable; else "". A file that is missing, unreadable, a directory, empty or not
//   one word is an error: ResolveTokens returns "skat <command>: <option> <path>: <why>" and the
//   command does not run (exit 1).
//
// WriteTokenFile writes a file of tokens (tables open --tokens-file, sessions start --tokens-file)
// atomically with mode 0600: a temporary file beside it, created 0600, written, synced and renamed
// over the path, so a reader sees the old file or the whole new one, and no other user can read
// it at any moment (an existing file of another mode is replaced, not rewritten in place).
#ifndef SKAT_SERVICES_CLI_TOKEN_FILES_H_
#define SKAT_SERVICES_CLI_TOKEN_FILES_H_

#include <CLI/CLI.hpp>
#include <string>
#include <utility>
#include <vector>

namespace skat::cli {

struct TokenKind {
  const char* option;       // "--token"
  const char* file_option;  // "--token-file"
  const char* env;          // "SKAT_DIRECTOR_TOKEN"
  const char* what;         // "the event's director token"
};

inline constexpr TokenKind kDirectorToken = {"--token", "--token-file", "SKAT_DIRECTOR_TOKEN",
                                             "the event's director token"};
inline constexpr TokenKind kRegistryToken = {"--registry-token", "--registry-token-file",
                                             "SKAT_REGISTRY_TOKEN", "the registry token"};
inline constexpr TokenKind kSeatToken = {"--seat-token", "--seat-token-file", "SKAT_SEAT_TOKEN",
                                         "a seat token"};

// Adds `kind.option` and `kind.file_option` to `sub`; `token` is set by ResolveTokens and must
// outlive it.
void AddTokenOption(CLI::App& sub, const TokenKind& kind, std::string& token);

// Sets the token of every parsed subcommand (see above). "" on success, else the error.
std::string ResolveTokens();

// Prints the warning about a token given as an argument of `option` to stderr, naming `instead`
// (the file option or variable to use).
void WarnTokenArgument(const std::string& command, const std::string& option,
                       const std::string& instead);

// Writes `content` to `path` atomically with mode 0600 (see above). False with `error` set
// (naming the step and the system's message) when it could not; the path is then unchanged.
bool WriteTokenFile(const std::string& path, const std::string& content, std::string& error);

// Writes each (file name, token) of `tokens` as its own token file (above) in the directory
// `dir`, made with mode 0700 if missing. "" on success, else the error naming the path.
std::string WriteTokenDirectory(const std::string& dir,
                                const std::vector<std::pair<std::string, std::string>>& tokens);

}  // namespace skat::cli

#endif  // SKAT_SERVICES_CLI_TOKEN_FILES_H_
