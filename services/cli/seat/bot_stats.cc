#include "services/cli/seat/bot_stats.h"

#include <bit>
#include <cstdio>
#include <fstream>
#include <sstream>

namespace skat::cli {

int LatencyHistogram::Bucket(uint64_t us) {
  if (us < 64) return static_cast<int>(us);
  const int e = std::bit_width(us) - 6;  // >= 1; us >> e is in [32, 64)
  const int bucket = 64 + (e - 1) * 32 + static_cast<int>((us >> e) - 32);
  return bucket < kBuckets ? bucket : kBuckets - 1;
}

uint64_t LatencyHistogram::Low(int bucket) {
  if (bucket < 64) return static_cast<uint64_t>(bucket);
  const int e = (bucket - 64) / 32 + 1;
  return static_cast<uint64_t>(32 + (bucket - 64) % 32) << e;
}

void LatencyHistogram::Record(uint64_t us) {
  counts_[Bucket(us)].fetch_add(1, std::memory_order_relaxed);
  uint64_t seen = max_.load(std::memory_order_relaxed);
  while (us > seen && !max_.compare_exchange_weak(seen, us, std::memory_order_relaxed)) {
  }
}

void LatencyHistogram::Add(uint64_t low_us, uint64_t count) {
  counts_[Bucket(low_us)].fetch_add(count, std::memory_order_relaxed);
  uint64_t seen = max_.load(std::memory_order_relaxed);
  while (low_us > seen && !max_.compare_exchange_weak(seen, low_us, std::memory_order_relaxed)) {
  }
}

uint64_t LatencyHistogram::count() const {
  uint64_t n = 0;
  for (const auto& c : counts_) n += c.load(std::memory_order_relaxed);
  return n;
}

uint64_t LatencyHistogram::Quantile(double q) const {
  const uint64_t n = count();
  if (n == 0) return 0;
  const uint64_t rank = static_cast<uint64_t>(q * static_cast<double>(n - 1));
  uint64_t seen = 0;
  for (int b = 0; b < kBuckets; ++b) {
    seen += counts_[b].load(std::memory_order_relaxed);
    if (seen > rank) return Low(b);
  }
  return max();
}

std::map<uint64_t, uint64_t> LatencyHistogram::Buckets() const {
  std::map<uint64_t, uint64_t> out;
  for (int b = 0; b < kBuckets; ++b) {
    if (const uint64_t c = counts_[b].load(std::memory_order_relaxed); c > 0) out[Low(b)] = c;
  }
  return out;
}

std::string BotStats::Text(bool final) const {
  std::ostringstream out;
  out << "acts " << acts_.load() << "\nseats " << seats_.load() << "\nseats_done "
      << seats_done_.load() << "\nwall_seconds "
      << std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count()
      << "\nfinal " << (final ? 1 : 0) << "\np50_us " << histogram_.Quantile(0.5) << "\np90_us "
      << histogram_.Quantile(0.9) << "\np99_us " << histogram_.Quantile(0.99) << "\nmax_us "
      << histogram_.max() << "\n";
  for (const auto& [low, count] : histogram_.Buckets())
    out << "hist " << low << " " << count << "\n";
  return out.str();
}

bool BotStats::Write(const std::string& path, bool final) const {
  const std::string temporary = path + ".tmp";
  {
    std::ofstream out(temporary, std::ios::trunc);
    out << Text(final);
    if (!out.flush()) return false;
  }
  return std::rename(temporary.c_str(), path.c_str()) == 0;
}

bool ReadBotStats(const std::string& path, BotStatsFile& out) {
  std::ifstream in(path);
  if (!in) return false;
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream words(line);
    std::string key;
    if (!(words >> key)) continue;
    if (key == "hist") {
      uint64_t low = 0, count = 0;
      if (words >> low >> count && out.histogram != nullptr) out.histogram->Add(low, count);
      continue;
    }
    double value = 0;
    if (words >> value) out.values[key] = value;
  }
  return true;
}

}  // namespace skat::cli
