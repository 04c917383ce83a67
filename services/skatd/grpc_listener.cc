#include "services/skatd/grpc_listener.h"

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>

namespace skat::service {
namespace {

constexpr int kRetryMs = 100;

// The address of listen as a socket address, or false.
bool ParseListen(std::string listen, sockaddr_storage* out, socklen_t* size) {
  if (listen.starts_with("ipv4:") || listen.starts_with("ipv6:")) listen = listen.substr(5);
  const size_t colon = listen.rfind(':');
  if (colon == std::string::npos) return false;
  std::string host = listen.substr(0, colon);
  const std::string port_text = listen.substr(colon + 1);
  if (port_text.empty() || port_text.size() > 5 ||
      port_text.find_first_not_of("0123456789") != std::string::npos) {
    return false;
  }
  const int port = std::stoi(port_text);
  if (port > 65535) return false;
  if (host == "localhost") host = "127.0.0.1";
  *out = {};
  if (host.starts_with("[") && host.ends_with("]")) {
    auto* six = reinterpret_cast<sockaddr_in6*>(out);
    six->sin6_family = AF_INET6;
    six->sin6_port = htons(static_cast<uint16_t>(port));
    *size = sizeof(sockaddr_in6);
    return inet_pton(AF_INET6, host.substr(1, host.size() - 2).c_str(), &six->sin6_addr) == 1;
  }
  auto* four = reinterpret_cast<sockaddr_in*>(out);
  four->sin_family = AF_INET;
  four->sin_port = htons(static_cast<uint16_t>(port));
  *size = sizeof(sockaddr_in);
  if (host.empty() || host == "0.0.0.0") return true;
  return inet_pton(AF_INET, host.c_str(), &four->sin_addr) == 1;
}

std::string AddressOf(const sockaddr_storage& peer) {
  char text[INET6_ADDRSTRLEN] = {};
  if (peer.ss_family == AF_INET6) {
    inet_ntop(AF_INET6, &reinterpret_cast<const sockaddr_in6*>(&peer)->sin6_addr, text,
              sizeof text);
  } else {
    inet_ntop(AF_INET, &reinterpret_cast<const sockaddr_in*>(&peer)->sin_addr, text, sizeof text);
  }
  return text;
}

unsigned long InodeOf(int fd) {
  struct stat st {};
  return fstat(fd, &st) == 0 ? static_cast<unsigned long>(st.st_ino) : 0;
}

}  // namespace

Result<std::unique_ptr<GrpcListener>> GrpcListener::Bind(const std::string& listen) {
  sockaddr_storage address{};
  socklen_t size = 0;
  if (!ParseListen(listen, &address, &size)) {
    return Status::InvalidArgument(listen + " is not a numeric host:port");
  }
  const int fd = socket(address.ss_family, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
  if (fd < 0) return Status::Unavailable("cannot listen on " + listen + ": " + strerror(errno));
  const int one = 1;
  setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
  setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);  // inherited by accepted sockets
  if (bind(fd, reinterpret_cast<sockaddr*>(&address), size) != 0 || ::listen(fd, SOMAXCONN) != 0) {
    const std::string error = strerror(errno);
    close(fd);
    return Status::Unavailable("cannot listen on " + listen + ": " + error);
  }
  sockaddr_storage bound{};
  socklen_t bound_size = sizeof bound;
  getsockname(fd, reinterpret_cast<sockaddr*>(&bound), &bound_size);
  const int port =
      ntohs(bound.ss_family == AF_INET6 ? reinterpret_cast<sockaddr_in6*>(&bound)->sin6_port
                                        : reinterpret_cast<sockaddr_in*>(&bound)->sin_port);
  const int wake = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
  return std::unique_ptr<GrpcListener>(new GrpcListener(fd, wake, port));
}

GrpcListener::~GrpcListener() {
  Stop();
  close(fd_);
  close(wake_);
}

void GrpcListener::Start(std::unique_ptr<grpc::experimental::ExternalConnectionAcceptor> acceptor,
                         GrpcListenerLimits limits) {
  acceptor_ = std::move(acceptor);
  limits_ = limits;
  thread_ = std::thread([this] { Run(); });
}

void GrpcListener::Stop() {
  if (!thread_.joinable()) return;
  stop_ = true;
  const uint64_t one = 1;
  (void)!write(wake_, &one, sizeof one);
  thread_.join();
}

void GrpcListener::Run() {
  while (!stop_) {
    pollfd fds[2] = {{fd_, POLLIN, 0}, {wake_, POLLIN, 0}};
    // Out of descriptors, the waiting connection stays readable: wait before trying again.
    const int ready = poll(fds, 2, out_of_files_ ? kRetryMs : -1);
    if (stop_) break;
    if (ready > 0 && (fds[0].revents & POLLIN)) AcceptOne();
    if (out_of_files_ && ready == 0) out_of_files_ = false;
  }
}

void GrpcListener::AcceptOne() {
  sockaddr_storage peer{};
  socklen_t size = sizeof peer;
  const int fd =
      accept4(fd_, reinterpret_cast<sockaddr*>(&peer), &size, SOCK_CLOEXEC | SOCK_NONBLOCK);
  if (fd < 0) {
    if (errno == EMFILE || errno == ENFILE || errno == ENOBUFS || errno == ENOMEM) {
      if (!out_of_files_) {
        // No stream here: out of descriptors, nothing may need one (a sanitizer's type check does).
        std::fprintf(stderr, "skatd: the gRPC port cannot accept (%s); trying again every %d ms\n",
                     strerror(errno), kRetryMs);
      }
      out_of_files_ = true;
    }
    return;  // EAGAIN, ECONNABORTED, EINTR, ...: the next poll says
  }
  if (!Admit(fd, AddressOf(peer))) {
    close(fd);
    return;
  }
  grpc::experimental::ExternalConnectionAcceptor::NewConnectionParameters p;
  p.listener_fd = fd_;
  p.fd = fd;
  acceptor_->HandleNewConnection(&p);
}

bool GrpcListener::Fits(const std::string& address) const {
  const auto mine = by_address_.find(address);
  return static_cast<int>(open_.size()) < limits_.total &&
         (mine == by_address_.end() || mine->second < limits_.per_client);
}

void GrpcListener::Forget(std::map<int, Open>::iterator it) {
  if (--by_address_[it->second.address] == 0) by_address_.erase(it->second.address);
  open_.erase(it);
}

bool GrpcListener::Admit(int fd, const std::string& address) {
  // That descriptor number was closed by gRPC and now is this connection's.
  if (const auto reused = open_.find(fd); reused != open_.end()) Forget(reused);
  const auto now = std::chrono::steady_clock::now();
  if (!Fits(address) && now - last_sweep_ >= std::chrono::milliseconds(kRetryMs)) {
    // Forget the connections gRPC has closed: their descriptors are gone or another file's.
    last_sweep_ = now;
    for (auto it = open_.begin(); it != open_.end();) {
      const auto next = std::next(it);
      if (InodeOf(it->first) != it->second.inode) Forget(it);
      it = next;
    }
  }
  if (!Fits(address)) return false;
  open_[fd] = {InodeOf(fd), address};
  ++by_address_[address];
  return true;
}

}  // namespace skat::service
