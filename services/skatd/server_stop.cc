#include "services/skatd/server_stop.h"

#include <grpc/grpc.h>

#include <future>
#include <thread>
#include <utility>

namespace skat::service {
namespace {

// Counts its call while it lives; intercepts nothing.
class CountingInterceptor final : public grpc::experimental::Interceptor {
 public:
  explicit CountingInterceptor(std::shared_ptr<std::atomic<int>> count) : count_(std::move(count)) {
    count_->fetch_add(1);
  }
  ~CountingInterceptor() override { count_->fetch_sub(1); }
  CountingInterceptor(const CountingInterceptor&) = delete;
  CountingInterceptor& operator=(const CountingInterceptor&) = delete;

  void Intercept(grpc::experimental::InterceptorBatchMethods* methods) override {
    methods->Proceed();
  }

 private:
  std::shared_ptr<std::atomic<int>> count_;
};

class CountingFactory final : public grpc::experimental::ServerInterceptorFactoryInterface {
 public:
  explicit CountingFactory(std::shared_ptr<std::atomic<int>> count) : count_(std::move(count)) {}
  grpc::experimental::Interceptor* CreateServerInterceptor(
      grpc::experimental::ServerRpcInfo*) override {
    return new CountingInterceptor(count_);  // owned by the call's ServerRpcInfo
  }

 private:
  std::shared_ptr<std::atomic<int>> count_;
};

}  // namespace

std::vector<std::unique_ptr<grpc::experimental::ServerInterceptorFactoryInterface>>
CallsInFlight::Interceptors() const {
  std::vector<std::unique_ptr<grpc::experimental::ServerInterceptorFactoryInterface>> out;
  out.push_back(std::make_unique<CountingFactory>(count_));
  return out;
}

void StopServer(grpc::Server& server, const CallsInFlight& calls, std::chrono::milliseconds grace) {
  std::promise<void> shut;
  std::future<void> shut_down = shut.get_future();
  std::thread stopper([&] {
    server.Shutdown(std::chrono::system_clock::now() + grace);
    shut.set_value();
  });
  // Shutdown waits for every connection; once no call is in flight, the idle ones are closed
  // (again every 10 ms: one may have come before Shutdown took the server's listeners away).
  while (shut_down.wait_for(std::chrono::milliseconds(10)) != std::future_status::ready) {
    if (calls.count() == 0) grpc_server_cancel_all_calls(server.c_server());
  }
  stopper.join();
}

}  // namespace skat::service
