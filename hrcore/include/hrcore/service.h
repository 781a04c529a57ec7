// HrService: the HR data layer's service functions and its twelve access patterns, on
// ddbemu::Client only (so the same code runs in process, against ddb-local, DynamoDB Local,
// Alternator or AWS).
//
// Contracts, for every function:
//  - Every read and write is scoped by the TenantContext's orgId (docs/hr-schema.md invariant 6):
//    keys are built from it, items of other partitions are checked against it, cursors are
//    bound to it. Data of another organisation is never returned nor changed.
//  - Ids, postedAt and submittedAt are validated as ULIDs before any request (kInvalidId).
//  - Each invariant is kept by one TransactWriteItems or one conditional write, never by
//    read-then-write; a cancelled transaction or failed condition comes back as the domain
//    error it means (kEmailTaken, kVersionConflict, kInvalidTransition, kNotFound, ...).
//    A read may precede a write only to learn immutable facts (a job's postedAt) or the
//    values the write then conditions on.
//  - On failure nothing changed.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "ddbemu/client.h"
#include "ddbemu/clock.h"
#include "ddbemu/retrying_client.h"
#include "hrcore/cursor.h"
#include "hrcore/entities.h"
#include "hrcore/errors.h"
#include "hrcore/schema_state.h"
#include "hrcore/similarity.h"
#include "hrcore/ulid.h"
#include "sync/mutex.h"

namespace hrcore {

// Who is calling: the organisation from the caller's session (JWT), never from the request.
struct TenantContext {
  std::string org_id;
};

struct PageRequest {
  int limit = 50;                     // 1..1000 items per page
  std::optional<std::string> cursor;  // from the previous page's next_cursor
};

template <class T>
struct Page {
  std::vector<T> items;
  std::optional<std::string> next_cursor;  // absent on the last page
};

// Capacity units consumed, summed from the ConsumedCapacity of every call.
struct Consumed {
  double read_units = 0;
  double write_units = 0;
  int calls = 0;
};

struct ServiceOptions {
  std::string table_name = "acme-hr-dev";
  std::string cursor_secret = "hrcore-dev-cursor-secret";
  std::int64_t cursor_ttl_ms = 3'600'000;
  // How a call that changed nothing (throttled, or a transaction cancelled only by conflicts)
  // is sent again: the AWS SDKs' policy by default (ddbemu/retrying_client.h), with hrcore's
  // rule of what to retry (Retryable, hrcore/retry.h) unless `retry.retryable` says otherwise.
  // {.max_attempts = 1} sends every call once; `retry.sleep` replaces the real waits (a test
  // moves its virtual clock instead).
  ddbemu::RetryPolicy retry;
  // How long the schema switch (#MIGRATION/#SCHEMA, see schema_state.h) read from the table
  // is trusted before it is read again. A migration waits at least this long after each
  // switch before relying on it (MigrationOptions::grace_ms).
  std::int64_t schema_refresh_ms = 1000;
};

struct NewEmployee {
  std::string email;
  std::string first_name;
  std::string last_name;
  std::string department_id;
  Role role = Role::kEmployee;
};

struct EmployeeChanges {
  std::optional<std::string> email;  // moves the email constraint item with it
  std::optional<std::string> first_name;
  std::optional<std::string> last_name;
  std::optional<Role> role;
};

// An application's key: its job, and submittedAt + appId (its sort key).
struct ApplicationRef {
  std::string job_id;
  std::string submitted_at;
  std::string app_id;
};

class HrService {
 public:
  // `client`, `clock` and `ids` must outlive the service.
  HrService(ddbemu::Client& client, const ddbemu::Clock& clock, UlidGenerator& ids,
            ServiceOptions options);

  // ---- Organisations.
  Result<Organisation> CreateOrganisation(const std::string& name, Plan plan);
  // active -> suspended; a suspended organisation accepts no hires, departments or jobs.
  Result<Organisation> SuspendOrganisation(const TenantContext& ctx);

  // ---- Departments (version-locked like employees).
  Result<Department> CreateDepartment(const TenantContext& ctx, const std::string& name);
  Result<Department> RenameDepartment(const TenantContext& ctx, const std::string& dept_id,
                                      const std::string& name, std::int64_t expected_version);
  // The manager must be an active employee of the organisation (checked in the transaction).
  Result<Department> SetDepartmentManager(const TenantContext& ctx, const std::string& dept_id,
                                          const std::string& manager_emp_id,
                                          std::int64_t expected_version);

  // ---- Employees. Hire/move/terminate/rehire keep headcount == relationship items and the
  // email constraint item in one transaction each.
  Result<Employee> Hire(const TenantContext& ctx, const NewEmployee& employee);
  Result<Employee> UpdateEmployee(const TenantContext& ctx, const std::string& emp_id,
                                  std::int64_t expected_version, const EmployeeChanges& changes);
  Result<Employee> MoveEmployee(const TenantContext& ctx, const std::string& emp_id,
                                const std::string& new_dept_id, std::int64_t expected_version);
  // Marks inactive, removes the relationship item, decrements headcount, frees the email.
  Result<Employee> Terminate(const TenantContext& ctx, const std::string& emp_id,
                             std::int64_t expected_version);
  Result<Employee> Rehire(const TenantContext& ctx, const std::string& emp_id,
                          const std::string& dept_id, std::int64_t expected_version);

  // ---- Jobs: draft -> open -> closed -> open (reopen).
  Result<JobPosting> DraftJob(const TenantContext& ctx, const std::string& title,
                              const std::string& department_id);
  Result<JobPosting> OpenJob(const TenantContext& ctx, const std::string& job_id);
  Result<JobPosting> CloseJob(const TenantContext& ctx, const std::string& job_id);
  Result<JobPosting> ReopenJob(const TenantContext& ctx, const std::string& job_id);
  Result<JobPosting> EditJob(const TenantContext& ctx, const std::string& job_id,
                             std::optional<std::string> title,
                             std::optional<std::string> department_id);

  // ---- Applications: applied -> reviewing -> accepted | rejected.
  // The job must be open and the employee active, both in the caller's organisation.
  Result<Application> SubmitApplication(const TenantContext& ctx, const std::string& job_id,
                                        const std::string& emp_id);
  Result<Application> AdvanceApplication(const TenantContext& ctx, const ApplicationRef& app,
                                         ApplicationStatus to);

  // ---- The access patterns (docs/hr-schema.md).
  Result<Organisation> GetOrganisation(const TenantContext& ctx);                            // AP1
  Result<Employee> GetEmployee(const TenantContext& ctx, const std::string& emp_id);         // AP2
  Result<Page<Employee>> ListEmployees(const TenantContext& ctx, const PageRequest& page);   // AP3
  Result<Employee> FindEmployeeByEmail(const TenantContext& ctx, const std::string& email);  // AP4
  // AP4 for sign-in, before a tenant is known: the active employee with this email, any org.
  Result<Employee> ResolveLogin(const std::string& email);
  Result<Page<Department>> ListDepartments(const TenantContext& ctx,
                                           const PageRequest& page);                       // AP5
  Result<Department> GetDepartment(const TenantContext& ctx, const std::string& dept_id);  // AP6
  Result<Page<DeptEmployee>> ListDepartmentEmployees(const TenantContext& ctx,
                                                     const std::string& dept_id,
                                                     const PageRequest& page);               // AP7
  Result<Page<JobPosting>> ListOpenJobs(const TenantContext& ctx, const PageRequest& page);  // AP8
  Result<JobPosting> GetJob(const TenantContext& ctx, const std::string& job_id);            // AP9
  // AP9 with the full key (postedAt known, e.g. from the URL): one GetItem.
  Result<JobPosting> GetJobAt(const TenantContext& ctx, const std::string& posted_at,
                              const std::string& job_id);
  Result<Page<Application>> ListJobApplications(const TenantContext& ctx, const std::string& job_id,
                                                const PageRequest& page);  // AP10
  Result<Page<Application>> ListEmployeeApplications(const TenantContext& ctx,
                                                     const std::string& emp_id,
                                                     const PageRequest& page);           // AP11
  Result<Page<JobPosting>> ListJobs(const TenantContext& ctx, const PageRequest& page);  // AP12
  // AP13 (migration 2, `employee-status-index`): employees of an org with `status`, by
  // empId (hire order), from GSI2. Before the migration the index does not exist (kBackend).
  Result<Page<Employee>> ListEmployeesByStatus(const TenantContext& ctx, EmployeeStatus status,
                                               const PageRequest& page);

  // ---- AP14 (hrcore/similarity.h; needs CreateApplicationSimilarityIndex): applications to a
  // job, most similar to the job's description first. The embedding of an application is set
  // (or replaced) on the application item; it must have kEmbeddingDimensions finite numbers.
  Result<Application> SetApplicationEmbedding(const TenantContext& ctx, const ApplicationRef& app,
                                              const std::vector<float>& embedding);
  // The `top_k` (1..100) applications to `job_id` whose embeddings are nearest (cosine) to
  // `description_embedding`; applications without an embedding are not ranked. Exact on the
  // emulator; on AWS the vector index is approximate and may return near neighbours instead.
  Result<std::vector<SimilarApplication>> FindSimilarApplications(
      const TenantContext& ctx, const std::string& job_id,
      const std::vector<float>& description_embedding, int top_k);

  // Capacity consumed by this service's calls since the last TakeConsumed. Thread-safe.
  Consumed TakeConsumed();
  const std::string& table_name() const { return options_.table_name; }

  struct Internals;  // the request helpers of src/ (service_internals.h)

 private:
  friend struct Internals;
  // One attempt of each employee write under the schema switch read at its start (the public
  // functions run it again when the switch moved under it).
  Result<Employee> HireOnce(const TenantContext& ctx, const NewEmployee& employee);
  Result<Employee> UpdateEmployeeOnce(const TenantContext& ctx, const std::string& emp_id,
                                      std::int64_t expected_version, const EmployeeChanges& c);
  Result<Employee> MoveEmployeeOnce(const TenantContext& ctx, const std::string& emp_id,
                                    const std::string& new_dept_id, std::int64_t expected_version);
  Result<Employee> TerminateOnce(const TenantContext& ctx, const std::string& emp_id,
                                 std::int64_t expected_version);
  Result<Employee> RehireOnce(const TenantContext& ctx, const std::string& emp_id,
                              const std::string& dept_id, std::int64_t expected_version);
  ddbemu::RetryingClient client_;  // every call of the service goes through it
  const ddbemu::Clock& clock_;
  UlidGenerator& ids_;
  ServiceOptions options_;
  CursorCodec cursors_;
  ddbemu::sync::Mutex consumed_mutex_;
  Consumed consumed_ GUARDED_BY(consumed_mutex_);
  ddbemu::sync::Mutex schema_mutex_;
  SchemaState schema_ GUARDED_BY(schema_mutex_);
  std::int64_t schema_read_micros_ GUARDED_BY(schema_mutex_) = -1;  // -1: never read
};

}  // namespace hrcore
