// The embedded default (docs/architecture.md "Processes and data flow"):
// with no database URL, skatd
// runs a private PostgreSQL cluster in its data directory. Process management only; no libpqxx.
//
// Layout under data_dir:
//   pg/           the cluster (initdb), with pg/skat.conf written at every start (port, socket
//                 directory, no TCP listener, synchronous_commit and fsync on)
//   pg.log        the server log (pg_ctl -l)
//   socket_dir    the path of the cluster's Unix socket directory, /tmp/skat-pg-XXXXXX: short,
//                 because a socket path is limited to 107 bytes, and mode 0700, so that only the
//                 cluster's user (and root) can reach the trust-authenticated socket; made again
//                 under the same name when it was removed (with mkdir, which fails for a path that
//                 exists), else anew
//
// As root, the cluster runs as the `postgres` system user (initdb and pg_ctl through
// `runuser -u postgres --`); data_dir is handed to that user and must be reachable by it (not
// under /root). Child programs are started with fork/exec and argument vectors; no shell.
//
// The server outlives this object: the destructor does not stop it. A later Start on the same
// data_dir adopts a live server (found through pg/postmaster.pid) or, after a crash or kill -9,
// starts it again (PostgreSQL recovers from its write-ahead log).
#ifndef SKAT_SERVICES_STORE_EMBEDDED_POSTGRES_H_
#define SKAT_SERVICES_STORE_EMBEDDED_POSTGRES_H_

#include <string>

#include "engine/status.h"

namespace skat::store {

class EmbeddedPostgres {
 public:
  struct Options {
    // The port, which with no TCP listener only names the socket file (.s.PGSQL.<port>) in the
    // cluster's private socket directory, so any port is free. 0: the port this cluster used
    // last, or 5432 for a new cluster.
    int port = 0;
    // initdb --no-sync: faster, and not crash-safe during initdb. For test clusters only, never
    // for the product. The running server keeps fsync and synchronous_commit on either way.
    bool fast_for_tests = false;
    // PostgreSQL's programs; empty: $SKAT_PG_BIN_DIR if set, else /usr/lib/postgresql/15/bin.
    std::string bin_dir;
  };

  // Creates the cluster in data_dir/pg if there is none (initdb -A trust -U skat -E UTF8
  // --locale=C), starts it (pg_ctl start -w) unless a live server already runs there (then
  // adopts it), and creates the database "skat" if missing. Errors name the step and carry the
  // tail of its output and of pg.log: kInvalidArgument for an unusable data_dir, kNotFound for
  // missing programs or the missing postgres user, kUnavailable when the server does not start.
  static Result<EmbeddedPostgres> Start(std::string data_dir, int port = 0);
  static Result<EmbeddedPostgres> Start(std::string data_dir, const Options& options);

  EmbeddedPostgres(EmbeddedPostgres&&) = default;
  EmbeddedPostgres& operator=(EmbeddedPostgres&&) = default;
  ~EmbeddedPostgres() = default;  // leaves the server running (see above)

  // Stops the server (pg_ctl stop -m fast -w). OK when it was not running.
  Status Stop();

  // True while a live server runs in data_dir/pg (pg/postmaster.pid names a postgres process
  // that is not a zombie), whoever started it.
  bool Running() const;

  // Starts the server again after it stopped or crashed: Start on the same data_dir, port and
  // programs (which adopts a server that runs). The socket directory is made again under its
  // recorded name when it was removed, so url() stays the same; errors as Start's.
  Status Restart();

  // "postgresql:///skat?host=<socket dir>&port=<port>&user=skat".
  const std::string& url() const { return url_; }
  // The same for the maintenance database "postgres".
  std::string admin_url() const;
  const std::string& data_dir() const { return data_dir_; }
  const std::string& socket_dir() const { return socket_dir_; }
  int port() const { return port_; }
  // True when Start found the server already running and adopted it.
  bool adopted() const { return adopted_; }

 private:
  EmbeddedPostgres() = default;

  std::string data_dir_;
  std::string bin_dir_;
  std::string socket_dir_;
  int port_ = 0;
  bool adopted_ = false;
  std::string url_;
};

}  // namespace skat::store

#endif  // SKAT_SERVICES_STORE_EMBEDDED_POSTGRES_H_
