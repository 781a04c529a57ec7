// Names and rendering of the domain errors.
#include "hrcore/errors.h"

namespace hrcore {

std::string_view ErrorKindName(ErrorKind kind) {
  switch (kind) {
    case ErrorKind::kNotFound:
      return "NotFound";
    case ErrorKind::kEmailTaken:
      return "EmailTaken";
    case ErrorKind::kVersionConflict:
      return "VersionConflict";
    case ErrorKind::kInvalidTransition:
      return "InvalidTransition";
    case ErrorKind::kInvalidId:
      return "InvalidId";
    case ErrorKind::kOtherTenant:
      return "OtherTenant";
    case ErrorKind::kInvalidCursor:
      return "InvalidCursor";
    case ErrorKind::kInvalidArgument:
      return "InvalidArgument";
    case ErrorKind::kOrgSuspended:
      return "OrgSuspended";
    case ErrorKind::kBackend:
      return "Backend";
  }
  return "Unknown";
}

Error Error::Backend(ddbemu::ApiError cause) {
  Error e(ErrorKind::kBackend, std::string(cause.short_name()) + ": " + cause.message());
  e.cause_ = std::move(cause);
  return e;
}

std::string Error::ToString() const { return std::string(ErrorKindName(kind_)) + ": " + message_; }

std::ostream& operator<<(std::ostream& out, const Error& error) { return out << error.ToString(); }

}  // namespace hrcore
