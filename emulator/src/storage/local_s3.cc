// LocalS3 (see local_s3.h): buckets as directories, objects as files.
#include "storage/local_s3.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <filesystem>
#include <system_error>

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::storage {
namespace {

namespace fs = std::filesystem;

// A put writes `<dir>/.ddbemu-upload-XXXXXX` beside its object, then renames it over the object;
// such a name is no key's (BadSegment refuses it), so a listing never shows one.
constexpr std::string_view kUploadPrefix = ".ddbemu-upload-";

S3Error NoSuchBucket() { return {"NoSuchBucket", "The specified bucket does not exist"}; }
S3Error NoSuchKey() { return {"NoSuchKey", "The specified key does not exist."}; }
S3Error InvalidBucket() { return {"InvalidBucketName", "The specified bucket is not valid."}; }
S3Error InvalidKey(std::string_view key, std::string_view why) {
  return {"InvalidArgument",
          "Object key '" + std::string(key) + "' is not valid here: " + std::string(why)};
}
S3Error InternalError(const fs::path& path, const std::error_code& ec) {
  return {"InternalError", "Cannot use '" + path.string() + "': " + ec.message()};
}

// DynamoDB's pattern for S3Bucket (ExportTableToPointInTime, ImportTable's S3BucketSource):
// ^[a-z0-9A-Z]+[\.\-\w]*[a-z0-9A-Z]+$, at most 255 characters. It starts with a letter or digit,
// so it can be neither "." nor "..", and it holds no '/'.
bool IsBucketName(std::string_view name) {
  const auto alnum = [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
  };
  if (name.size() < 2 || name.size() > 255) return false;
  if (!alnum(name.front()) || !alnum(name.back())) return false;
  return std::all_of(name.begin(), name.end(),
                     [&](char c) { return alnum(c) || c == '.' || c == '-' || c == '_'; });
}

// Whether every '/'-separated segment of `text` names an ordinary file or directory: not empty,
// not "." or "..". `partial_last`: a prefix, whose last segment may be empty or partial.
std::string_view BadSegment(std::string_view text, bool partial_last) {
  if (text.find('\0') != std::string_view::npos) return "it holds a NUL byte";
  std::size_t start = 0;
  while (true) {
    const std::size_t slash = text.find('/', start);
    const bool last = slash == std::string_view::npos;
    const std::string_view segment =
        text.substr(start, last ? std::string_view::npos : slash - start);
    if (!(last && partial_last)) {
      if (segment.empty())
        return "a key may not hold an empty segment (a leading, doubled or trailing '/')";
    }
    if (segment.starts_with(kUploadPrefix)) {
      return "a key segment may not start with '.ddbemu-upload-' (the local S3's temporary files)";
    }
    if (segment == "." || segment == "..") {
      if (!(last && partial_last && segment == ".")) {
        return "a key may not hold a '.' or '..' segment (it names a path under the bucket)";
      }
    }
    if (last) return {};
    start = slash + 1;
  }
}

}  // namespace

S3Status LocalS3::CheckBucket(std::string_view bucket) const {
  if (!IsBucketName(bucket)) return InvalidBucket();
  std::error_code ec;
  if (!fs::is_directory(fs::path(root_) / std::string(bucket), ec)) return NoSuchBucket();
  return S3Status::Ok();
}

// The file of `key` in `bucket`, once both are known to be valid and the bucket to exist.
Result<std::string, S3Error> LocalS3::Resolve(std::string_view bucket, std::string_view key) const {
  if (S3Status s = CheckBucket(bucket); !s.ok()) return s.error();
  if (key.empty()) return InvalidKey(key, "a key may not be empty");
  if (key.size() > kMaxKeyBytes) return InvalidKey(key.substr(0, 64), "it is over 1024 bytes");
  if (std::string_view why = BadSegment(key, false); !why.empty()) return InvalidKey(key, why);
  return (fs::path(root_) / std::string(bucket) / std::string(key)).string();
}

Result<std::string, S3Error> LocalS3::ObjectPath(std::string_view bucket,
                                                 std::string_view key) const {
  Result<std::string, S3Error> path = Resolve(bucket, key);
  if (!path.ok()) return path;
  std::error_code ec;
  const fs::path parent = fs::path(*path).parent_path();
  fs::create_directories(parent, ec);
  if (ec) return InternalError(parent, ec);
  return path;
}

S3Status LocalS3::PutObject(std::string_view bucket, std::string_view key,
                            std::string_view bytes) const {
  Result<std::string, S3Error> path = ObjectPath(bucket, key);
  if (!path.ok()) return path.error();
  std::string temporary =
      (fs::path(*path).parent_path() / (std::string(kUploadPrefix) + "XXXXXX")).string();
  const int fd = mkstemp(temporary.data());
  if (fd < 0) return InternalError(temporary, std::error_code(errno, std::generic_category()));
  const char* data = bytes.data();
  std::size_t left = bytes.size();
  int error = 0;
  while (left > 0) {
    const ssize_t n = write(fd, data, left);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      error = errno;
      break;
    }
    data += n;
    left -= static_cast<std::size_t>(n);
  }
  if (close(fd) != 0 && error == 0) error = errno;
  if (error == 0 && std::rename(temporary.c_str(), path->c_str()) != 0) error = errno;
  if (error != 0) {
    std::remove(temporary.c_str());
    return InternalError(*path, std::error_code(error, std::generic_category()));
  }
  return S3Status::Ok();
}

Result<std::string, S3Error> LocalS3::GetObject(std::string_view bucket,
                                                std::string_view key) const {
  Result<std::string, S3Error> path = Resolve(bucket, key);
  if (!path.ok()) return path.error();
  std::error_code ec;
  if (fs::is_directory(*path, ec)) return NoSuchKey();  // a "folder" of longer keys
  const int fd = open(path->c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    if (errno == ENOENT || errno == EISDIR || errno == ENOTDIR) return NoSuchKey();
    return InternalError(*path, std::error_code(errno, std::generic_category()));
  }
  std::string out;
  char buffer[1 << 16];
  while (true) {
    const ssize_t n = read(fd, buffer, sizeof buffer);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      const int error = errno;
      close(fd);
      return InternalError(*path, std::error_code(error, std::generic_category()));
    }
    if (n == 0) break;
    out.append(buffer, static_cast<std::size_t>(n));
  }
  close(fd);
  return out;
}

S3Status LocalS3::DeleteObject(std::string_view bucket, std::string_view key) const {
  Result<std::string, S3Error> path = Resolve(bucket, key);
  if (!path.ok()) return path.error();
  std::error_code ec;
  if (fs::symlink_status(*path, ec).type() != fs::file_type::regular) return S3Status::Ok();
  if (!fs::remove(*path, ec) && ec) return InternalError(*path, ec);
  return S3Status::Ok();
}

Result<std::vector<S3Object>, S3Error> LocalS3::ListObjects(std::string_view bucket,
                                                            std::string_view prefix) const {
  if (S3Status s = CheckBucket(bucket); !s.ok()) return s.error();
  if (prefix.size() > kMaxKeyBytes)
    return InvalidKey(prefix.substr(0, 64), "it is over 1024 bytes");
  if (!prefix.empty()) {
    if (std::string_view why = BadSegment(prefix, true); !why.empty()) {
      return InvalidKey(prefix, why);
    }
  }
  const fs::path base = fs::path(root_) / std::string(bucket);
  std::vector<S3Object> out;
  std::error_code ec;
  for (fs::recursive_directory_iterator it(base, ec), end; !ec && it != end; it.increment(ec)) {
    if (!it->is_regular_file(ec)) continue;
    std::string key = it->path().lexically_relative(base).generic_string();
    if (!key.starts_with(prefix)) continue;
    // A put's temporary file is not an object until renamed: S3 lists only whole objects.
    if (it->path().filename().string().starts_with(kUploadPrefix)) continue;
    out.push_back({std::move(key), static_cast<std::uint64_t>(it->file_size(ec))});
  }
  if (ec) return InternalError(base, ec);
  std::sort(out.begin(), out.end(),
            [](const S3Object& a, const S3Object& b) { return a.key < b.key; });
  return out;
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::storage
