#include "services/common/auth.h"

#include <sodium.h>

#include <array>
#include <cctype>

namespace skat::service {
namespace {

std::string Hex(const unsigned char* data, size_t size) {
  std::string out(size * 2 + 1, '\0');
  sodium_bin2hex(out.data(), out.size(), data, size);
  out.pop_back();
  return out;
}

void InitSodium() {
  static const bool kReady = sodium_init() >= 0;
  (void)kReady;
}

}  // namespace

std::string NewToken() {
  InitSodium();
  std::array<unsigned char, 32> bytes;
  randombytes_buf(bytes.data(), bytes.size());
  return Hex(bytes.data(), bytes.size());
}

std::string Sha256Hex(std::string_view text) {
  std::array<unsigned char, crypto_hash_sha256_BYTES> digest;
  crypto_hash_sha256(digest.data(), reinterpret_cast<const unsigned char*>(text.data()),
                     text.size());
  return Hex(digest.data(), digest.size());
}

std::string NewId(std::string_view prefix) {
  InitSodium();
  constexpr char kAlphabet[] = "abcdefghijklmnopqrstuvwxyz234567";
  std::string id(prefix);
  for (int i = 0; i < 10; ++i) id += kAlphabet[randombytes_uniform(32)];
  return id;
}

std::string BearerToken(const grpc::ServerContextBase& context) {
  const auto& metadata = context.client_metadata();
  auto it = metadata.find("authorization");
  if (it == metadata.end()) return "";
  return BearerTokenOf(std::string_view(it->second.data(), it->second.size()));
}

std::string BearerTokenOf(std::string_view authorization) {
  // RFC 7235 2.1: the scheme is case-insensitive ("bearer", "BEARER").
  constexpr std::string_view kBearer = "bearer ";
  if (authorization.size() < kBearer.size()) return "";
  for (size_t i = 0; i < kBearer.size(); ++i) {
    if (std::tolower(static_cast<unsigned char>(authorization[i])) != kBearer[i]) return "";
  }
  return std::string(authorization.substr(kBearer.size()));
}

Status CheckDirector(const grpc::ServerContextBase& context, std::string_view expected_sha256,
                     std::string_view resource) {
  return CheckDirectorToken(BearerToken(context), expected_sha256, resource);
}

Status CheckDirectorToken(std::string_view token, std::string_view expected_sha256,
                          std::string_view resource) {
  if (token.empty()) {
    return Status::Unauthenticated(
        std::string(resource) +
        " needs the event's director token (metadata authorization: Bearer <token>)");
  }
  const std::string actual = Sha256Hex(token);
  if (actual.size() != expected_sha256.size() ||
      sodium_memcmp(actual.data(), expected_sha256.data(), actual.size()) != 0) {
    return Status::PermissionDenied("the token given is not the director token of " +
                                    std::string(resource));
  }
  return Status::Ok();
}

}  // namespace skat::service
