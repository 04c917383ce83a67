// A read-only list made of shared immutable chunks (docs/performance.md "Standings that grow with
// the change"): scores kept by change share every chunk a change did not touch with the scores
// before it, so making new scores copies chunk pointers, not the rows. Iterates the chunks' rows
// in chunk order.
#ifndef SKAT_SERVICES_SCORING_CHUNKED_LIST_H_
#define SKAT_SERVICES_SCORING_CHUNKED_LIST_H_

#include <cstddef>
#include <iterator>
#include <memory>
#include <utility>
#include <vector>

namespace skat::service {

template <typename T>
class ChunkedList {
 public:
  using Chunk = std::shared_ptr<const std::vector<T>>;

  class const_iterator {
   public:
    using iterator_category = std::forward_iterator_tag;
    using value_type = T;
    using difference_type = std::ptrdiff_t;
    using pointer = const T*;
    using reference = const T&;

    const_iterator() = default;
    const_iterator(const std::vector<Chunk>* chunks, size_t chunk)
        : chunks_(chunks), chunk_(chunk) {
      Skip();
    }
    reference operator*() const { return (*(*chunks_)[chunk_])[row_]; }
    pointer operator->() const { return &**this; }
    const_iterator& operator++() {
      ++row_;
      Skip();
      return *this;
    }
    const_iterator operator++(int) {
      const_iterator before = *this;
      ++*this;
      return before;
    }
    friend bool operator==(const const_iterator& a, const const_iterator& b) {
      return a.chunk_ == b.chunk_ && a.row_ == b.row_;
    }

   private:
    // Moves past the ends of chunks (and empty ones) to the next row or the end.
    void Skip() {
      while (chunk_ < chunks_->size() && row_ >= (*chunks_)[chunk_]->size()) {
        ++chunk_;
        row_ = 0;
      }
    }
    const std::vector<Chunk>* chunks_ = nullptr;
    size_t chunk_ = 0, row_ = 0;
  };

  ChunkedList() = default;
  // From one vector (a full load): one chunk.
  explicit ChunkedList(std::vector<T> rows) {
    if (!rows.empty()) Append(std::make_shared<const std::vector<T>>(std::move(rows)));
  }

  // REQUIRES: chunk not null.
  void Append(Chunk chunk) {
    size_ += chunk->size();
    chunks_.push_back(std::move(chunk));
  }

  const_iterator begin() const { return const_iterator(&chunks_, 0); }
  const_iterator end() const { return const_iterator(&chunks_, chunks_.size()); }
  size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  // The rows copied into one vector: O(rows), for readers that keep them.
  std::vector<T> ToVector() const { return std::vector<T>(begin(), end()); }

 private:
  std::vector<Chunk> chunks_;
  size_t size_ = 0;
};

}  // namespace skat::service

#endif  // SKAT_SERVICES_SCORING_CHUNKED_LIST_H_
