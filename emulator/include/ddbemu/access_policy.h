// Tenant isolation policies (opt-in): per access key id, which operations, which tables and
// which leading partition-key values a caller may use — the idea of an IAM identity policy with
// the dynamodb:LeadingKeys condition key, reduced to what a test of tenant isolation needs.
// A request the caller's policy does not allow fails with AccessDeniedException, worded as the
// service words it ("User: arn:aws:iam::ACCOUNT:user/NAME is not authorized to perform:
// dynamodb:ACTION on resource: ARN because no identity-based policy allows the dynamodb:ACTION
// action"). When policies are set, an access key with no policy is allowed nothing.
//
// Policy file (JSON; ddb-local --access-policy-file, or Options::access_policies in process):
//   {"Policies": [
//     {"AccessKeyId": "AKIDTENANTA", "User": "tenant-a",
//      "Actions": ["GetItem", "Query", "PartiQL*"],     // IAM action names; '*' and '?' globs
//      "Tables": ["hr"],                                // table names; globs
//      "LeadingKeys": ["ORG#acme", "ORG#acme#*"]}       // optional: partition key values; globs
//   ]}
// With LeadingKeys, every item a request reads or writes must have a partition key value that
// matches one of the patterns, and a Scan (which no key limits) is refused.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "ddbemu/error.h"
#include "ddbemu/version.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE {

struct AccessPolicy {
  std::string access_key_id;
  std::string user;                  // the IAM user name of messages (default: the key id)
  std::vector<std::string> actions;  // "GetItem", "dynamodb:GetItem", "*", "Batch*", ...
  std::vector<std::string> tables;   // names, with globs
  std::optional<std::vector<std::string>> leading_keys;  // nullopt: any partition key value

  bool AllowsAction(std::string_view action) const;  // action without the "dynamodb:" prefix
  bool AllowsTable(std::string_view table) const;
  bool AllowsLeadingKey(std::string_view value) const;
  bool restricts_leading_keys() const { return leading_keys.has_value(); }
};

class AccessPolicies {
 public:
  // Fails with ValidationException naming `origin` when the text is not a policy document.
  static Result<AccessPolicies> Parse(std::string_view json, std::string_view origin);
  static Result<AccessPolicies> Load(const std::string& path);

  void Add(AccessPolicy policy);
  // The policy of `access_key_id`, or null (then nothing is allowed).
  const AccessPolicy* Find(std::string_view access_key_id) const;
  std::size_t size() const { return policies_.size(); }

 private:
  std::unordered_map<std::string, AccessPolicy> policies_;
};

// Glob match of IAM's StringLike: '*' any run of characters, '?' any one character.
bool GlobMatch(std::string_view pattern, std::string_view text);

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE
