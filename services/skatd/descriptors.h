// skatd's open-file descriptors (docs/deployment.md "Limits"): at start skatd raises its soft
// limit of open files to the hard one and divides what it has, so that no client can take the
// descriptors the database, the listeners and the other clients need. A reserve stays for the
// database pool and skatd's own files; of the rest the web connections get half when the web
// side is served, and the gRPC connections the remainder.
#ifndef SKAT_SERVICES_SKATD_DESCRIPTORS_H_
#define SKAT_SERVICES_SKATD_DESCRIPTORS_H_

#include <string>

namespace skat::service {

struct DescriptorBudget {
  long limit = 0;                // the soft limit of open files now
  long was = 0;                  // the soft limit at start
  int reserve = 0;               // kept for the database, the listeners and skatd's own files
  int web = 0;                   // web connections in all (0 without the web side)
  int grpc = 0;                  // gRPC connections in all
  std::string Describe() const;  // the log line
};

// The budget for limit open files (a soft limit already raised), db_connections pooled database
// connections, with or without the web side. Each share is at least 8.
DescriptorBudget DivideDescriptors(long limit, int db_connections, bool web);

// Raises the soft limit to the hard one (at most 1,048,576) and divides it.
DescriptorBudget RaiseAndDivideDescriptors(int db_connections, bool web);

}  // namespace skat::service

#endif  // SKAT_SERVICES_SKATD_DESCRIPTORS_H_
