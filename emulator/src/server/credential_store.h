// The access keys ddb-local accepts when signature verification is on (--credentials-file):
// access key id -> secret access key. Immutable once loaded, so any thread may read it.
//
// File format, either of:
//   - one pair per line, "ACCESS_KEY_ID SECRET" (space, tab, ':' or ',' between), '#' comments;
//   - the AWS shared credentials format (~/.aws/credentials): aws_access_key_id = ... and
//     aws_secret_access_key = ... in each [profile] section.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>

#include "ddbemu/error.h"
#include "ddbemu/version.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::server {

class CredentialStore {
 public:
  // Fails with InternalServerError naming the path and line when the file cannot be read or a
  // line is not a pair, or when it holds no key at all.
  static Result<CredentialStore> Load(const std::string& path);
  static Result<CredentialStore> Parse(std::string_view text, std::string_view origin);

  void Add(std::string access_key_id, std::string secret) {
    secrets_[std::move(access_key_id)] = std::move(secret);
  }
  // The secret of `access_key_id`, or nullopt when the key is unknown.
  std::optional<std::string_view> Secret(std::string_view access_key_id) const;
  std::size_t size() const { return secrets_.size(); }

 private:
  std::unordered_map<std::string, std::string> secrets_;
};

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::server
