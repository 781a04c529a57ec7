// ApiError's wire names and statuses.
#include "ddbemu/error.h"

#include <gtest/gtest.h>

#include <sstream>
#include <string>

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE {
namespace error_test {

struct Expected {
  ErrorCode code;
  std::string_view type_name;
  int status;
};

TEST(ApiError, WireNamesAndStatuses) {
  const Expected cases[] = {
      {ErrorCode::kValidation, "com.amazon.coral.validate#ValidationException", 400},
      {ErrorCode::kSerialization, "com.amazon.coral.service#SerializationException", 400},
      {ErrorCode::kUnknownOperation, "com.amazon.coral.service#UnknownOperationException", 400},
      {ErrorCode::kMissingAuthenticationToken,
       "com.amazon.coral.service#MissingAuthenticationTokenException", 400},
      {ErrorCode::kInternalFailure, "com.amazon.coral.service#InternalFailure", 500},
      {ErrorCode::kResourceNotFound, "com.amazonaws.dynamodb.v20120810#ResourceNotFoundException",
       400},
      {ErrorCode::kResourceInUse, "com.amazonaws.dynamodb.v20120810#ResourceInUseException", 400},
      {ErrorCode::kConditionalCheckFailed,
       "com.amazonaws.dynamodb.v20120810#ConditionalCheckFailedException", 400},
      {ErrorCode::kLimitExceeded, "com.amazonaws.dynamodb.v20120810#LimitExceededException", 400},
      {ErrorCode::kProvisionedThroughputExceeded,
       "com.amazonaws.dynamodb.v20120810#ProvisionedThroughputExceededException", 400},
      {ErrorCode::kRequestLimitExceeded, "com.amazonaws.dynamodb.v20120810#RequestLimitExceeded",
       400},
      {ErrorCode::kThrottling, "com.amazon.coral.availability#ThrottlingException", 400},
      {ErrorCode::kTransactionCanceled,
       "com.amazonaws.dynamodb.v20120810#TransactionCanceledException", 400},
      {ErrorCode::kTransactionConflict,
       "com.amazonaws.dynamodb.v20120810#TransactionConflictException", 400},
      {ErrorCode::kTransactionInProgress,
       "com.amazonaws.dynamodb.v20120810#TransactionInProgressException", 400},
      {ErrorCode::kIdempotentParameterMismatch,
       "com.amazonaws.dynamodb.v20120810#IdempotentParameterMismatchException", 400},
      {ErrorCode::kItemCollectionSizeLimitExceeded,
       "com.amazonaws.dynamodb.v20120810#ItemCollectionSizeLimitExceededException", 400},
      {ErrorCode::kDuplicateItem, "com.amazonaws.dynamodb.v20120810#DuplicateItemException", 400},
      {ErrorCode::kInternalServerError, "com.amazonaws.dynamodb.v20120810#InternalServerError",
       500},
  };
  for (const auto& c : cases) {
    const ApiError e(c.code, "m");
    EXPECT_EQ(e.type_name(), c.type_name);
    EXPECT_EQ(e.short_name(), c.type_name.substr(c.type_name.find('#') + 1));
    EXPECT_EQ(e.http_status(), c.status) << c.type_name;
  }
}

TEST(ApiError, FactoriesAndResultPropagation) {
  EXPECT_EQ(ApiError::ConditionalCheckFailed().message(), "The conditional request failed");
  EXPECT_EQ(ApiError::Validation("x").short_name(), "ValidationException");
  auto fails = []() -> Result<int> { return ApiError::ResourceNotFound("gone"); };
  auto wraps = [&]() -> Result<int> {
    DDBEMU_ASSIGN_OR_RETURN(int v, fails());
    return v + 1;
  };
  Result<int> r = wraps();
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code(), ErrorCode::kResourceNotFound);
  EXPECT_EQ(r.error().message(), "gone");
}

TEST(Result, ValueOrAndThenAndTransform) {
  const Result<int> ok = 2;
  const Result<int> failed = ApiError::Validation("bad");
  EXPECT_EQ(ok.value_or(0), 2);
  EXPECT_EQ(failed.value_or(0), 0);
  EXPECT_EQ(Result<std::string>(ApiError::Validation("x")).value_or("none"), "none");

  auto half = [](int v) -> Result<int> {
    if (v % 2 != 0) return ApiError::Validation("odd");
    return v / 2;
  };
  EXPECT_EQ(ok.and_then(half).value(), 1);
  EXPECT_EQ(Result<int>(3).and_then(half).error().message(), "odd");
  EXPECT_EQ(failed.and_then(half).error().message(), "bad");  // passed on, half not called
  EXPECT_EQ(Result<int>(4).and_then(half).and_then(half).value(), 1);

  const Result<std::string> text = ok.transform([](int v) { return std::to_string(v * 10); });
  EXPECT_EQ(text.value(), "20");
  EXPECT_EQ(failed.transform([](int v) { return v; }).error().code(), ErrorCode::kValidation);
}

TEST(Result, FailuresReadWithoutExceptions) {
  const Result<int> failed = ApiError::ResourceNotFound("gone");
  ASSERT_NE(failed.error_or_null(), nullptr);
  EXPECT_EQ(failed.error_or_null()->message(), "gone");
  EXPECT_EQ(Result<int>(1).error_or_null(), nullptr);
  EXPECT_EQ(Status::Ok().error_or_null(), nullptr);
  EXPECT_EQ(Status(ApiError::Validation("v")).error_or_null()->code(), ErrorCode::kValidation);
}

TEST(ApiError, PrintsItsNameAndMessage) {
  std::ostringstream os;
  os << ApiError::Validation("One or more parameter values were invalid") << " | " << Status::Ok()
     << " | " << Result<int>(1) << " | " << Result<int>(ApiError::ConditionalCheckFailed());
  EXPECT_EQ(os.str(),
            "ValidationException: One or more parameter values were invalid | OK | OK | "
            "ConditionalCheckFailedException: The conditional request failed");
}

TEST(CancellationReason, CodesAsAnEnum) {
  for (const char* name :
       {"None", "ConditionalCheckFailed", "ItemCollectionSizeLimitExceeded", "TransactionConflict",
        "ProvisionedThroughputExceeded", "ThrottlingError", "ValidationError", "DuplicateItem"}) {
    const CancellationCode code = CancellationCodeFromName(name);
    EXPECT_NE(code, CancellationCode::kUnknown) << name;
    EXPECT_EQ(CancellationCodeName(code), name);
  }
  EXPECT_EQ(CancellationCodeFromName("SomethingNew"), CancellationCode::kUnknown);
  EXPECT_EQ(CancellationCodeName(CancellationCode::kUnknown), "");
  CancellationReason reason;
  reason.code = "ConditionalCheckFailed";
  EXPECT_EQ(reason.kind(), CancellationCode::kConditionalCheckFailed);
}

}  // namespace error_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE
