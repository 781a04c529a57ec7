// Stored spellings of the entity enums and the allowed status transitions.
#include "hrcore/entities.h"

#include <array>
#include <utility>

namespace hrcore {
namespace {

template <class E, std::size_t N>
std::optional<E> Parse(const std::array<std::pair<E, std::string_view>, N>& table,
                       std::string_view s) {
  for (const auto& [value, name] : table) {
    if (name == s) return value;
  }
  return std::nullopt;
}
template <class E, std::size_t N>
std::string_view Name(const std::array<std::pair<E, std::string_view>, N>& table, E v) {
  for (const auto& [value, name] : table) {
    if (value == v) return name;
  }
  return "";
}

constexpr std::array<std::pair<Plan, std::string_view>, 3> kPlans{
    {{Plan::kFree, "free"}, {Plan::kPro, "pro"}, {Plan::kEnterprise, "enterprise"}}};
constexpr std::array<std::pair<OrgStatus, std::string_view>, 2> kOrgStatuses{
    {{OrgStatus::kActive, "active"}, {OrgStatus::kSuspended, "suspended"}}};
constexpr std::array<std::pair<Role, std::string_view>, 3> kRoles{
    {{Role::kAdmin, "admin"}, {Role::kManager, "manager"}, {Role::kEmployee, "employee"}}};
constexpr std::array<std::pair<EmployeeStatus, std::string_view>, 2> kEmployeeStatuses{
    {{EmployeeStatus::kActive, "active"}, {EmployeeStatus::kInactive, "inactive"}}};
constexpr std::array<std::pair<JobStatus, std::string_view>, 3> kJobStatuses{
    {{JobStatus::kDraft, "draft"}, {JobStatus::kOpen, "open"}, {JobStatus::kClosed, "closed"}}};
constexpr std::array<std::pair<ApplicationStatus, std::string_view>, 4> kAppStatuses{
    {{ApplicationStatus::kApplied, "applied"},
     {ApplicationStatus::kReviewing, "reviewing"},
     {ApplicationStatus::kRejected, "rejected"},
     {ApplicationStatus::kAccepted, "accepted"}}};

}  // namespace

std::string_view ToString(Plan v) { return Name(kPlans, v); }
std::string_view ToString(OrgStatus v) { return Name(kOrgStatuses, v); }
std::string_view ToString(Role v) { return Name(kRoles, v); }
std::string_view ToString(EmployeeStatus v) { return Name(kEmployeeStatuses, v); }
std::string_view ToString(JobStatus v) { return Name(kJobStatuses, v); }
std::string_view ToString(ApplicationStatus v) { return Name(kAppStatuses, v); }
std::optional<Plan> ParsePlan(std::string_view s) { return Parse(kPlans, s); }
std::optional<OrgStatus> ParseOrgStatus(std::string_view s) { return Parse(kOrgStatuses, s); }
std::optional<Role> ParseRole(std::string_view s) { return Parse(kRoles, s); }
std::optional<EmployeeStatus> ParseEmployeeStatus(std::string_view s) {
  return Parse(kEmployeeStatuses, s);
}
std::optional<JobStatus> ParseJobStatus(std::string_view s) { return Parse(kJobStatuses, s); }
std::optional<ApplicationStatus> ParseApplicationStatus(std::string_view s) {
  return Parse(kAppStatuses, s);
}

bool IsAllowedTransition(JobStatus from, JobStatus to) {
  return (from == JobStatus::kDraft && to == JobStatus::kOpen) ||
         (from == JobStatus::kOpen && to == JobStatus::kClosed) ||
         (from == JobStatus::kClosed && to == JobStatus::kOpen);
}

bool IsAllowedTransition(ApplicationStatus from, ApplicationStatus to) {
  return (from == ApplicationStatus::kApplied && to == ApplicationStatus::kReviewing) ||
         (from == ApplicationStatus::kReviewing &&
          (to == ApplicationStatus::kAccepted || to == ApplicationStatus::kRejected));
}

}  // namespace hrcore
