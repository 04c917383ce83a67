// Reading the PEM files TLS is configured with (skatd --tls-cert/--tls-key/--tls-client-ca and
// skat --tls-ca/--tls-client-cert/--tls-client-key; docs/reliability.md "More than one machine").
#ifndef SKAT_SERVICES_COMMON_PEM_H_
#define SKAT_SERVICES_COMMON_PEM_H_

#include <string>

namespace skat::service {

enum class PemKind {
  kCertificate,  // holds "-----BEGIN CERTIFICATE"
  kPrivateKey,   // holds "PRIVATE KEY-----" (PKCS#8, RSA or EC)
};

// The whole file `path`, given as `option`, in `pem`; false with `error` naming the option and the
// file when it is missing, unreadable, or not a PEM file of that kind ("--tls-key k.pem: not a
// PEM private key (-----BEGIN PRIVATE KEY-----)").
bool ReadPem(const std::string& option, const std::string& path, PemKind kind, std::string& pem,
             std::string& error);

}  // namespace skat::service

#endif  // SKAT_SERVICES_COMMON_PEM_H_
