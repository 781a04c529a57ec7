// The HR entities as C++ values (docs/hr-schema.md, "Attributes"). Field names follow the stored
// attribute names; enums have their stored spelling in ToString/Parse*.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace hrcore {

enum class Plan { kFree, kPro, kEnterprise };
enum class OrgStatus { kActive, kSuspended };
enum class Role { kAdmin, kManager, kEmployee };
enum class EmployeeStatus { kActive, kInactive };
enum class JobStatus { kDraft, kOpen, kClosed };
enum class ApplicationStatus { kApplied, kReviewing, kRejected, kAccepted };

std::string_view ToString(Plan v);
std::string_view ToString(OrgStatus v);
std::string_view ToString(Role v);
std::string_view ToString(EmployeeStatus v);
std::string_view ToString(JobStatus v);
std::string_view ToString(ApplicationStatus v);
std::optional<Plan> ParsePlan(std::string_view s);
std::optional<OrgStatus> ParseOrgStatus(std::string_view s);
std::optional<Role> ParseRole(std::string_view s);
std::optional<EmployeeStatus> ParseEmployeeStatus(std::string_view s);
std::optional<JobStatus> ParseJobStatus(std::string_view s);
std::optional<ApplicationStatus> ParseApplicationStatus(std::string_view s);

// The allowed transitions (docs/hr-schema.md invariant 5): draft->open, open->closed, closed->open
// (reopen); applied->reviewing, reviewing->accepted|rejected.
bool IsAllowedTransition(JobStatus from, JobStatus to);
bool IsAllowedTransition(ApplicationStatus from, ApplicationStatus to);

struct Organisation {
  std::string org_id;
  std::string name;
  Plan plan = Plan::kFree;
  OrgStatus status = OrgStatus::kActive;
  std::string created_at;  // ISO-8601 UTC, as the review's ElectroDB default writes it
};

struct Department {
  std::string dept_id;
  std::string org_id;
  std::string name;
  std::string manager_id;  // empty: none
  std::int64_t headcount = 0;
  std::int64_t version = 0;  // 0: an item written without one (e.g. by ElectroDB)
};

struct Employee {
  std::string emp_id;
  std::string org_id;
  std::string email;  // normalised: trimmed, lower case
  std::string first_name;
  std::string last_name;
  std::string department_id;  // empty: none (terminated)
  Role role = Role::kEmployee;
  EmployeeStatus status = EmployeeStatus::kActive;
  std::string hired_at;       // ISO-8601 UTC
  std::string terminated_at;  // empty unless inactive
  std::int64_t version = 0;
};

// The relationship item DEPT#<deptId> / EMP#<empId> that serves AP7.
struct DeptEmployee {
  std::string dept_id;
  std::string emp_id;
  std::string org_id;
};

struct JobPosting {
  std::string job_id;
  std::string org_id;
  std::string department_id;
  std::string title;
  JobStatus status = JobStatus::kDraft;
  std::string posted_at;  // ULID, fixed when the draft is created: it is part of the sort key
  std::string closed_at;  // ISO-8601 UTC, empty unless closed
};

struct Application {
  std::string app_id;
  std::string job_id;
  std::string emp_id;
  ApplicationStatus status = ApplicationStatus::kApplied;
  std::string submitted_at;  // ULID
};

}  // namespace hrcore
