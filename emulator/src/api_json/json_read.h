// Small readers for request members. They run after ValidateRequest, which has already
// rejected wrongly-typed members, so a member of the wrong type here reads as absent
// (defensive: bad input must never crash the process).
#pragma once

#include <rapidjson/document.h>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "ddbemu/version.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::api::json {

inline const rapidjson::Value* Member(const rapidjson::Value& object, std::string_view name) {
  if (!object.IsObject()) return nullptr;
  auto it = object.FindMember(rapidjson::Value(rapidjson::StringRef(name.data(), name.size())));
  if (it == object.MemberEnd() || it->value.IsNull()) return nullptr;
  return &it->value;
}

// The readers below over a member already found (null: absent or JSON null, as Member
// answers), for parses that find their members in one pass over the body (fast_parse.h).
inline const rapidjson::Value* Present(const rapidjson::Value* v) {
  return v == nullptr || v->IsNull() ? nullptr : v;
}

inline std::optional<std::string> StringOf(const rapidjson::Value* v) {
  if (v == nullptr || !v->IsString()) return std::nullopt;
  return std::string(v->GetString(), v->GetStringLength());
}

inline std::optional<bool> BoolOf(const rapidjson::Value* v) {
  if (v == nullptr || !v->IsBool()) return std::nullopt;
  return v->GetBool();
}

inline std::optional<std::int64_t> IntOf(const rapidjson::Value* v) {
  if (v == nullptr || !v->IsNumber()) return std::nullopt;
  if (v->IsInt64()) return v->GetInt64();
  if (v->IsUint64()) return INT64_MAX;
  // A double beyond int64's range saturates (casting it would be undefined behaviour; found
  // by UBSan on a mutated Limit).
  const double d = v->GetDouble();
  if (!(d > -9.2e18)) return INT64_MIN;  // also NaN
  if (d > 9.2e18) return INT64_MAX;
  return static_cast<std::int64_t>(d);
}

inline std::optional<std::string> StringMember(const rapidjson::Value& object,
                                               std::string_view name) {
  return StringOf(Member(object, name));
}

inline std::string StringOr(const rapidjson::Value& object, std::string_view name,
                            std::string_view fallback) {
  auto s = StringMember(object, name);
  return s ? std::move(*s) : std::string(fallback);
}

inline std::optional<bool> BoolMember(const rapidjson::Value& object, std::string_view name) {
  return BoolOf(Member(object, name));
}

inline std::optional<std::int64_t> IntMember(const rapidjson::Value& object,
                                             std::string_view name) {
  return IntOf(Member(object, name));
}

inline std::string_view View(const rapidjson::Value& s) {
  return {s.GetString(), s.GetStringLength()};
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::api::json
