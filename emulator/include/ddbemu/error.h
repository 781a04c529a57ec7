// ApiError and Result<T>: how every layer reports failure. A failure is a DynamoDB
// exception type plus a message worded like the service's; it is a value, never a C++
// exception, so that it crosses module boundaries explicitly and success costs nothing.
#pragma once

#include <cassert>
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include "ddbemu/version.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE {

class AttributeValue;

// The exception types DynamoDB sends in the `__type` field of an error response.
enum class ErrorCode {
  kValidation,                  // com.amazon.coral.validate#ValidationException
  kSerialization,               // com.amazon.coral.service#SerializationException
  kUnknownOperation,            // com.amazon.coral.service#UnknownOperationException
  kMissingAuthenticationToken,  // com.amazon.coral.service#MissingAuthenticationTokenException
  kInternalFailure,             // com.amazon.coral.service#InternalFailure
  kResourceNotFound,            // com.amazonaws.dynamodb.v20120810#...
  kResourceInUse,
  kConditionalCheckFailed,
  kLimitExceeded,
  kProvisionedThroughputExceeded,
  kRequestLimitExceeded,
  kThrottling,
  kTransactionCanceled,
  kTransactionConflict,
  kTransactionInProgress,
  kIdempotentParameterMismatch,
  kItemCollectionSizeLimitExceeded,
  // DynamoDB Streams (ops/streams/).
  kExpiredIterator,
  kTrimmedDataAccess,
  // The control plane's further exceptions (tags, backups, point-in-time recovery).
  kAccessDenied,  // com.amazon.coral.service#AccessDeniedException
  kBackupNotFound,
  kBackupInUse,
  kTableNotFound,
  kTableAlreadyExists,
  kContinuousBackupsUnavailable,
  kPointInTimeRecoveryUnavailable,
  kInvalidRestoreTime,
  // Exports and imports (ops/transfer/).
  kExportNotFound,
  kExportConflict,
  kInvalidExportTime,
  kImportNotFound,
  kImportConflict,
  kDuplicateItem,        // PartiQL INSERT of an existing key (DuplicateItemException)
  kInternalServerError,  // the last code a service sends (ErrorCodeFromTypeName stops here)
  // Codes no service sends; only a client over HTTP (OpenHttpClient's transport) produces them.
  kUnknownServiceError,  // a `__type` without a code above; the message keeps the type name
  kTransport,            // no usable answer: connection, timeout, TLS, CRC32 or framing failure
};

// The ErrorCode of a `__type` ("com.amazonaws.dynamodb.v20120810#ResourceNotFoundException")
// or of its bare name ("ResourceNotFoundException"), the inverse of ApiError::type_name();
// nullopt when no service code has that name. The prefix is ignored: services differ in it.
std::optional<ErrorCode> ErrorCodeFromTypeName(std::string_view type);

// The codes of TransactionCanceledException.CancellationReasons, as the service sends them.
enum class CancellationCode {
  kNone,                             // "None": this action did not cause the cancellation
  kConditionalCheckFailed,           // "ConditionalCheckFailed"
  kItemCollectionSizeLimitExceeded,  // "ItemCollectionSizeLimitExceeded"
  kTransactionConflict,              // "TransactionConflict"
  kProvisionedThroughputExceeded,    // "ProvisionedThroughputExceeded"
  kThrottlingError,                  // "ThrottlingError"
  kValidationError,                  // "ValidationError"
  kDuplicateItem,                    // "DuplicateItem" (PartiQL)
  kUnknown,                          // a code this version does not know; `code` has its text
};
// The enum of a code's text ("ConditionalCheckFailed"), kUnknown for any other text.
CancellationCode CancellationCodeFromName(std::string_view name);
// The text of a code ("None", ...); "" for kUnknown.
std::string_view CancellationCodeName(CancellationCode code);

// One entry of TransactionCanceledException.CancellationReasons, in request order.
struct CancellationReason {
  std::string code;     // "None", "ConditionalCheckFailed", "ValidationError", ...
  std::string message;  // empty for "None"
  // An M value, with ReturnValuesOnConditionCheckFailure.
  std::shared_ptr<const AttributeValue> item;

  // `code` as an enum, to switch on instead of comparing text.
  CancellationCode kind() const { return CancellationCodeFromName(code); }
};
// One entry of ProvisionedThroughputExceededException.ThrottlingReasons (capacity layer).
struct ThrottlingReason {
  std::string reason;        // e.g. "TableWriteKeyRangeThroughputExceeded"
  std::string resource_arn;  // table or index ARN
};

class ApiError {
 public:
  ApiError(ErrorCode code, std::string message) : code_(code), message_(std::move(message)) {}

  static ApiError Validation(std::string m) { return {ErrorCode::kValidation, std::move(m)}; }
  static ApiError Serialization(std::string m) { return {ErrorCode::kSerialization, std::move(m)}; }
  static ApiError UnknownOperation(std::string m) {
    return {ErrorCode::kUnknownOperation, std::move(m)};
  }
  static ApiError ResourceNotFound(std::string m) {
    return {ErrorCode::kResourceNotFound, std::move(m)};
  }
  static ApiError ResourceInUse(std::string m) { return {ErrorCode::kResourceInUse, std::move(m)}; }
  static ApiError ConditionalCheckFailed(std::string m = "The conditional request failed") {
    return {ErrorCode::kConditionalCheckFailed, std::move(m)};
  }
  static ApiError LimitExceeded(std::string m) { return {ErrorCode::kLimitExceeded, std::move(m)}; }
  static ApiError InternalServerError(std::string m) {
    return {ErrorCode::kInternalServerError, std::move(m)};
  }

  ErrorCode code() const { return code_; }
  const std::string& message() const { return message_; }

  // The wire `__type`, e.g. "com.amazon.coral.validate#ValidationException".
  std::string_view type_name() const;
  // The bare exception name, e.g. "ValidationException".
  std::string_view short_name() const;
  // 400 for client errors, 500 for server faults, as the service answers.
  int http_status() const;

  // Extra payload some exceptions carry. Shared so that copying an error stays cheap.
  // ConditionalCheckFailedException with ReturnValuesOnConditionCheckFailure=ALL_OLD: the item.
  std::shared_ptr<const AttributeValue> item;  // an M value
  std::vector<CancellationReason> cancellation_reasons;
  std::vector<ThrottlingReason> throttling_reasons;

 private:
  ErrorCode code_ = ErrorCode::kInternalServerError;  // always set by the constructor
  std::string message_;
};

// Either a T or an error: an ApiError unless E says otherwise (a layer above ddbemu, such as
// hrcore, keeps its own domain error in the same Result, and the DDBEMU_ macros serve both).
// [[nodiscard]] so that an ignored failure is a compile warning.
template <class T, class E = ApiError>
class [[nodiscard]] Result {
 public:
  using value_type = T;
  using error_type = E;

  Result(T value) : v_(std::move(value)) {}  // NOLINT(google-explicit-constructor)
  Result(E error) : v_(std::move(error)) {}  // NOLINT(google-explicit-constructor)

  bool ok() const { return v_.index() == 0; }
  explicit operator bool() const { return ok(); }

  T& value() & {
    assert(ok());
    return std::get<0>(v_);
  }
  const T& value() const& {
    assert(ok());
    return std::get<0>(v_);
  }
  T&& value() && {
    assert(ok());
    return std::get<0>(std::move(v_));
  }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }
  T& operator*() & { return value(); }
  const T& operator*() const& { return value(); }

  // The error of a failed result. Reading a failed result needs no exception handling: test
  // ok() (or the result itself), then read error(); or read error_or_null(), which is null on
  // success. value() and error() assert the state they need and do not throw.
  const E& error() const& {
    assert(!ok());
    return std::get<1>(v_);
  }
  E&& error() && {
    assert(!ok());
    return std::get<1>(std::move(v_));
  }
  const E* error_or_null() const { return ok() ? nullptr : &std::get<1>(v_); }

  // The value, or `fallback` on failure.
  template <class U>
  T value_or(U&& fallback) const& {
    return ok() ? std::get<0>(v_) : static_cast<T>(std::forward<U>(fallback));
  }
  template <class U>
  T value_or(U&& fallback) && {
    return ok() ? std::get<0>(std::move(v_)) : static_cast<T>(std::forward<U>(fallback));
  }

  // Chains a step that may fail: `f(value)` (returning a Result<U>) on success, the error
  // passed on unchanged on failure.
  //   Result<Order> order = client->GetItem(req).and_then(OrderFromResponse);
  template <class F>
  auto and_then(F&& f) const& -> std::invoke_result_t<F, const T&> {
    if (!ok()) return error();
    return std::forward<F>(f)(std::get<0>(v_));
  }
  template <class F>
  auto and_then(F&& f) && -> std::invoke_result_t<F, T&&> {
    if (!ok()) return std::move(*this).error();
    return std::forward<F>(f)(std::get<0>(std::move(v_)));
  }

  // Maps the value on success: Result<U> with U = f(value).
  template <class F>
  auto transform(F&& f) const& -> Result<std::invoke_result_t<F, const T&>, E> {
    if (!ok()) return error();
    return std::forward<F>(f)(std::get<0>(v_));
  }

 private:
  std::variant<T, E> v_;
};

// Success or an error, for operations that return nothing; Status is the ApiError one.
template <class E>
class [[nodiscard]] BasicStatus {
 public:
  using error_type = E;

  BasicStatus() = default;
  BasicStatus(E error) : error_(std::make_unique<E>(std::move(error))) {}  // NOLINT
  BasicStatus(const BasicStatus& o) : error_(o.error_ ? std::make_unique<E>(*o.error_) : nullptr) {}
  BasicStatus(BasicStatus&&) noexcept = default;
  BasicStatus& operator=(BasicStatus o) noexcept {
    error_ = std::move(o.error_);
    return *this;
  }

  static BasicStatus Ok() { return {}; }
  bool ok() const { return !error_; }
  explicit operator bool() const { return ok(); }
  const E& error() const& {
    assert(!ok());
    return *error_;
  }
  E&& error() && {
    assert(!ok());
    return std::move(*error_);
  }
  const E* error_or_null() const { return error_.get(); }

 private:
  std::unique_ptr<E> error_;  // null on success: success costs one pointer
};
using Status = BasicStatus<ApiError>;

// Whether a call that failed with `error` may succeed if sent again unchanged, by the AWS SDKs'
// rules for DynamoDB: throttling (ProvisionedThroughputExceeded, Throttling, RequestLimitExceeded,
// LimitExceeded, TransactionInProgress), the service's 500s (InternalServerError,
// InternalFailure) and a transport failure; and, beyond the SDKs' defaults, TransactionConflict,
// which this library's HTTP client retries too. Not retryable: everything the request itself
// caused (validation, a failed condition, a cancelled transaction, a missing table).
bool IsRetryable(const ApiError& error);

// "ValidationException: <message>", and for Results and Statuses "OK" or the error (a Result's
// value is not printed: T need not be printable). GoogleTest prints them this way.
std::ostream& operator<<(std::ostream& out, const ApiError& error);
template <class E>
std::ostream& operator<<(std::ostream& out, const BasicStatus<E>& status) {
  if (status.ok()) return out << "OK";
  return out << status.error();
}
template <class T, class E>
std::ostream& operator<<(std::ostream& out, const Result<T, E>& result) {
  if (result.ok()) return out << "OK";
  return out << result.error();
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE

// Propagate a failure: `DDBEMU_RETURN_IF_ERROR(status_expr);`
#define DDBEMU_RETURN_IF_ERROR(expr)                                    \
  do {                                                                  \
    auto ddbemu_status_ = (expr);                                       \
    if (!ddbemu_status_.ok()) return std::move(ddbemu_status_).error(); \
  } while (0)

#define DDBEMU_CONCAT_INNER_(a, b) a##b
#define DDBEMU_CONCAT_(a, b) DDBEMU_CONCAT_INNER_(a, b)
// `DDBEMU_ASSIGN_OR_RETURN(auto x, result_expr);` binds the value or propagates the error.
#define DDBEMU_ASSIGN_OR_RETURN(lhs, expr) \
  DDBEMU_ASSIGN_OR_RETURN_IMPL_(DDBEMU_CONCAT_(ddbemu_result_, __LINE__), lhs, expr)
#define DDBEMU_ASSIGN_OR_RETURN_IMPL_(tmp, lhs, expr) \
  auto tmp = (expr);                                  \
  if (!tmp.ok()) return std::move(tmp).error();       \
  lhs = std::move(tmp).value()
