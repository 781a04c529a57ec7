// ApiError's wire names and statuses.
#include "ddbemu/error.h"

#include <gtest/gtest.h>

namespace ddbemu {
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
    DDB_ASSIGN_OR_RETURN(int v, fails());
    return v + 1;
  };
  Result<int> r = wraps();
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code(), ErrorCode::kResourceNotFound);
  EXPECT_EQ(r.error().message(), "gone");
}

}  // namespace error_test
}  // namespace ddbemu
