#include "services/common/page.h"

#include <sodium.h>

#include <algorithm>
#include <array>
#include <cstring>

namespace skat::service {
namespace {

// A token: base64url (no padding) of the payload and the first kChecksumBytes of the SHA-256 of
// kDomain, the list, a NUL and the payload. The payload: kVersion, the count of numbers, each
// number as 8 bytes big-endian, then the text.
constexpr unsigned char kVersion = 1;
constexpr size_t kChecksumBytes = 8;
constexpr std::string_view kDomain = "skat.v1 page token\n";
// Far above any real token (keys are short ids and numbers): longer ones are not decoded at all.
constexpr size_t kMaxTokenChars = 512;

std::array<unsigned char, kChecksumBytes> Checksum(std::string_view list,
                                                   const std::string& payload) {
  crypto_hash_sha256_state state;
  crypto_hash_sha256_init(&state);
  const auto add = [&state](std::string_view bytes) {
    crypto_hash_sha256_update(&state, reinterpret_cast<const unsigned char*>(bytes.data()),
                              bytes.size());
  };
  add(kDomain);
  add(list);
  add(std::string_view("\0", 1));
  add(payload);
  std::array<unsigned char, crypto_hash_sha256_BYTES> digest;
  crypto_hash_sha256_final(&state, digest.data());
  std::array<unsigned char, kChecksumBytes> out;
  std::copy_n(digest.begin(), kChecksumBytes, out.begin());
  return out;
}

std::string Payload(const PageKey& key) {
  std::string payload;
  payload += static_cast<char>(kVersion);
  payload += static_cast<char>(key.numbers.size());
  for (int64_t n : key.numbers) {
    const auto u = static_cast<uint64_t>(n);
    for (int shift = 56; shift >= 0; shift -= 8) payload += static_cast<char>((u >> shift) & 0xff);
  }
  payload += key.text;
  return payload;
}

// The key of a token of `list`, or nullopt for anything else.
std::optional<PageKey> ReadToken(std::string_view list, std::string_view token,
                                 size_t key_numbers) {
  if (token.size() > kMaxTokenChars) return std::nullopt;
  std::string bytes(token.size(), '\0');
  size_t size = 0;
  const char* end = nullptr;
  if (sodium_base642bin(reinterpret_cast<unsigned char*>(bytes.data()), bytes.size(), token.data(),
                        token.size(), nullptr, &size, &end,
                        sodium_base64_VARIANT_URLSAFE_NO_PADDING) != 0 ||
      end != token.data() + token.size() || size < 2 + kChecksumBytes) {
    return std::nullopt;
  }
  bytes.resize(size);
  const std::string payload = bytes.substr(0, size - kChecksumBytes);
  const std::array<unsigned char, kChecksumBytes> expected = Checksum(list, payload);
  if (std::memcmp(expected.data(), bytes.data() + payload.size(), kChecksumBytes) != 0 ||
      static_cast<unsigned char>(payload[0]) != kVersion ||
      static_cast<unsigned char>(payload[1]) != key_numbers ||
      payload.size() < 2 + 8 * key_numbers) {
    return std::nullopt;
  }
  PageKey key;
  size_t at = 2;
  for (size_t i = 0; i < key_numbers; ++i) {
    uint64_t u = 0;
    for (int b = 0; b < 8; ++b) u = (u << 8) | static_cast<unsigned char>(payload[at++]);
    key.numbers.push_back(static_cast<int64_t>(u));
  }
  key.text = payload.substr(at);
  return key;
}

}  // namespace

Result<PageRequest> ParsePageRequest(std::string_view list, int32_t page_size,
                                     std::string_view page_token, size_t key_numbers) {
  // The RPC's name, without the parent: a message never repeats a request's long field.
  const std::string_view rpc = list.substr(0, list.find(' '));
  if (page_size < 0) {
    return Status::InvalidArgument("page_size " + std::to_string(page_size) +
                                   " is negative (0 asks for " + std::to_string(kDefaultPageSize) +
                                   ", at most " + std::to_string(kMaxPageSize) + " are sent)");
  }
  PageRequest request;
  request.size = page_size == 0 ? kDefaultPageSize : std::min<int>(page_size, kMaxPageSize);
  if (page_token.empty()) return request;
  request.after = ReadToken(list, page_token, key_numbers);
  if (!request.after) {
    return Status::InvalidArgument("page_token is not a next_page_token of an earlier " +
                                   std::string(rpc) + " reply to the same request");
  }
  return request;
}

std::string PageToken(std::string_view list, const PageKey& last) {
  const std::string payload = Payload(last);
  const std::array<unsigned char, kChecksumBytes> checksum = Checksum(list, payload);
  std::string bytes = payload;
  bytes.append(reinterpret_cast<const char*>(checksum.data()), checksum.size());
  const size_t chars =
      sodium_base64_ENCODED_LEN(bytes.size(), sodium_base64_VARIANT_URLSAFE_NO_PADDING);
  std::string token(chars, '\0');
  sodium_bin2base64(token.data(), token.size(),
                    reinterpret_cast<const unsigned char*>(bytes.data()), bytes.size(),
                    sodium_base64_VARIANT_URLSAFE_NO_PADDING);
  token.resize(std::strlen(token.c_str()));
  return token;
}

}  // namespace skat::service
