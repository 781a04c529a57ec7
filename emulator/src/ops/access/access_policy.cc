// AccessPolicies (ddbemu/access_policy.h): the policies and the matching of their globs. The
// policy file (Load, Parse) is JSON and is read above ops (api_json/access_policy_file.cc).
#include "ddbemu/access_policy.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE {
namespace {

bool AnyMatches(const std::vector<std::string>& patterns, std::string_view text) {
  for (const std::string& pattern : patterns) {
    if (GlobMatch(pattern, text)) return true;
  }
  return false;
}

}  // namespace

bool GlobMatch(std::string_view pattern, std::string_view text) {
  // Iterative wildcard match with one backtrack point (the last '*'): linear in practice.
  std::size_t p = 0, t = 0, star = std::string_view::npos, resume = 0;
  while (t < text.size()) {
    if (p < pattern.size() && (pattern[p] == '?' || pattern[p] == text[t])) {
      ++p;
      ++t;
    } else if (p < pattern.size() && pattern[p] == '*') {
      star = p++;
      resume = t;
    } else if (star != std::string_view::npos) {
      p = star + 1;
      t = ++resume;
    } else {
      return false;
    }
  }
  while (p < pattern.size() && pattern[p] == '*') ++p;
  return p == pattern.size();
}

bool AccessPolicy::AllowsAction(std::string_view action) const {
  for (const std::string& pattern : actions) {
    std::string_view p = pattern;
    if (p.starts_with("dynamodb:")) p.remove_prefix(9);
    if (GlobMatch(p, action)) return true;
  }
  return false;
}

bool AccessPolicy::AllowsTable(std::string_view table) const { return AnyMatches(tables, table); }

bool AccessPolicy::AllowsLeadingKey(std::string_view value) const {
  return !leading_keys || AnyMatches(*leading_keys, value);
}

void AccessPolicies::Add(AccessPolicy policy) {
  std::string key = policy.access_key_id;
  policies_[std::move(key)] = std::move(policy);
}

const AccessPolicy* AccessPolicies::Find(std::string_view access_key_id) const {
  auto it = policies_.find(std::string(access_key_id));
  return it == policies_.end() ? nullptr : &it->second;
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE
