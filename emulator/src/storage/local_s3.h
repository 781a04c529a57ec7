// LocalS3: the S3 that the export, import and bulk-put operations read and write (issue 35), on
// a directory of this machine (ddb-local --s3-dir DIR, Options::s3_dir): a bucket is a
// subdirectory of DIR, an object a file under its bucket, the key its path ("exports/AWSDynamoDB/
// 0123/manifest-summary.json" is DIR/bucket/exports/AWSDynamoDB/0123/manifest-summary.json).
//
// Buckets are not created here: like S3, a bucket that does not exist is NoSuchBucket ("The
// specified bucket does not exist"), so a test makes its bucket with mkdir as it would with
// `aws s3 mb`. A key or prefix can never name a file outside its bucket: an empty, "." or ".."
// segment (so "../", "a//b", "/abs"), a NUL byte, or a key longer than S3's 1,024 bytes is
// InvalidArgument, refused before the file system is touched. A key ending in '/' (the consoles'
// folder marker) has no file to be and is refused too, as is a segment starting with
// ".ddbemu-upload-" (the temporary files of puts).
//
// Errors are S3's (code and message as S3 sends them), for the operations to put into their
// FailureCode / FailureMessage or to turn into DynamoDB errors. Every call is thread-safe; a put
// writes a temporary file beside the object and renames it over, so a reader sees the old object
// or the new one, whole.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "ddbemu/error.h"
#include "ddbemu/version.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::storage {

struct S3Error {
  std::string code;  // "NoSuchBucket", "NoSuchKey", "InvalidArgument", "InternalError"
  std::string message;
};
using S3Status = BasicStatus<S3Error>;

struct S3Object {
  std::string key;
  std::uint64_t size_bytes = 0;
};

class LocalS3 {
 public:
  // S3's longest key, in bytes of UTF-8.
  static constexpr std::size_t kMaxKeyBytes = 1024;

  // `root` is the directory of the buckets (need not exist yet: every bucket is then missing).
  explicit LocalS3(std::string root) : root_(std::move(root)) {}

  const std::string& root() const { return root_; }

  // Ok when `bucket` exists (a directory under the root); NoSuchBucket otherwise, and
  // InvalidArgument ("The specified bucket is not valid.") for a name S3 refuses or one that
  // would leave the root.
  S3Status CheckBucket(std::string_view bucket) const;

  // Stores `bytes` as `key` in `bucket` (replacing it), creating the key's directories.
  S3Status PutObject(std::string_view bucket, std::string_view key, std::string_view bytes) const;
  // The bytes of `key`; NoSuchKey when there is none.
  Result<std::string, S3Error> GetObject(std::string_view bucket, std::string_view key) const;
  // Removes `key`; removing a key that does not exist succeeds, as in S3.
  S3Status DeleteObject(std::string_view bucket, std::string_view key) const;
  // Every object of `bucket` whose key starts with `prefix` (a string prefix, as S3's: "data/x"
  // lists "data/x1.json" and "data/x/y"), in key order.
  Result<std::vector<S3Object>, S3Error> ListObjects(std::string_view bucket,
                                                     std::string_view prefix) const;

  // The file `key` of `bucket` is kept in, for a writer that streams into it (its directories
  // created); the bucket must exist. Write a temporary file beside it and rename it over.
  Result<std::string, S3Error> ObjectPath(std::string_view bucket, std::string_view key) const;

 private:
  Result<std::string, S3Error> Resolve(std::string_view bucket, std::string_view key) const;

  std::string root_;
};

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::storage
