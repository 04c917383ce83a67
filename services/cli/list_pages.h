// Every page of a List RPC (AIP-158; services/common/page.h): `skat` asks for the largest pages
// skatd sends and follows next_page_token until it comes back empty, so its lists are whole.
#ifndef SKAT_SERVICES_CLI_LIST_PAGES_H_
#define SKAT_SERVICES_CLI_LIST_PAGES_H_

#include <grpcpp/grpcpp.h>

#include <string>

#include "services/cli/client.h"

namespace skat::cli {

// skatd's largest page (services/common/page.h kMaxPageSize).
inline constexpr int kListPageSize = 1000;

// Calls call(context, request, page) for the first page and again with each next_page_token,
// appending every page's repeated fields to *all (next_page_token left empty). Returns 0, or the
// exit code of ReportFailure(what, ...) for the first call that fails.
template <typename Request, typename Response, typename Call>
int ListAllPages(const ServerOptions& server, const std::string& what, Request request, Call call,
                 Response* all) {
  all->Clear();
  request.set_page_size(kListPageSize);
  request.clear_page_token();
  do {
    Response page;
    auto context = NewContext(server);
    const grpc::Status s = call(context.get(), request, &page);
    if (!s.ok()) return ReportFailure(what, s, *context, server);
    request.set_page_token(page.next_page_token());
    page.clear_next_page_token();
    all->MergeFrom(page);
  } while (!request.page_token().empty());
  return 0;
}

}  // namespace skat::cli

#endif  // SKAT_SERVICES_CLI_LIST_PAGES_H_
