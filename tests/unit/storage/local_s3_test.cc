// LocalS3: buckets as directories, objects as files, S3's errors, and no key or prefix that
// reaches outside its bucket.
#include "storage/local_s3.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "test_env.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::storage {
namespace local_s3_test {

using testing::ScratchDir;

class LocalS3Test : public ::testing::Test {
 protected:
  void SetUp() override { std::filesystem::create_directories(scratch_.path() + "/s3/exports"); }

  std::vector<std::string> Keys(std::string_view prefix = "") {
    auto listed = s3_.ListObjects("exports", prefix);
    EXPECT_TRUE(listed.ok()) << (listed.ok() ? "" : listed.error().message);
    std::vector<std::string> keys;
    if (listed.ok()) {
      for (const S3Object& o : *listed) keys.push_back(o.key);
    }
    return keys;
  }
  // Every file under the scratch directory, relative to it.
  std::vector<std::string> Files() {
    std::vector<std::string> out;
    for (const auto& e : std::filesystem::recursive_directory_iterator(scratch_.path())) {
      if (e.is_regular_file()) {
        out.push_back(std::filesystem::relative(e.path(), scratch_.path()).string());
      }
    }
    std::sort(out.begin(), out.end());
    return out;
  }

  ScratchDir scratch_;
  LocalS3 s3_{scratch_.path() + "/s3"};
};

TEST_F(LocalS3Test, AnObjectIsAFileUnderItsBucketsDirectory) {
  ASSERT_TRUE(s3_.PutObject("exports", "AWSDynamoDB/0123/manifest-summary.json", "{}").ok());
  EXPECT_EQ(Files(), std::vector<std::string>{"s3/exports/AWSDynamoDB/0123/manifest-summary.json"});
  auto got = s3_.GetObject("exports", "AWSDynamoDB/0123/manifest-summary.json");
  ASSERT_TRUE(got.ok());
  EXPECT_EQ(*got, "{}");
  ASSERT_TRUE(s3_.PutObject("exports", "AWSDynamoDB/0123/manifest-summary.json", "{\"v\":2}").ok());
  EXPECT_EQ(*s3_.GetObject("exports", "AWSDynamoDB/0123/manifest-summary.json"), "{\"v\":2}");
  std::ifstream file(scratch_.path() + "/s3/exports/AWSDynamoDB/0123/manifest-summary.json");
  EXPECT_EQ(std::string(std::istreambuf_iterator<char>(file), {}), "{\"v\":2}");
}

TEST_F(LocalS3Test, ListingIsByStringPrefixInKeyOrderWithSizes) {
  for (const char* key : {"data/b.json.gz", "data/a.json.gz", "data/x/y", "database", "other"}) {
    ASSERT_TRUE(s3_.PutObject("exports", key, std::string(7, 'z')).ok());
  }
  EXPECT_EQ(Keys(), (std::vector<std::string>{"data/a.json.gz", "data/b.json.gz", "data/x/y",
                                              "database", "other"}));
  EXPECT_EQ(Keys("data/"),
            (std::vector<std::string>{"data/a.json.gz", "data/b.json.gz", "data/x/y"}));
  EXPECT_EQ(Keys("data"),
            (std::vector<std::string>{"data/a.json.gz", "data/b.json.gz", "data/x/y", "database"}));
  EXPECT_EQ(Keys("data/a"), std::vector<std::string>{"data/a.json.gz"});
  EXPECT_EQ(Keys("nothing"), std::vector<std::string>{});
  auto listed = s3_.ListObjects("exports", "other");
  ASSERT_TRUE(listed.ok());
  EXPECT_EQ((*listed)[0].size_bytes, 7u);
}

TEST_F(LocalS3Test, AMissingBucketOrKeyIsS3sError) {
  auto put = s3_.PutObject("no-such-bucket", "k", "v");
  ASSERT_FALSE(put.ok());
  EXPECT_EQ(put.error().code, "NoSuchBucket");
  EXPECT_EQ(put.error().message, "The specified bucket does not exist");
  EXPECT_EQ(s3_.ListObjects("no-such-bucket", "").error().code, "NoSuchBucket");
  EXPECT_EQ(s3_.CheckBucket("no-such-bucket").error().code, "NoSuchBucket");
  EXPECT_TRUE(s3_.CheckBucket("exports").ok());
  auto got = s3_.GetObject("exports", "missing/key");
  ASSERT_FALSE(got.ok());
  EXPECT_EQ(got.error().code, "NoSuchKey");
  ASSERT_TRUE(s3_.PutObject("exports", "dir/file", "v").ok());
  EXPECT_EQ(s3_.GetObject("exports", "dir").error().code, "NoSuchKey");  // a "folder"
  EXPECT_TRUE(s3_.DeleteObject("exports", "missing/key").ok());
  EXPECT_TRUE(s3_.DeleteObject("exports", "dir/file").ok());
  EXPECT_EQ(s3_.GetObject("exports", "dir/file").error().code, "NoSuchKey");
  EXPECT_TRUE(Files().empty()) << Files()[0];
}

TEST_F(LocalS3Test, NoKeyOrPrefixLeavesItsBucket) {
  std::filesystem::create_directories(scratch_.path() + "/s3/other");
  for (const std::string& key : std::vector<std::string>{
           "../other/x", "a/../../other/x", "..", ".", "a/./b", "/abs", "a//b", "a/", "",
           std::string("a\0b", 3), ".ddbemu-upload-123456", std::string(1025, 'k')}) {
    auto put = s3_.PutObject("exports", key, "v");
    ASSERT_FALSE(put.ok()) << key;
    EXPECT_EQ(put.error().code, "InvalidArgument") << key;
    EXPECT_EQ(s3_.GetObject("exports", key).error().code, "InvalidArgument") << key;
  }
  for (const std::string prefix :
       std::vector<std::string>{"../", "../other", "a/../", "/", "a//"}) {
    auto listed = s3_.ListObjects("exports", prefix);
    ASSERT_FALSE(listed.ok()) << prefix;
    EXPECT_EQ(listed.error().code, "InvalidArgument") << prefix;
  }
  for (const std::string bucket :
       std::vector<std::string>{"..", ".", "../s3", "a/b", "", "-x", "x-"}) {
    auto put = s3_.PutObject(bucket, "k", "v");
    ASSERT_FALSE(put.ok()) << bucket;
    EXPECT_EQ(put.error().code, "InvalidBucketName") << bucket;
  }
  EXPECT_EQ(s3_.PutObject("exports", "../other/x", "v").error().message,
            "Object key '../other/x' is not valid here: a key may not hold a '.' or '..' segment "
            "(it names a path under the bucket)");
  EXPECT_TRUE(Files().empty());
  // A prefix's last segment may be partial, even ".".
  EXPECT_TRUE(s3_.ListObjects("exports", "data/.").ok());
  EXPECT_TRUE(s3_.ListObjects("exports", "data/").ok());
}

TEST_F(LocalS3Test, AnEmptyOrLargeObjectRoundTrips) {
  std::string big(3 << 20, '\0');
  for (std::size_t i = 0; i < big.size(); ++i) big[i] = static_cast<char>(i * 31);
  ASSERT_TRUE(s3_.PutObject("exports", "big.bin", big).ok());
  ASSERT_TRUE(s3_.PutObject("exports", "empty", "").ok());
  EXPECT_EQ(*s3_.GetObject("exports", "big.bin"), big);
  EXPECT_EQ(*s3_.GetObject("exports", "empty"), "");
  EXPECT_EQ(Keys(), (std::vector<std::string>{"big.bin", "empty"}));
}

TEST_F(LocalS3Test, ObjectPathIsUnderTheBucketWithItsDirectoriesMade) {
  auto path = s3_.ObjectPath("exports", "AWSDynamoDB/01/data/part.json.gz");
  ASSERT_TRUE(path.ok());
  EXPECT_EQ(*path, scratch_.path() + "/s3/exports/AWSDynamoDB/01/data/part.json.gz");
  EXPECT_TRUE(std::filesystem::is_directory(scratch_.path() + "/s3/exports/AWSDynamoDB/01/data"));
}

}  // namespace local_s3_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::storage
