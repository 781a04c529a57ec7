// AccessPolicies::Load and ::Parse (ddbemu/access_policy.h): the policy file, a JSON document,
// read in the api_json layer; the policies themselves and their matching are ops/access/.
#include "ddbemu/access_policy.h"

#include <rapidjson/document.h>

#include <fstream>
#include <sstream>

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE {
namespace {

// The array of strings `name` of `policy` (absent: nullopt); an error names what is wrong.
Result<std::optional<std::vector<std::string>>> Strings(const rapidjson::Value& policy,
                                                        const char* name,
                                                        const std::string& where) {
  using Out = std::optional<std::vector<std::string>>;
  auto it = policy.FindMember(name);
  if (it == policy.MemberEnd()) return Out();
  const rapidjson::Value& value = it->value;
  std::vector<std::string> out;
  if (value.IsString()) {  // IAM also accepts a single string
    out.emplace_back(value.GetString(), value.GetStringLength());
    return Out(std::move(out));
  }
  if (!value.IsArray()) {
    return ApiError::Validation(where + ": " + name + " must be a string or an array of strings");
  }
  for (const rapidjson::Value& element : value.GetArray()) {
    if (!element.IsString()) {
      return ApiError::Validation(where + ": " + name + " must hold strings only");
    }
    out.emplace_back(element.GetString(), element.GetStringLength());
  }
  return Out(std::move(out));
}

}  // namespace

Result<AccessPolicies> AccessPolicies::Load(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return ApiError::Validation("Cannot read access policy file '" + path + "'");
  std::stringstream text;
  text << in.rdbuf();
  return Parse(text.str(), path);
}

Result<AccessPolicies> AccessPolicies::Parse(std::string_view json, std::string_view origin) {
  const std::string file = "Access policy file '" + std::string(origin) + "'";
  rapidjson::Document doc;
  doc.Parse(json.data(), json.size());
  if (doc.HasParseError() || !doc.IsObject() || !doc.HasMember("Policies") ||
      !doc["Policies"].IsArray()) {
    return ApiError::Validation(file + ": expected a JSON object {\"Policies\": [...]}");
  }
  AccessPolicies policies;
  int index = 0;
  for (const rapidjson::Value& entry : doc["Policies"].GetArray()) {
    const std::string where = file + " policy " + std::to_string(index++);
    if (!entry.IsObject() || !entry.HasMember("AccessKeyId") || !entry["AccessKeyId"].IsString()) {
      return ApiError::Validation(where + ": AccessKeyId (a string) is required");
    }
    AccessPolicy policy;
    policy.access_key_id = entry["AccessKeyId"].GetString();
    policy.user = policy.access_key_id;
    if (entry.HasMember("User")) {
      if (!entry["User"].IsString()) return ApiError::Validation(where + ": User must be a string");
      policy.user = entry["User"].GetString();
    }
    DDBEMU_ASSIGN_OR_RETURN(auto actions, Strings(entry, "Actions", where));
    DDBEMU_ASSIGN_OR_RETURN(auto tables, Strings(entry, "Tables", where));
    DDBEMU_ASSIGN_OR_RETURN(policy.leading_keys, Strings(entry, "LeadingKeys", where));
    if (!actions || !tables) {
      return ApiError::Validation(where + ": Actions and Tables are required");
    }
    policy.actions = std::move(*actions);
    policy.tables = std::move(*tables);
    if (policies.Find(policy.access_key_id) != nullptr) {
      return ApiError::Validation(where + ": a second policy for " + policy.access_key_id);
    }
    policies.Add(std::move(policy));
  }
  return policies;
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE
