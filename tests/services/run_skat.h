// Runs the built `skat` as a real process, as a user would: its output (stdout and stderr
// together) and its exit code. SKAT_BINARY is the binary's path, passed in by CMake.
#ifndef SKAT_TESTS_SERVICES_RUN_SKAT_H_
#define SKAT_TESTS_SERVICES_RUN_SKAT_H_

#include <gtest/gtest.h>
#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <string>

namespace skat::testing_cli {

struct Output {
  int exit_code;    // -1 when the process did not exit normally
  std::string out;  // stdout and stderr together
};

// `skat ARGS` through the shell (ARGS may quote), with `env` ("NAME=value ...") in front. skat
// speaks English unless `env` asks for another language (LANG=de_DE.UTF-8, docs/i18n.md "The
// command line"): the test's own locale variables do not reach it.
inline Output Skat(const std::string& args, const std::string& env = "") {
  const std::string command = "export LANGUAGE= LC_ALL= LC_MESSAGES= LANG=C.UTF-8 && " + env +
                              (env.empty() ? "" : " ") + std::string(SKAT_BINARY) + " " + args +
                              " 2>&1";
  FILE* pipe = popen(command.c_str(), "r");
  EXPECT_NE(pipe, nullptr) << command;
  Output run{-1, ""};
  if (pipe == nullptr) return run;
  std::array<char, 4096> buffer;
  size_t n;
  while ((n = fread(buffer.data(), 1, buffer.size(), pipe)) > 0) run.out.append(buffer.data(), n);
  const int status = pclose(pipe);
  run.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return run;
}

}  // namespace skat::testing_cli

#endif  // SKAT_TESTS_SERVICES_RUN_SKAT_H_
