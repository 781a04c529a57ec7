// Shared fixtures for storage tests: a fresh in-memory Env per test, and a scratch
// directory for tests that reopen a database from disk.
#pragma once

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <memory>
#include <string>

#include "ddbemu/version.h"
#include "storage/env.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::storage::testing {

// Asserts a Result is ok and yields its value: `auto txn = Ok(env->BeginRead());`.
template <class R>
auto Ok(R&& result) {
  EXPECT_TRUE(result.ok()) << (result.ok() ? "" : result.error().message());
  return std::move(result).value();
}
inline void ExpectOk(const Status& s) {
  EXPECT_TRUE(s.ok()) << (s.ok() ? "" : s.error().message());
}

inline std::unique_ptr<Env> OpenInMemory() {
  EnvOptions options;
  options.in_memory = true;
  options.map_size_bytes = std::size_t{256} << 20;
  auto env = Env::Open(options);
  EXPECT_TRUE(env.ok()) << (env.ok() ? "" : env.error().message());
  return std::move(env).value();
}

// A directory under the system temp dir, removed with everything in it at destruction.
class ScratchDir {
 public:
  ScratchDir() {
    std::string pattern = (std::filesystem::temp_directory_path() / "ddbemu-test-XXXXXX").string();
    path_ = mkdtemp(pattern.data());
  }
  ~ScratchDir() { std::filesystem::remove_all(path_); }
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::storage::testing
