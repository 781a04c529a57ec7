// ApiError's wire names and HTTP statuses: the one table from ErrorCode to what the service
// sends in an error response's `__type` and status line; the names of cancellation codes; how
// errors print.
#include "ddbemu/error.h"

#include <array>
#include <ostream>

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE {
namespace {

struct ErrorInfo {
  std::string_view type_name;  // the `__type` field
  int http_status;
};

// `__type` prefixes as DynamoDB (and DynamoDB Local) send them: request validation comes from
// the Coral validation layer, protocol-level failures from the Coral service layer, request
// throttling from the Coral availability layer, and everything else from the DynamoDB model.
ErrorInfo Info(ErrorCode code) {
  switch (code) {
    case ErrorCode::kValidation:
      return {"com.amazon.coral.validate#ValidationException", 400};
    case ErrorCode::kSerialization:
      return {"com.amazon.coral.service#SerializationException", 400};
    case ErrorCode::kUnknownOperation:
      return {"com.amazon.coral.service#UnknownOperationException", 400};
    case ErrorCode::kMissingAuthenticationToken:
      return {"com.amazon.coral.service#MissingAuthenticationTokenException", 400};
    case ErrorCode::kInternalFailure:
      return {"com.amazon.coral.service#InternalFailure", 500};
    case ErrorCode::kResourceNotFound:
      return {"com.amazonaws.dynamodb.v20120810#ResourceNotFoundException", 400};
    case ErrorCode::kResourceInUse:
      return {"com.amazonaws.dynamodb.v20120810#ResourceInUseException", 400};
    case ErrorCode::kConditionalCheckFailed:
      return {"com.amazonaws.dynamodb.v20120810#ConditionalCheckFailedException", 400};
    case ErrorCode::kLimitExceeded:
      return {"com.amazonaws.dynamodb.v20120810#LimitExceededException", 400};
    case ErrorCode::kProvisionedThroughputExceeded:
      return {"com.amazonaws.dynamodb.v20120810#ProvisionedThroughputExceededException", 400};
    case ErrorCode::kRequestLimitExceeded:
      return {"com.amazonaws.dynamodb.v20120810#RequestLimitExceeded", 400};
    case ErrorCode::kThrottling:
      // Not a DynamoDB-model error: AWS sends it from the Coral availability layer (control
      // plane rate limits), "com.amazon.coral.availability#ThrottlingException".
      return {"com.amazon.coral.availability#ThrottlingException", 400};
    case ErrorCode::kTransactionCanceled:
      return {"com.amazonaws.dynamodb.v20120810#TransactionCanceledException", 400};
    case ErrorCode::kTransactionConflict:
      return {"com.amazonaws.dynamodb.v20120810#TransactionConflictException", 400};
    case ErrorCode::kTransactionInProgress:
      return {"com.amazonaws.dynamodb.v20120810#TransactionInProgressException", 400};
    case ErrorCode::kIdempotentParameterMismatch:
      return {"com.amazonaws.dynamodb.v20120810#IdempotentParameterMismatchException", 400};
    case ErrorCode::kItemCollectionSizeLimitExceeded:
      return {"com.amazonaws.dynamodb.v20120810#ItemCollectionSizeLimitExceededException", 400};
    case ErrorCode::kDuplicateItem:
      return {"com.amazonaws.dynamodb.v20120810#DuplicateItemException", 400};
    case ErrorCode::kInternalServerError:
      return {"com.amazonaws.dynamodb.v20120810#InternalServerError", 500};
    case ErrorCode::kExpiredIterator:
      return {"com.amazonaws.dynamodb.v20120810#ExpiredIteratorException", 400};
    case ErrorCode::kTrimmedDataAccess:
      return {"com.amazonaws.dynamodb.v20120810#TrimmedDataAccessException", 400};
    case ErrorCode::kAccessDenied:
      return {"com.amazon.coral.service#AccessDeniedException", 400};
    case ErrorCode::kBackupNotFound:
      return {"com.amazonaws.dynamodb.v20120810#BackupNotFoundException", 400};
    case ErrorCode::kBackupInUse:
      return {"com.amazonaws.dynamodb.v20120810#BackupInUseException", 400};
    case ErrorCode::kTableNotFound:
      return {"com.amazonaws.dynamodb.v20120810#TableNotFoundException", 400};
    case ErrorCode::kTableAlreadyExists:
      return {"com.amazonaws.dynamodb.v20120810#TableAlreadyExistsException", 400};
    case ErrorCode::kContinuousBackupsUnavailable:
      return {"com.amazonaws.dynamodb.v20120810#ContinuousBackupsUnavailableException", 400};
    case ErrorCode::kPointInTimeRecoveryUnavailable:
      return {"com.amazonaws.dynamodb.v20120810#PointInTimeRecoveryUnavailableException", 400};
    case ErrorCode::kInvalidRestoreTime:
      return {"com.amazonaws.dynamodb.v20120810#InvalidRestoreTimeException", 400};
    case ErrorCode::kExportNotFound:
      return {"com.amazonaws.dynamodb.v20120810#ExportNotFoundException", 400};
    case ErrorCode::kExportConflict:
      return {"com.amazonaws.dynamodb.v20120810#ExportConflictException", 400};
    case ErrorCode::kInvalidExportTime:
      return {"com.amazonaws.dynamodb.v20120810#InvalidExportTimeException", 400};
    case ErrorCode::kImportNotFound:
      return {"com.amazonaws.dynamodb.v20120810#ImportNotFoundException", 400};
    case ErrorCode::kImportConflict:
      return {"com.amazonaws.dynamodb.v20120810#ImportConflictException", 400};
    case ErrorCode::kUnknownServiceError:
      return {"ddbemu.client#UnknownServiceError", 400};
    case ErrorCode::kTransport:
      return {"ddbemu.client#TransportError", 500};
  }
  return {"com.amazonaws.dynamodb.v20120810#InternalServerError", 500};
}

}  // namespace

std::string_view ApiError::type_name() const { return Info(code_).type_name; }

std::string_view ApiError::short_name() const {
  const std::string_view t = type_name();
  return t.substr(t.find('#') + 1);
}

int ApiError::http_status() const { return Info(code_).http_status; }

std::optional<ErrorCode> ErrorCodeFromTypeName(std::string_view type) {
  // Compare bare names: AWS, DynamoDB Local and Alternator agree on them but not always on the
  // prefix, and some clients send or receive the name alone.
  const std::string_view bare = type.substr(type.find('#') + 1);
  for (int i = 0; i <= static_cast<int>(ErrorCode::kInternalServerError); ++i) {
    const auto code = static_cast<ErrorCode>(i);
    const std::string_view name = Info(code).type_name;
    if (name.substr(name.find('#') + 1) == bare) return code;
  }
  return std::nullopt;
}

namespace {

constexpr std::array<std::string_view, 8> kCancellationCodeNames = {
    "None",
    "ConditionalCheckFailed",
    "ItemCollectionSizeLimitExceeded",
    "TransactionConflict",
    "ProvisionedThroughputExceeded",
    "ThrottlingError",
    "ValidationError",
    "DuplicateItem",
};
static_assert(kCancellationCodeNames.size() ==
              static_cast<std::size_t>(CancellationCode::kUnknown));

}  // namespace

CancellationCode CancellationCodeFromName(std::string_view name) {
  for (std::size_t i = 0; i < kCancellationCodeNames.size(); ++i) {
    if (kCancellationCodeNames[i] == name) return static_cast<CancellationCode>(i);
  }
  return CancellationCode::kUnknown;
}

std::string_view CancellationCodeName(CancellationCode code) {
  const auto i = static_cast<std::size_t>(code);
  return i < kCancellationCodeNames.size() ? kCancellationCodeNames[i] : std::string_view();
}

bool IsRetryable(const ApiError& error) {
  switch (error.code()) {
    case ErrorCode::kProvisionedThroughputExceeded:
    case ErrorCode::kThrottling:
    case ErrorCode::kRequestLimitExceeded:
    case ErrorCode::kLimitExceeded:
    case ErrorCode::kTransactionInProgress:
    case ErrorCode::kTransactionConflict:
    case ErrorCode::kInternalServerError:
    case ErrorCode::kInternalFailure:
    case ErrorCode::kTransport:
      return true;
    default:
      return false;
  }
}

std::ostream& operator<<(std::ostream& out, const ApiError& error) {
  return out << error.short_name() << ": " << error.message();
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE
