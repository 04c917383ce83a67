// seat_latency's HTTP/1.1 reply parser for the epoll loop (see loop.h): fed with bytes as they
// arrive (`buffer`), it parses the status line and header (load::ParseHttpHead), then hands the
// body on as it comes (Content-Length or chunked) and says where each reply ends, so that a
// connection can carry replies one after the other, or one endless chunked stream.
#ifndef SKAT_BENCH_SEAT_LATENCY_HTTP_READER_H_
#define SKAT_BENCH_SEAT_LATENCY_HTTP_READER_H_

#include <algorithm>
#include <cstdlib>
#include <string>
#include <string_view>

#include "bench/http_load_client.h"

namespace skat::service::seat_latency {

class HttpReader {
 public:
  std::string buffer;

  // The reply being read, or the last one.
  int status() const { return head_.status; }
  bool close() const { return head_.close; }  // "Connection: close"

  // Parses what `buffer` holds: body bytes to on_data(std::string_view), on_end() at the end of
  // a reply. Empty, or the error.
  template <class Data, class End>
  std::string Parse(Data&& on_data, End&& on_end) {
    while (true) {
      if (!in_body_) {
        const size_t end = buffer.find("\r\n\r\n");
        if (end == std::string::npos) return "";
        if (std::string e = load::ParseHttpHead(std::string_view(buffer).substr(0, end + 2), head_);
            !e.empty()) {
          return e;
        }
        buffer.erase(0, end + 4);
        in_body_ = true;
        chunk_state_ = kSize;
        length_ = head_.content_length;
        if (!head_.chunked && length_ < 0) return "a reply with neither Content-Length nor chunks";
        if (!head_.chunked && length_ == 0) {
          in_body_ = false;
          on_end();
          continue;
        }
      }
      if (!head_.chunked) {
        const size_t take = std::min(buffer.size(), static_cast<size_t>(length_));
        if (take == 0) return "";
        on_data(std::string_view(buffer).substr(0, take));
        buffer.erase(0, take);
        length_ -= static_cast<long>(take);
        if (length_ > 0) return "";
        in_body_ = false;
        on_end();
        continue;
      }
      switch (chunk_state_) {
        case kSize: {
          const size_t eol = buffer.find("\r\n");
          if (eol == std::string::npos) return "";
          chunk_left_ = std::strtoul(buffer.c_str(), nullptr, 16);
          buffer.erase(0, eol + 2);
          chunk_state_ = chunk_left_ == 0 ? kTrailer : kData;
          break;
        }
        case kData: {
          const size_t take = std::min(buffer.size(), chunk_left_);
          if (take == 0) return "";
          on_data(std::string_view(buffer).substr(0, take));
          buffer.erase(0, take);
          chunk_left_ -= take;
          if (chunk_left_ == 0) chunk_state_ = kDataEnd;
          break;
        }
        case kDataEnd:
          if (buffer.size() < 2) return "";
          buffer.erase(0, 2);
          chunk_state_ = kSize;
          break;
        case kTrailer: {
          const size_t eol = buffer.find("\r\n");
          if (eol == std::string::npos) return "";
          buffer.erase(0, eol + 2);
          if (eol == 0) {
            in_body_ = false;
            on_end();
          }
          break;
        }
      }
    }
  }

  bool in_body() const { return in_body_; }
  void Reset() {
    buffer.clear();
    in_body_ = false;
    head_ = load::HttpHead{};
  }

 private:
  enum ChunkState { kSize, kData, kDataEnd, kTrailer };
  load::HttpHead head_;
  bool in_body_ = false;
  long length_ = -1;  // of the body left to read
  size_t chunk_left_ = 0;
  ChunkState chunk_state_ = kSize;
};

}  // namespace skat::service::seat_latency

#endif  // SKAT_BENCH_SEAT_LATENCY_HTTP_READER_H_
