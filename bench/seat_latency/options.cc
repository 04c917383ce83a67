#include "bench/seat_latency/options.h"

#include <cstdlib>

#include "bench/load_run.h"

namespace skat::service::seat_latency {
namespace {

const char kHelp[] =
    "usage: seat_latency [options]\n"
    "Online tables played by bots at every seat through gRPC, then through the web side as the\n"
    "play page does (SSE + JSON POST), on one skatd: the time from an act's commit to the other\n"
    "seats seeing it; see bench/seat_latency.cc.\n"
    "  --tables N           tables per phase (default 340): 2 x N tables are opened\n"
    "  --boards N           boards per table (default 3, at most 32)\n"
    "  --think-ms MS        each seat thinks uniform 0..MS ms before an act (default 1000)\n"
    "  --http-first         the HTTP phase first, then the gRPC phase\n"
    "  --seed S             the bots' seed (default 1)\n"
    "  --ceiling-seconds S  each ceiling's duration (default 2)\n"
    "  --skatd PATH         the skatd binary (default: this build's)\n"
    "  --database-url URL   use this database (default: a throwaway one on\n"
    "                       SKAT_TEST_DATABASE_URL's server, else an embedded cluster under /tmp)\n"
    "  --keep               keep the run's directory (skatd.log) and the database\n";

}  // namespace

Options Parse(int argc, char** argv) {
  const load::Flags flags("seat_latency", kHelp);
  Options o;
  flags.Parse(argc, argv, {{"--keep", &o.keep}, {"--http-first", &o.http_first}},
              [&](const std::string& flag, const std::string& value) {
                if (flag == "--tables")
                  o.tables = static_cast<int>(flags.Integer(flag, value, 1, 5000));
                else if (flag == "--boards")
                  o.boards = static_cast<int>(flags.Integer(flag, value, 1, 32));
                else if (flag == "--think-ms")
                  o.think_ms = static_cast<int>(flags.Integer(flag, value, 0, 60000));
                else if (flag == "--seed")
                  o.seed = static_cast<uint64_t>(flags.Integer(flag, value, 0, 1LL << 62));
                else if (flag == "--ceiling-seconds")
                  o.ceiling_seconds = std::atof(value.c_str());
                else if (flag == "--skatd")
                  o.skatd = value;
                else if (flag == "--database-url")
                  o.database_url = value;
                else
                  return false;
                return true;
              });
  if (o.ceiling_seconds <= 0) flags.Usage("--ceiling-seconds must be positive");
  return o;
}

std::string Command(const Options& o, const char* argv0) {
  std::string c = argv0;
  c += " --tables " + std::to_string(o.tables) + " --boards " + std::to_string(o.boards) +
       " --think-ms " + std::to_string(o.think_ms);
  if (o.http_first) c += " --http-first";
  if (o.seed != 1) c += " --seed " + std::to_string(o.seed);
  return c + load::SkatdAndDatabaseFlags(o.skatd, SKATD_BINARY, o.database_url);
}

}  // namespace skat::service::seat_latency
