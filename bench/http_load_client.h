// A minimal HTTP/1.1 client for the web side's load bench (bench/web_results_load.cc): plain
// POSIX sockets, so that the bench compiles in seconds (Boost.Beast is skatd's alone).
//   HttpConnection  one keep-alive connection to 127.0.0.1:port, a request at a time;
//   Watcher         one WatchStandings stream read as server-sent events on a thread of its own.
#ifndef SKAT_BENCH_HTTP_LOAD_CLIENT_H_
#define SKAT_BENCH_HTTP_LOAD_CLIENT_H_

#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <cctype>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "bench/load_common.h"

namespace skat::service::load {

// One connection to 127.0.0.1:port: requests one at a time (keep-alive), replies with a
// Content-Length or chunked body. Not thread-safe, except Shutdown.
class HttpConnection {
 public:
  HttpConnection() = default;
  HttpConnection(const HttpConnection&) = delete;
  HttpConnection& operator=(const HttpConnection&) = delete;
  ~HttpConnection() { Close(); }

  // Empty, or the error.
  std::string Connect(int port) {
    Close();
    port_ = port;
    fd_ = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd_ < 0) return std::string("socket: ") + std::strerror(errno);
    const int one = 1;
    setsockopt(fd_, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    if (cancel_ != nullptr) {
      const timeval timeout{.tv_sec = 0, .tv_usec = 200000};
      setsockopt(fd_, SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof timeout);
    }
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_port = htons(static_cast<uint16_t>(port));
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (connect(fd_, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0) {
      const std::string e = std::string("connect: ") + std::strerror(errno);
      Close();
      return e;
    }
    return "";
  }

  void Close() {
    if (fd_ >= 0) close(fd_);
    fd_ = -1;
    buffer_.clear();
  }

  // From another thread: ends a blocked read.
  void Shutdown() {
    const int fd = fd_;
    if (fd >= 0) shutdown(fd, SHUT_RDWR);
  }

  // Reads give up within 200 ms of *cancel becoming true (for a reader that another thread
  // stops, also while it connects).
  void set_cancel(const std::atomic<bool>* cancel) { cancel_ = cancel; }

  // Sends a POST with a JSON body.
  std::string SendPost(const std::string& path, const std::string& token, const std::string& body) {
    std::string request = "POST " + path + " HTTP/1.1\r\nHost: 127.0.0.1:" + std::to_string(port_) +
                          "\r\nContent-Type: application/json\r\n";
    if (!token.empty()) request += "Authorization: Bearer " + token + "\r\n";
    request += "Content-Length: " + std::to_string(body.size()) + "\r\n\r\n" + body;
    size_t sent = 0;
    while (sent < request.size()) {
      const ssize_t n = send(fd_, request.data() + sent, request.size() - sent, MSG_NOSIGNAL);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) return std::string("send: ") + std::strerror(errno);
      sent += static_cast<size_t>(n);
    }
    return "";
  }

  struct Head {
    int status = 0;
    long content_length = -1;
    bool chunked = false;
    bool close = false;
  };

  // Reads a reply's status line and header.
  std::string ReadHead(Head& head) {
    size_t end;
    while ((end = buffer_.find("\r\n\r\n")) == std::string::npos) {
      if (std::string e = Fill(); !e.empty()) return e + " (reading a reply's header)";
    }
    const std::string text = buffer_.substr(0, end + 2);
    buffer_.erase(0, end + 4);
    head = Head{};
    if (text.rfind("HTTP/1.", 0) != 0 || text.size() < 12) {
      return "not an HTTP reply: " + text.substr(0, 80);
    }
    head.status = std::atoi(text.c_str() + 9);
    size_t at = text.find("\r\n") + 2;
    while (at < text.size()) {
      const size_t eol = text.find("\r\n", at);
      std::string line = text.substr(at, eol - at);
      at = eol + 2;
      const size_t colon = line.find(':');
      if (colon == std::string::npos) continue;
      std::string name = line.substr(0, colon);
      for (char& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      std::string value = line.substr(colon + 1);
      for (char& c : value) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      if (name == "content-length") head.content_length = std::atol(value.c_str());
      if (name == "transfer-encoding" && value.find("chunked") != std::string::npos) {
        head.chunked = true;
      }
      if (name == "connection" && value.find("close") != std::string::npos) head.close = true;
    }
    return "";
  }

  // The next chunk of a chunked body; empty at the last one (its trailer read).
  std::string ReadChunk(std::string& data) {
    data.clear();
    size_t eol;
    while ((eol = buffer_.find("\r\n")) == std::string::npos) {
      if (std::string e = Fill(); !e.empty()) return e + " (reading a chunk)";
    }
    const size_t size = std::strtoul(buffer_.c_str(), nullptr, 16);
    buffer_.erase(0, eol + 2);
    if (size == 0) {  // the trailer: header lines, then an empty line
      while (true) {
        while ((eol = buffer_.find("\r\n")) == std::string::npos) {
          if (std::string e = Fill(); !e.empty()) return e + " (reading a trailer)";
        }
        buffer_.erase(0, eol + 2);
        if (eol == 0) return "";
      }
    }
    while (buffer_.size() < size + 2) {
      if (std::string e = Fill(); !e.empty()) return e + " (reading a chunk)";
    }
    data = buffer_.substr(0, size);
    buffer_.erase(0, size + 2);
    return "";
  }

  // One POST and its whole reply (status and body). Reconnects first if the server closed the
  // connection after the last reply (counted in `reconnects`).
  std::string Post(const std::string& path, const std::string& token, const std::string& body,
                   int& status, std::string& reply) {
    if (fd_ < 0) {
      ++reconnects;
      if (std::string e = Connect(port_); !e.empty()) return e;
    }
    if (std::string e = SendPost(path, token, body); !e.empty()) return e;
    Head head;
    if (std::string e = ReadHead(head); !e.empty()) return e;
    status = head.status;
    reply.clear();
    if (head.chunked) {
      std::string chunk;
      do {
        if (std::string e = ReadChunk(chunk); !e.empty()) return e;
        reply += chunk;
      } while (!chunk.empty());
    } else if (head.content_length >= 0) {
      while (buffer_.size() < static_cast<size_t>(head.content_length)) {
        if (std::string e = Fill(); !e.empty()) return e + " (reading a reply's body)";
      }
      reply = buffer_.substr(0, head.content_length);
      buffer_.erase(0, head.content_length);
    } else {
      return "a reply with neither Content-Length nor chunked body";
    }
    if (head.close) Close();
    return "";
  }

  long reconnects = 0;

 private:
  // Reads what arrives into buffer_; an error at the end of the stream.
  std::string Fill() {
    char chunk[16384];
    while (true) {
      const ssize_t n = recv(fd_, chunk, sizeof chunk, 0);
      if (n < 0 && errno == EINTR) continue;
      if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) && cancel_ != nullptr) {
        if (*cancel_) return "stopped";
        continue;
      }
      if (n < 0) return std::string("recv: ") + std::strerror(errno);
      if (n == 0) return "connection closed by skatd";
      buffer_.append(chunk, static_cast<size_t>(n));
      return "";
    }
  }

  std::atomic<int> fd_{-1};
  int port_ = 0;
  std::string buffer_;
  const std::atomic<bool>* cancel_ = nullptr;
};

// --- The watchers -----------------------------------------------------------------------------

// One WatchStandings stream over HTTP on a thread of its own: every message's arrival time.
class Watcher {
 public:
  void Start(int port, const std::string& standings, const std::string& token) {
    thread_ = std::thread([this, port, standings, token] { Run(port, standings, token); });
  }
  // Ends the stream (the socket is shut down) and joins the thread.
  void Stop() {
    stopping_ = true;
    connection_.Shutdown();
    if (thread_.joinable()) thread_.join();
  }

  long messages() const { return messages_; }
  bool live() const { return live_; }
  Clock::time_point last() const {
    std::lock_guard lock(mutex_);
    return seen_.empty() ? Clock::time_point{} : seen_.back();
  }
  // Set when the stream ended otherwise than by Stop; read after Stop.
  const std::string& error() const { return error_; }
  const std::vector<Clock::time_point>& seen() const { return seen_; }  // after Stop

 private:
  void Run(int port, const std::string& standings, const std::string& token) {
    auto fail = [&](const std::string& e) {
      if (!stopping_) error_ = e;
    };
    connection_.set_cancel(&stopping_);
    if (std::string e = connection_.Connect(port); !e.empty()) return fail(e);
    if (std::string e = connection_.SendPost("/api/skat.v1.ScoringService/WatchStandings", token,
                                             "{\"name\":\"" + standings + "\"}");
        !e.empty()) {
      return fail(e);
    }
    HttpConnection::Head head;
    if (std::string e = connection_.ReadHead(head); !e.empty()) return fail(e);
    if (head.status != 200 || !head.chunked) {
      std::string body, chunk;
      if (head.chunked) {
        while (connection_.ReadChunk(chunk).empty() && !chunk.empty()) body += chunk;
      }
      return fail("WatchStandings answered HTTP " + std::to_string(head.status) + " " + body);
    }
    std::string text, chunk;
    while (true) {
      if (std::string e = connection_.ReadChunk(chunk); !e.empty()) return fail(e);
      if (chunk.empty()) return fail("the stream ended (last chunk)");
      text += chunk;
      size_t end;
      while ((end = text.find("\n\n")) != std::string::npos) {
        const std::string block = text.substr(0, end);
        text.erase(0, end + 2);
        std::string event, data;
        size_t at = 0;
        while (at <= block.size()) {
          size_t eol = block.find('\n', at);
          if (eol == std::string::npos) eol = block.size();
          const std::string line = block.substr(at, eol - at);
          at = eol + 1;
          if (line.rfind("event: ", 0) == 0) event = line.substr(7);
          if (line.rfind("data: ", 0) == 0) data += line.substr(6);
        }
        if (event == "end") return fail("the stream ended: " + data);
        if (event != "message") continue;  // ": keep-alive"
        {
          std::lock_guard lock(mutex_);
          seen_.push_back(Clock::now());
        }
        ++messages_;
        live_ = true;
      }
    }
  }

  HttpConnection connection_;
  std::thread thread_;
  std::atomic<bool> stopping_{false};
  std::atomic<bool> live_{false};
  std::atomic<long> messages_{0};
  std::string error_;
  mutable std::mutex mutex_;
  std::vector<Clock::time_point> seen_;
};

}  // namespace skat::service::load

#endif  // SKAT_BENCH_HTTP_LOAD_CLIENT_H_
