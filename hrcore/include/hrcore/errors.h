// Domain errors of the HR data layer, and hrcore's Result<T>/Status. A service function never
// returns a raw DynamoDB error for an outcome the domain names: a failed condition or a
// cancelled transaction is translated into what it means (the email is taken, the version is
// stale, the transition is not allowed, ...). Errors are values, as in ddbemu.
#pragma once

#include <cassert>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>

#include "ddbemu/error.h"

namespace hrcore {

enum class ErrorKind {
  kNotFound,           // no such organisation/department/employee/job/application in this org
  kEmailTaken,         // the email is the SSO identity of another employee (in any org)
  kVersionConflict,    // optimistic lock: the item changed since the caller read it
  kInvalidTransition,  // a job or application status change outside the allowed transitions
  kInvalidId,          // an id, postedAt or submittedAt that is not a canonical ULID
  kOtherTenant,        // the request names data or a cursor of another organisation
  kInvalidCursor,      // a forged, expired, or other-pattern pagination cursor
  kInvalidArgument,    // any other bad input (empty name, malformed email, bad enum)
  kOrgSuspended,       // writes to a suspended organisation are refused
  kBackend,            // DynamoDB failed for a reason the domain does not name (see cause)
};

std::string_view ErrorKindName(ErrorKind kind);

class Error {
 public:
  Error(ErrorKind kind, std::string message) : kind_(kind), message_(std::move(message)) {}
  // A DynamoDB failure with no domain meaning (throttling, validation of a bug, transport).
  static Error Backend(ddbemu::ApiError cause);

  ErrorKind kind() const { return kind_; }
  const std::string& message() const { return message_; }
  // The DynamoDB error behind a kBackend error (and behind mapped ones, for diagnosis).
  const std::optional<ddbemu::ApiError>& cause() const { return cause_; }
  std::string ToString() const;

 private:
  ErrorKind kind_;
  std::string message_;
  std::optional<ddbemu::ApiError> cause_;
};

template <class T>
class [[nodiscard]] Result {
 public:
  Result(T value) : v_(std::move(value)) {}      // NOLINT(google-explicit-constructor)
  Result(Error error) : v_(std::move(error)) {}  // NOLINT(google-explicit-constructor)
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
  const Error& error() const& {
    assert(!ok());
    return std::get<1>(v_);
  }
  Error&& error() && {
    assert(!ok());
    return std::get<1>(std::move(v_));
  }

 private:
  std::variant<T, Error> v_;
};

class [[nodiscard]] Status {
 public:
  Status() = default;
  Status(Error error) : error_(std::move(error)) {}  // NOLINT(google-explicit-constructor)
  bool ok() const { return !error_.has_value(); }
  explicit operator bool() const { return ok(); }
  const Error& error() const& {
    assert(!ok());
    return *error_;
  }
  Error&& error() && {
    assert(!ok());
    return std::move(*error_);
  }

 private:
  std::optional<Error> error_;
};

}  // namespace hrcore

#define HR_RETURN_IF_ERROR(expr)                                \
  do {                                                          \
    auto hr_status_ = (expr);                                   \
    if (!hr_status_.ok()) return std::move(hr_status_).error(); \
  } while (0)
#define HR_CONCAT_INNER_(a, b) a##b
#define HR_CONCAT_(a, b) HR_CONCAT_INNER_(a, b)
#define HR_ASSIGN_OR_RETURN(lhs, expr) \
  HR_ASSIGN_OR_RETURN_IMPL_(HR_CONCAT_(hr_result_, __LINE__), lhs, expr)
#define HR_ASSIGN_OR_RETURN_IMPL_(tmp, lhs, expr) \
  auto tmp = (expr);                              \
  if (!tmp.ok()) return std::move(tmp).error();   \
  lhs = std::move(tmp).value()
