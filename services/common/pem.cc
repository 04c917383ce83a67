#include "services/common/pem.h"

#include <filesystem>
#include <fstream>
#include <sstream>

namespace skat::service {

bool ReadPem(const std::string& option, const std::string& path, PemKind kind, std::string& pem,
             std::string& error) {
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) {
    error = option + " " + path + ": no such file";
    return false;
  }
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  if (!in || !(text << in.rdbuf())) {
    error = option + " " + path + ": cannot read it (permissions?)";
    return false;
  }
  pem = text.str();
  if (pem.find("-----BEGIN ") == std::string::npos) {
    error = option + " " + path + ": not a PEM file";
    return false;
  }
  const bool certificate = kind == PemKind::kCertificate;
  if (pem.find(certificate ? "-----BEGIN CERTIFICATE" : "PRIVATE KEY-----") == std::string::npos) {
    error = option + " " + path +
            (certificate ? ": not a PEM certificate (-----BEGIN CERTIFICATE-----)"
                         : ": not a PEM private key (-----BEGIN PRIVATE KEY-----)");
    return false;
  }
  return true;
}

}  // namespace skat::service
