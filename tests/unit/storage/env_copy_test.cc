// Env::CopyTo, Env::Copy and Env::ReplaceContents: a whole environment out to one file and back.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <optional>
#include <string>
#include <vector>

#include "storage/cursor.h"
#include "storage/env.h"
#include "storage/meta_keys.h"
#include "test_env.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::storage {
namespace env_copy_test {

using testing::ExpectOk;
using testing::Ok;
using testing::OpenInMemory;
using testing::ScratchDir;

void Put(Env& env, Dbi dbi, std::string_view key, std::string_view value) {
  auto txn = Ok(env.BeginWrite());
  ExpectOk(txn.Put(dbi, key, value));
  ExpectOk(txn.Commit());
}

// Every key=value of `dbi`, in order.
std::string Dump(Env& env, Dbi dbi) {
  auto txn = Ok(env.BeginRead());
  auto cursor = Ok(Cursor::Open(txn, dbi));
  std::string out;
  for (bool on = cursor.First(); on; on = cursor.Next()) {
    out += std::string(cursor.key()) + "=" + std::string(cursor.value()) + ";";
  }
  return out;
}

Status Replace(Env& env, const Env::Copy* copy) {
  DDBEMU_ASSIGN_OR_RETURN(WriteTxn txn, env.BeginWrite());
  DDBEMU_RETURN_IF_ERROR(env.ReplaceContents(txn, copy));
  return txn.Commit();
}

TEST(EnvCopyTest, ACopyReplacesEverythingAnotherEnvironmentHolds) {
  ScratchDir scratch;
  auto source = OpenInMemory();
  Put(*source, source->catalog_dbi(), "table", "schema");
  const std::string big(100'000, 'x');  // an overflow page
  for (int i = 0; i < 1000; ++i) {
    Put(*source, source->data_dbi(), "k" + std::to_string(10000 + i), i == 7 ? big : "v");
  }
  const std::string file = scratch.path() + "/copy.mdb";
  ExpectOk(source->CopyTo(file));
  std::vector<std::string> files;  // the temporary copy was renamed
  for (const auto& entry : std::filesystem::directory_iterator(scratch.path())) {
    files.push_back(entry.path().filename().string());
  }
  EXPECT_EQ(files, std::vector<std::string>{"copy.mdb"});

  auto target = OpenInMemory();
  Put(*target, target->data_dbi(), "only-in-target", "gone after");
  Put(*target, target->catalog_dbi(), "other", "gone after");
  auto copy = Ok(Env::Copy::Open(file));
  EXPECT_EQ(copy->size_bytes(), std::filesystem::file_size(file));
  ExpectOk(Replace(*target, copy.get()));
  EXPECT_EQ(Dump(*target, target->catalog_dbi()), "table=schema;");
  EXPECT_EQ(Dump(*target, target->data_dbi()), Dump(*source, source->data_dbi()));
  EXPECT_EQ(Dump(*target, target->meta_dbi()), Dump(*source, source->meta_dbi()));
}

TEST(EnvCopyTest, ReplacingWithNothingLeavesAnEmptyDatabaseOfThisFormat) {
  auto env = OpenInMemory();
  Put(*env, env->data_dbi(), "k", "v");
  Put(*env, env->meta_dbi(), "S1", "stats");
  ExpectOk(Replace(*env, nullptr));
  EXPECT_EQ(Dump(*env, env->data_dbi()), "");
  auto txn = Ok(env->BeginRead());
  EXPECT_EQ(Ok(txn.Get(env->meta_dbi(), "S1")), std::nullopt);
  EXPECT_TRUE(Ok(txn.Get(env->meta_dbi(), metakeys::kFormatVersion)).has_value());
}

TEST(EnvCopyTest, AFileThatIsNotACopyIsRefusedWithItsName) {
  ScratchDir scratch;
  const std::string file = scratch.path() + "/not-a-copy.mdb";
  std::ofstream(file) << std::string(20000, 'z');
  auto opened = Env::Copy::Open(file);
  ASSERT_FALSE(opened.ok());
  EXPECT_EQ(opened.error().code(), ErrorCode::kInternalServerError);
  EXPECT_NE(opened.error().message().find(file), std::string::npos) << opened.error().message();

  auto missing = Env::Copy::Open(scratch.path() + "/missing.mdb");
  ASSERT_FALSE(missing.ok());
  EXPECT_NE(missing.error().message().find("missing.mdb"), std::string::npos);
}

TEST(EnvCopyTest, ACopyOfAnotherFormatIsRefused) {
  ScratchDir scratch;
  auto source = OpenInMemory();
  std::string future;
  AppendU32(metakeys::kCurrentFormatVersion + 1, &future);
  Put(*source, source->meta_dbi(), metakeys::kFormatVersion, future);
  const std::string file = scratch.path() + "/future.mdb";
  ExpectOk(source->CopyTo(file));
  auto opened = Env::Copy::Open(file);
  ASSERT_FALSE(opened.ok());
  EXPECT_NE(opened.error().message().find("its storage format is not this build's"),
            std::string::npos)
      << opened.error().message();
}

TEST(EnvCopyTest, ACopyIntoAMissingDirectoryFailsAndLeavesNothing) {
  auto env = OpenInMemory();
  Status copied = env->CopyTo("/nonexistent-dir/x.mdb");
  ASSERT_FALSE(copied.ok());
  EXPECT_NE(copied.error().message().find("/nonexistent-dir/x.mdb"), std::string::npos);
}

}  // namespace env_copy_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::storage
