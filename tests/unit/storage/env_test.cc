// Env, ReadTxn, WriteTxn and Cursor: the LMDB wrapper's contracts.
#include "storage/env.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "storage/cursor.h"
#include "test_env.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::storage {
namespace env_test {

using testing::ExpectOk;
using testing::Ok;
using testing::OpenInMemory;
using testing::ScratchDir;

std::optional<std::string> Lookup(Env& env, std::string_view key) {
  auto txn = Ok(env.BeginRead());
  auto value = Ok(txn.Get(env.data_dbi(), key));
  if (!value) return std::nullopt;
  return std::string(*value);
}

void PutAndCommit(Env& env, std::string_view key, std::string_view value) {
  auto txn = Ok(env.BeginWrite());
  ExpectOk(txn.Put(env.data_dbi(), key, value));
  ExpectOk(txn.Commit());
}

TEST(EnvTest, InMemoryDirectoryExistsWhileOpenAndIsRemovedOnClose) {
  auto env = OpenInMemory();
  std::string path = env->path();
  EXPECT_TRUE(env->in_memory());
  EXPECT_TRUE(std::filesystem::is_directory(path));
  env.reset();
  EXPECT_FALSE(std::filesystem::exists(path));
}

TEST(EnvTest, TwoInMemoryEnvsAreIndependent) {
  auto a = OpenInMemory();
  auto b = OpenInMemory();
  EXPECT_NE(a->path(), b->path());
  PutAndCommit(*a, "k", "v");
  EXPECT_EQ(Lookup(*a, "k"), "v");
  EXPECT_EQ(Lookup(*b, "k"), std::nullopt);
}

TEST(EnvTest, DataDirectoryIsCreatedAndDataSurvivesReopenWithFsync) {
  ScratchDir scratch;
  EnvOptions options;
  options.path = scratch.path() + "/nested/db";
  options.durability = Durability::kFsync;
  options.map_size_bytes = std::size_t{64} << 20;
  {
    auto env = Ok(Env::Open(options));
    PutAndCommit(*env, "alpha", "1");
  }
  EXPECT_TRUE(std::filesystem::exists(options.path + "/data.mdb"));
  auto env = Ok(Env::Open(options));
  EXPECT_EQ(Lookup(*env, "alpha"), "1");
}

TEST(EnvTest, DataSurvivesReopenWithoutFsync) {
  ScratchDir scratch;
  EnvOptions options;
  options.path = scratch.path();
  options.durability = Durability::kNone;
  options.map_size_bytes = std::size_t{64} << 20;
  { PutAndCommit(*Ok(Env::Open(options)), "k", "v"); }
  EXPECT_EQ(Lookup(*Ok(Env::Open(options)), "k"), "v");
}

TEST(EnvTest, UnusableDirectoryIsAnInternalServerErrorNamingThePath) {
  ScratchDir scratch;
  std::string file = scratch.path() + "/a-file";
  {
    std::FILE* f = std::fopen(file.c_str(), "w");
    std::fclose(f);
  }
  EnvOptions options;
  options.path = file + "/db";
  auto env = Env::Open(options);
  ASSERT_FALSE(env.ok());
  EXPECT_EQ(env.error().code(), ErrorCode::kInternalServerError);
  EXPECT_NE(env.error().message().find(options.path), std::string::npos);
}

TEST(EnvTest, UnknownStorageFormatIsRejected) {
  ScratchDir scratch;
  EnvOptions options;
  options.path = scratch.path();
  options.map_size_bytes = std::size_t{64} << 20;
  {
    auto env = Ok(Env::Open(options));
    auto txn = Ok(env->BeginWrite());
    ExpectOk(txn.Put(env->meta_dbi(), "F", std::string("\0\0\0\x63", 4)));
    ExpectOk(txn.Commit());
  }
  auto env = Env::Open(options);
  ASSERT_FALSE(env.ok());
  EXPECT_NE(env.error().message().find("unknown storage format"), std::string::npos);
}

// Version 1 databases (items without their size ahead of them) are read as they are and raised
// to version 2, which older builds refuse rather than misread.
TEST(EnvTest, VersionOneIsRaisedToTwo) {
  ScratchDir scratch;
  EnvOptions options;
  options.path = scratch.path();
  options.map_size_bytes = std::size_t{64} << 20;
  auto stamp = [&] {
    auto env = Ok(Env::Open(options));
    auto txn = Ok(env->BeginRead());
    const auto bytes = Ok(txn.Get(env->meta_dbi(), "F"));
    return bytes ? std::string(*bytes) : std::string();
  };
  EXPECT_EQ(stamp(), std::string("\0\0\0\x02", 4));  // a new database
  {
    auto env = Ok(Env::Open(options));
    auto txn = Ok(env->BeginWrite());
    ExpectOk(txn.Put(env->meta_dbi(), "F", std::string("\0\0\0\x01", 4)));
    ExpectOk(txn.Commit());
  }
  EXPECT_EQ(stamp(), std::string("\0\0\0\x02", 4));
}

TEST(WriteTxnTest, UncommittedTransactionLeavesNothing) {
  auto env = OpenInMemory();
  {
    auto txn = Ok(env->BeginWrite());
    ExpectOk(txn.Put(env->data_dbi(), "k", "v"));
    EXPECT_EQ(*Ok(txn.Get(env->data_dbi(), "k")), "v");  // visible inside the transaction
  }                                                      // destroyed without Commit: aborted
  EXPECT_EQ(Lookup(*env, "k"), std::nullopt);
}

TEST(WriteTxnTest, ExplicitAbortLeavesNothingAndIsIdempotent) {
  auto env = OpenInMemory();
  auto txn = Ok(env->BeginWrite());
  ExpectOk(txn.Put(env->data_dbi(), "k", "v"));
  txn.Abort();
  txn.Abort();
  EXPECT_FALSE(txn.active());
  EXPECT_EQ(Lookup(*env, "k"), std::nullopt);
}

TEST(WriteTxnTest, DeleteReportsWhetherTheKeyExisted) {
  auto env = OpenInMemory();
  PutAndCommit(*env, "k", "v");
  auto txn = Ok(env->BeginWrite());
  EXPECT_TRUE(Ok(txn.Delete(env->data_dbi(), "k")));
  EXPECT_FALSE(Ok(txn.Delete(env->data_dbi(), "k")));
  ExpectOk(txn.Commit());
  EXPECT_EQ(Lookup(*env, "k"), std::nullopt);
}

TEST(WriteTxnTest, MovedTransactionCommitsOnce) {
  auto env = OpenInMemory();
  auto a = Ok(env->BeginWrite());
  ExpectOk(a.Put(env->data_dbi(), "k", "v"));
  WriteTxn b = std::move(a);
  EXPECT_FALSE(a.active());  // NOLINT(bugprone-use-after-move): the contract under test
  ExpectOk(b.Commit());
  EXPECT_EQ(Lookup(*env, "k"), "v");
}

TEST(WriteTxnTest, MapFullIsAClearError) {
  EnvOptions options;
  options.in_memory = true;
  options.map_size_bytes = std::size_t{1} << 20;
  auto env = Ok(Env::Open(options));
  auto txn = Ok(env->BeginWrite());
  std::string big(4000, 'x');
  Status status;
  for (int i = 0; i < 1000 && status.ok(); ++i) {
    status = txn.Put(env->data_dbi(), "key" + std::to_string(i), big);
  }
  ASSERT_FALSE(status.ok());
  EXPECT_EQ(status.error().code(), ErrorCode::kInternalServerError);
  EXPECT_NE(status.error().message().find("MDB_MAP_FULL"), std::string::npos);
  EXPECT_NE(status.error().message().find("database is full"), std::string::npos);
}

// In-memory databases write into their map (MDB_WRITEMAP), where a full file system would be
// a SIGBUS: a write is refused with an error instead once the free space is below the headroom.
TEST(WriteTxnTest, InMemoryWriteIsRefusedWhenTheFileSystemIsNearlyFull) {
  auto free_bytes = std::make_shared<std::uint64_t>(std::uint64_t{8} << 30);
  EnvOptions options;
  options.in_memory = true;
  options.map_size_bytes = std::size_t{256} << 20;
  options.free_space = [free_bytes](const std::string&) { return *free_bytes; };
  auto env = Ok(Env::Open(options));
  PutAndCommit(*env, "before", "v");

  *free_bytes = std::uint64_t{10} << 20;  // another process filled the file system
  {
    // Growing past the last check (16 MiB) makes the next write ask the file system again.
    auto txn = Ok(env->BeginWrite());
    std::string big(4000, 'x');
    for (int i = 0; i < 5000; ++i) ExpectOk(txn.Put(env->data_dbi(), std::to_string(i), big));
    ExpectOk(txn.Commit());
  }
  auto refused = env->BeginWrite();
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error().code(), ErrorCode::kInternalServerError);
  EXPECT_NE(refused.error().message().find("10 MiB free"), std::string::npos)
      << refused.error().message();
  EXPECT_EQ(Lookup(*env, "before"), "v");  // reads go on

  *free_bytes = std::uint64_t{8} << 30;  // space freed: writes resume
  PutAndCommit(*env, "after", "v");
  EXPECT_EQ(Lookup(*env, "after"), "v");
}

TEST(EnvTest, InMemoryDatabaseAvoidsASmallDevShm) {
  EnvOptions options;
  options.in_memory = true;
  options.map_size_bytes = std::size_t{16} << 20;
  options.free_space = [](const std::string& dir) -> std::optional<std::uint64_t> {
    return dir == "/dev/shm" ? std::uint64_t{64} << 20 : std::uint64_t{8} << 30;
  };
  auto env = Ok(Env::Open(options));
  EXPECT_NE(env->path().rfind("/dev/shm/", 0), 0u) << env->path();
  PutAndCommit(*env, "k", "v");
  EXPECT_EQ(Lookup(*env, "k"), "v");
}

TEST(ReadTxnTest, SnapshotDoesNotSeeLaterCommits) {
  auto env = OpenInMemory();
  PutAndCommit(*env, "k", "old");
  auto reader = Ok(env->BeginRead());
  PutAndCommit(*env, "k", "new");
  EXPECT_EQ(*Ok(reader.Get(env->data_dbi(), "k")), "old");
  reader.End();
  EXPECT_EQ(Lookup(*env, "k"), "new");
}

TEST(ReadTxnTest, PooledReadersSeeTheLatestStateAfterRenewal) {
  auto env = OpenInMemory();
  for (int i = 0; i < 100; ++i) {
    PutAndCommit(*env, "k", std::to_string(i));
    EXPECT_EQ(Lookup(*env, "k"), std::to_string(i));
  }
}

TEST(ReadTxnTest, ReadTransactionsMayMoveBetweenThreads) {
  auto env = OpenInMemory();
  PutAndCommit(*env, "k", "v");
  std::vector<std::thread> threads;
  std::vector<std::string> seen(8);
  for (int t = 0; t < 8; ++t) {
    threads.emplace_back([&, t] {
      for (int i = 0; i < 200; ++i) seen[t] = Lookup(*env, "k").value_or("");
    });
  }
  for (auto& th : threads) th.join();
  for (const auto& s : seen) EXPECT_EQ(s, "v");
  // A transaction begun on one thread and ended on another.
  auto txn = Ok(env->BeginRead());
  std::thread([&] {
    EXPECT_EQ(*Ok(txn.Get(env->data_dbi(), "k")), "v");
    txn.End();
  }).join();
}

TEST(WriteTxnTest, ConcurrentWritersAreSerialized) {
  auto env = OpenInMemory();
  PutAndCommit(*env, "counter", "0");
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&] {
      for (int i = 0; i < 50; ++i) {
        auto txn = Ok(env->BeginWrite());
        int n = std::stoi(std::string(*Ok(txn.Get(env->data_dbi(), "counter"))));
        ExpectOk(txn.Put(env->data_dbi(), "counter", std::to_string(n + 1)));
        ExpectOk(txn.Commit());
      }
    });
  }
  for (auto& th : threads) th.join();
  EXPECT_EQ(Lookup(*env, "counter"), "200");
}

class CursorTest : public ::testing::Test {
 protected:
  void SetUp() override {
    env_ = OpenInMemory();
    auto txn = Ok(env_->BeginWrite());
    for (const char* k : {"b", "d", "f"})
      ExpectOk(txn.Put(env_->data_dbi(), k, std::string(k) + "!"));
    ExpectOk(txn.Commit());
  }
  std::unique_ptr<Env> env_;
};

TEST_F(CursorTest, SeekFindsFirstKeyAtOrAfter) {
  auto txn = Ok(env_->BeginRead());
  auto c = Ok(Cursor::Open(txn, env_->data_dbi()));
  ASSERT_TRUE(c.Seek("c"));
  EXPECT_EQ(c.key(), "d");
  EXPECT_EQ(c.value(), "d!");
  ASSERT_TRUE(c.Seek("d"));
  EXPECT_EQ(c.key(), "d");
  EXPECT_FALSE(c.Seek("g"));
  ExpectOk(c.status());
}

TEST_F(CursorTest, SeekAtOrBeforeFindsLastKeyAtOrBefore) {
  auto txn = Ok(env_->BeginRead());
  auto c = Ok(Cursor::Open(txn, env_->data_dbi()));
  ASSERT_TRUE(c.SeekAtOrBefore("e"));
  EXPECT_EQ(c.key(), "d");
  ASSERT_TRUE(c.SeekAtOrBefore("d"));
  EXPECT_EQ(c.key(), "d");
  ASSERT_TRUE(c.SeekAtOrBefore("z"));
  EXPECT_EQ(c.key(), "f");
  EXPECT_FALSE(c.SeekAtOrBefore("a"));
  ExpectOk(c.status());
}

TEST_F(CursorTest, WalksForwardAndBackward) {
  auto txn = Ok(env_->BeginRead());
  auto c = Ok(Cursor::Open(txn, env_->data_dbi()));
  std::string forward, backward;
  for (bool on = c.First(); on; on = c.Next()) forward += c.key();
  for (bool on = c.Last(); on; on = c.Prev()) backward += c.key();
  EXPECT_EQ(forward, "bdf");
  EXPECT_EQ(backward, "fdb");
  // Off the end, Prev is Last.
  EXPECT_FALSE(c.Seek("x"));
  ASSERT_TRUE(c.Prev());
  EXPECT_EQ(c.key(), "f");
}

TEST_F(CursorTest, DeleteInANextLoopVisitsEveryEntryOnce) {
  auto txn = Ok(env_->BeginWrite());
  std::string visited;
  {
    auto c = Ok(Cursor::Open(txn, env_->data_dbi()));
    for (bool on = c.First(); on; on = c.Next()) {
      visited += c.key();
      if (c.key() != "f") ExpectOk(c.DeleteCurrent());
    }
    ExpectOk(c.status());
  }
  EXPECT_EQ(visited, "bdf");
  ExpectOk(txn.Commit());
  EXPECT_EQ(Lookup(*env_, "b"), std::nullopt);
  EXPECT_EQ(Lookup(*env_, "d"), std::nullopt);
  EXPECT_EQ(Lookup(*env_, "f"), "f!");
}

TEST_F(CursorTest, PrevAfterDeleteLandsOnThePrecedingEntry) {
  auto txn = Ok(env_->BeginWrite());
  auto c = Ok(Cursor::Open(txn, env_->data_dbi()));
  ASSERT_TRUE(c.Seek("d"));
  ExpectOk(c.DeleteCurrent());
  ASSERT_TRUE(c.Prev());
  EXPECT_EQ(c.key(), "b");
}

}  // namespace env_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::storage
