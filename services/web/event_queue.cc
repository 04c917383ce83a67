#include "services/web/event_queue.h"

#include <algorithm>
#include <utility>

namespace skat::web {

bool QueuedBytes::Take(size_t bytes) {
  size_t used = used_.load();
  do {
    if (used + bytes > limit_) return false;
  } while (!used_.compare_exchange_weak(used, used + bytes));
  return true;
}

EventQueue::EventQueue(std::shared_ptr<QueuedBytes> budget, size_t limit, bool newest_only)
    : budget_(std::move(budget)), limit_(limit), newest_only_(newest_only) {}

EventQueue::~EventQueue() { Release(bytes_); }

bool EventQueue::PushMessage(std::string block) {
  if (newest_only_) {
    size_t dropped = 0;
    std::erase_if(blocks_, [&dropped](const Block& b) {
      if (b.message) dropped += b.text.size();
      return b.message;
    });
    Release(dropped);
  }
  const size_t size = block.size();
  if (bytes_ + size > limit_ || !budget_->Take(size)) return false;
  bytes_ += size;
  blocks_.push_back({std::move(block), true});
  return true;
}

void EventQueue::PushControl(std::string block) { blocks_.push_back({std::move(block), false}); }

std::string EventQueue::Pop() {
  Block front = std::move(blocks_.front());
  blocks_.pop_front();
  if (front.message) Release(front.text.size());
  return std::move(front.text);
}

void EventQueue::Release(size_t bytes) {
  if (bytes == 0) return;
  bytes_ -= bytes;
  budget_->Give(bytes);
}

}  // namespace skat::web
