// skatd's loopback test for --listen (services/skatd/listen_address.h): which addresses it may
// serve in plaintext without --insecure.
#include "services/skatd/listen_address.h"

#include <gtest/gtest.h>

namespace skat::service {
namespace {

TEST(ListenAddressTest, LoopbackAddressesAndUnixSockets) {
  for (const char* listen :
       {"127.0.0.1:50051", "127.0.0.1:0", "127.8.9.10:1", "localhost:50051", "LocalHost:1",
        "[::1]:50051", "[::ffff:127.0.0.1]:50051", "ipv4:127.0.0.1:50051", "ipv6:[::1]:50051",
        "unix:/run/skatd.sock", "unix-abstract:skatd"}) {
    EXPECT_TRUE(IsLoopbackListen(listen)) << listen;
  }
}

TEST(ListenAddressTest, WildcardsOtherAddressesAndNamesAreNot) {
  for (const char* listen :
       {"0.0.0.0:50051", "[::]:50051", ":50051", "192.168.1.5:50051", "10.0.0.1:50051",
        "128.0.0.1:50051", "[::2]:50051", "[::ffff:10.0.0.1]:50051", "skat.example:50051",
        "localhost.example:50051", "127.0.0.1", "::1:50051", "[::1]50051", "[::1", "",
        "dns:127.0.0.1:50051"}) {
    EXPECT_FALSE(IsLoopbackListen(listen)) << listen;
  }
}

}  // namespace
}  // namespace skat::service
