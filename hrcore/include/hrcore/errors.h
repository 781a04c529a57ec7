// Domain errors of the HR data layer, and hrcore's Result<T>/Status. A service function never
// returns a raw DynamoDB error for an outcome the domain names: a failed condition or a
// cancelled transaction is translated into what it means (the email is taken, the version is
// stale, the transition is not allowed, ...). Errors are values, as in ddbemu.
#pragma once

#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <utility>

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

std::ostream& operator<<(std::ostream& out, const Error& error);  // ToString()

// hrcore's results are ddbemu's, with Error in place of ApiError: value_or, and_then,
// transform, error_or_null and printing come with them, and DDBEMU_RETURN_IF_ERROR and
// DDBEMU_ASSIGN_OR_RETURN propagate both kinds.
template <class T>
using Result = ddbemu::Result<T, Error>;
using Status = ddbemu::BasicStatus<Error>;

}  // namespace hrcore
