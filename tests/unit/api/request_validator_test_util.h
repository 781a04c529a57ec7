// Shared by the request validator tests: a table row, and running one request through
// ParseRequestBody + ValidateRequest.
#pragma once

#include <gtest/gtest.h>
#include <rapidjson/document.h>

#include <initializer_list>
#include <ostream>
#include <string>

#include "api_json/request_validator.h"
#include "ddbemu/version.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::testing {

// One request and the exact answer the service gives it. An empty message with kOk means
// the request passes the generic stage.
struct ValidationCase {
  const char* name;  // test name suffix
  const char* operation;
  std::string body;
  bool ok;
  ErrorCode code;
  std::string message;
};

inline void PrintTo(const ValidationCase& c, std::ostream* os) {
  *os << c.operation << " " << c.body;
}

inline Status ValidateJson(const std::string& operation, const std::string& body) {
  rapidjson::Document doc;
  DDBEMU_RETURN_IF_ERROR(ParseRequestBody(body, doc));
  return ValidateRequest(operation, doc);
}

inline ValidationCase Ok(const char* name, const char* op, std::string body) {
  return {name, op, std::move(body), true, ErrorCode::kValidation, ""};
}
inline ValidationCase Invalid(const char* name, const char* op, std::string body,
                              std::string message) {
  return {name, op, std::move(body), false, ErrorCode::kValidation, std::move(message)};
}
inline ValidationCase BadType(const char* name, const char* op, std::string body,
                              std::string message) {
  return {name, op, std::move(body), false, ErrorCode::kSerialization, std::move(message)};
}

inline void ExpectAnswer(const ValidationCase& c) {
  Status status = ValidateJson(c.operation, c.body);
  if (c.ok) {
    EXPECT_TRUE(status.ok()) << status.error().message();
    return;
  }
  ASSERT_FALSE(status.ok()) << "accepted: " << c.body;
  EXPECT_EQ(status.error().code(), c.code) << status.error().message();
  EXPECT_EQ(status.error().message(), c.message);
}

inline std::string NotNull(const std::string& path) {
  return "Value null at '" + path + "' failed to satisfy constraint: Member must not be null";
}
inline std::string Broken(const std::string& value, const std::string& path,
                          const std::string& constraint) {
  return "Value '" + value + "' at '" + path + "' failed to satisfy constraint: Member must " +
         constraint;
}
inline std::string One(const std::string& error) { return "1 validation error detected: " + error; }
inline std::string Many(std::initializer_list<std::string> errors) {
  std::string text = std::to_string(errors.size()) + " validation errors detected: ";
  bool first = true;
  for (const std::string& e : errors) {
    text.append(first ? "" : "; ").append(e);
    first = false;
  }
  return text;
}

inline std::string CaseName(const ::testing::TestParamInfo<ValidationCase>& info) {
  return info.param.name;
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::testing
