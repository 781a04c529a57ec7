// Jobs (draft, open, close, reopen, edit) and applications (submit, advance). Status changes
// are single conditional writes whose condition is the allowed `from` status (invariant 5);
// opening writes the sparse GSI1 keys and closing REMOVEs them (invariant 4), so AP8 lists
// open jobs with no FilterExpression while AP12 keeps every job.
#include "service_internals.h"

namespace hrcore {
namespace {

using ddbemu::AttributeValue;

using I = HrService::Internals;
using codec::Key;

struct JobRef {
  std::string posted_at;
};

// The job's immutable facts (orgId, postedAt) from its JOB#<jobId>/#META item.
Result<JobRef> ResolveJob(HrService& s, const TenantContext& ctx, const std::string& job_id) {
  DDBEMU_RETURN_IF_ERROR(I::CheckId(ctx.org_id, "orgId"));
  DDBEMU_RETURN_IF_ERROR(I::CheckId(job_id, "jobId"));
  DDBEMU_ASSIGN_OR_RETURN(auto ref,
                          I::Get(s, Key(keys::JobPk(job_id), std::string(keys::kJobRefSk))));
  if (!ref) return I::NotFound("job " + job_id);
  if (GetOr<std::string>(*ref, "orgId") != ctx.org_id) {
    return Error(ErrorKind::kOtherTenant, "job " + job_id + " belongs to another organisation");
  }
  return JobRef{GetOr<std::string>(*ref, "postedAt")};
}

Error JobTransitionFailure(const std::string& job_id, std::string_view verb, const Item* old) {
  if (old == nullptr) return I::NotFound("job " + job_id);
  return Error(ErrorKind::kInvalidTransition, "job " + job_id + " is " +
                                                  GetOr<std::string>(*old, "status") + ": cannot " +
                                                  std::string(verb) + " it");
}

}  // namespace

Result<JobPosting> HrService::DraftJob(const TenantContext& ctx, const std::string& title,
                                       const std::string& department_id) {
  DDBEMU_RETURN_IF_ERROR(I::CheckId(ctx.org_id, "orgId"));
  if (title.empty()) return Error(ErrorKind::kInvalidArgument, "job title is empty");
  if (!department_id.empty()) DDBEMU_RETURN_IF_ERROR(I::CheckId(department_id, "departmentId"));
  // postedAt is minted with the draft: it is part of the sort key, which never changes.
  JobPosting job{.org_id = ctx.org_id,
                 .department_id = department_id,
                 .title = title,
                 .status = JobStatus::kDraft};
  job.posted_at = ids_.Next();
  job.job_id = ids_.Next();
  std::vector<I::Action> actions;
  actions.push_back(OrgIsActiveAction(ctx.org_id));
  if (!department_id.empty()) {
    actions.push_back(
        {ddbemu::ConditionCheck{.key = Key(keys::OrgPk(ctx.org_id), keys::DeptSk(department_id)),
                                .condition_expression = "attribute_exists(#PK)",
                                .expression_attribute_names = {{"#PK", "PK"}}},
         [=](const Item*) { return I::NotFound("department " + department_id); }});
  }
  auto collision = [](const Item*) { return Error(ErrorKind::kBackend, "job id collision"); };
  actions.push_back({ddbemu::Put{.item = codec::ToItem(job),
                                 .condition_expression = "attribute_not_exists(#PK)",
                                 .expression_attribute_names = {{"#PK", "PK"}}},
                     collision});
  actions.push_back({ddbemu::Put{.item = codec::JobRefItem(job),
                                 .condition_expression = "attribute_not_exists(#PK)",
                                 .expression_attribute_names = {{"#PK", "PK"}}},
                     collision});
  DDBEMU_RETURN_IF_ERROR(I::Transact(*this, std::move(actions)));
  return job;
}

namespace {

// One status change of a job as a single conditional UpdateItem.
Result<JobPosting> ChangeJobStatus(HrService& s, const TenantContext& ctx,
                                   const std::string& job_id, JobStatus from, JobStatus to,
                                   std::string_view verb, const std::string& now) {
  DDBEMU_ASSIGN_OR_RETURN(JobRef ref, ResolveJob(s, ctx, job_id));
  ddbemu::UpdateItemRequest u{
      .key = Key(keys::OrgPk(ctx.org_id), keys::JobSk(ref.posted_at, job_id)),
      .condition_expression = "#status = :from",
      .expression_attribute_names = {{"#status", "status"}},
      .expression_attribute_values = {{":from", AttributeValue::S(ToString(from))},
                                      {":to", AttributeValue::S(ToString(to))}},
  };
  if (to == JobStatus::kOpen) {
    // Into the sparse GSI1 (AP8); a reopened job loses its closedAt.
    u.update_expression = "SET #status = :to, GSI1PK = :gpk, GSI1SK = :gsk REMOVE closedAt";
    u.expression_attribute_values[":gpk"] = AttributeValue::S(keys::OpenJobsGsiPk(ctx.org_id));
    u.expression_attribute_values[":gsk"] = AttributeValue::S(keys::JobSk(ref.posted_at, job_id));
  } else {
    // Out of GSI1: with no GSI1PK the item is not indexed, so AP8 needs no filter.
    u.update_expression = "SET #status = :to, closedAt = :now REMOVE GSI1PK, GSI1SK";
    u.expression_attribute_values[":now"] = AttributeValue::S(now);
  }
  DDBEMU_ASSIGN_OR_RETURN(Item updated,
                          HrService::Internals::Update(s, std::move(u), [&](const Item* old) {
                            return JobTransitionFailure(job_id, verb, old);
                          }));
  return codec::JobPostingFrom(updated);
}

}  // namespace

Result<JobPosting> HrService::OpenJob(const TenantContext& ctx, const std::string& job_id) {
  return ChangeJobStatus(*this, ctx, job_id, JobStatus::kDraft, JobStatus::kOpen, "open", "");
}

Result<JobPosting> HrService::CloseJob(const TenantContext& ctx, const std::string& job_id) {
  return ChangeJobStatus(*this, ctx, job_id, JobStatus::kOpen, JobStatus::kClosed, "close",
                         I::NowIso(*this));
}

Result<JobPosting> HrService::ReopenJob(const TenantContext& ctx, const std::string& job_id) {
  return ChangeJobStatus(*this, ctx, job_id, JobStatus::kClosed, JobStatus::kOpen, "reopen", "");
}

Result<JobPosting> HrService::EditJob(const TenantContext& ctx, const std::string& job_id,
                                      std::optional<std::string> title,
                                      std::optional<std::string> department_id) {
  if (title && title->empty()) return Error(ErrorKind::kInvalidArgument, "job title is empty");
  if (department_id) DDBEMU_RETURN_IF_ERROR(I::CheckId(*department_id, "departmentId"));
  DDBEMU_ASSIGN_OR_RETURN(JobRef ref, ResolveJob(*this, ctx, job_id));
  if (!title && !department_id) return GetJobAt(ctx, ref.posted_at, job_id);
  Item key = Key(keys::OrgPk(ctx.org_id), keys::JobSk(ref.posted_at, job_id));
  std::string set = "SET ";
  ddbemu::ExpressionAttributeValues values;
  if (title) {
    set += "title = :t";
    values[":t"] = AttributeValue::S(*title);
  }
  if (department_id) {
    set += std::string(title ? ", " : "") + "departmentId = :d";
    values[":d"] = AttributeValue::S(*department_id);
  }
  auto not_found = [=](const Item*) { return I::NotFound("job " + job_id); };
  if (!department_id) {
    DDBEMU_ASSIGN_OR_RETURN(Item updated,
                            I::Update(*this,
                                      {.key = key,
                                       .update_expression = set,
                                       .condition_expression = "attribute_exists(#PK)",
                                       .expression_attribute_names = {{"#PK", "PK"}},
                                       .expression_attribute_values = values},
                                      not_found));
    return codec::JobPostingFrom(updated);
  }
  // A new department must exist in the org at commit time: one transaction.
  std::vector<I::Action> actions;
  actions.push_back({ddbemu::Update{.key = key,
                                    .update_expression = set,
                                    .condition_expression = "attribute_exists(#PK)",
                                    .expression_attribute_names = {{"#PK", "PK"}},
                                    .expression_attribute_values = values},
                     not_found});
  actions.push_back(
      {ddbemu::ConditionCheck{.key = Key(keys::OrgPk(ctx.org_id), keys::DeptSk(*department_id)),
                              .condition_expression = "attribute_exists(#PK)",
                              .expression_attribute_names = {{"#PK", "PK"}}},
       [d = *department_id](const Item*) { return I::NotFound("department " + d); }});
  DDBEMU_RETURN_IF_ERROR(I::Transact(*this, std::move(actions)));
  return GetJobAt(ctx, ref.posted_at, job_id);
}

Result<Application> HrService::SubmitApplication(const TenantContext& ctx,
                                                 const std::string& job_id,
                                                 const std::string& emp_id) {
  DDBEMU_RETURN_IF_ERROR(I::CheckId(emp_id, "empId"));
  DDBEMU_ASSIGN_OR_RETURN(JobRef ref, ResolveJob(*this, ctx, job_id));
  Application app{.job_id = job_id,
                  .emp_id = emp_id,
                  .status = ApplicationStatus::kApplied,
                  .submitted_at = ids_.Next()};
  app.app_id = ids_.Next();
  // The employee item reads come from (re-keyed by migration 3: found through EMPREF#).
  DDBEMU_ASSIGN_OR_RETURN(SchemaState schema, I::Schema(*this));
  DDBEMU_ASSIGN_OR_RETURN(Item emp_key, I::EmployeeReadKey(*this, schema, ctx.org_id, emp_id));
  std::vector<I::Action> actions;
  actions.push_back(
      {ddbemu::ConditionCheck{
           .key = Key(keys::OrgPk(ctx.org_id), keys::JobSk(ref.posted_at, job_id)),
           .condition_expression = "#status = :open",
           .expression_attribute_names = {{"#status", "status"}},
           .expression_attribute_values = {{":open", AttributeValue::S("open")}}},
       [=](const Item* old) { return JobTransitionFailure(job_id, "apply to", old); }});
  actions.push_back({ddbemu::ConditionCheck{
                         .key = emp_key,
                         .condition_expression = "#status = :active",
                         .expression_attribute_names = {{"#status", "status"}},
                         .expression_attribute_values = {{":active", AttributeValue::S("active")}}},
                     [=](const Item* old) {
                       if (old == nullptr) return I::NotFound("employee " + emp_id);
                       return Error(ErrorKind::kInvalidArgument,
                                    "employee " + emp_id + " is inactive");
                     }});
  actions.push_back(
      {ddbemu::Put{.item = codec::ToItem(app),
                   .condition_expression = "attribute_not_exists(#PK)",
                   .expression_attribute_names = {{"#PK", "PK"}}},
       [](const Item*) { return Error(ErrorKind::kBackend, "application id collision"); }});
  DDBEMU_RETURN_IF_ERROR(I::Transact(*this, std::move(actions)));
  return app;
}

Result<Application> HrService::AdvanceApplication(const TenantContext& ctx,
                                                  const ApplicationRef& app, ApplicationStatus to) {
  DDBEMU_RETURN_IF_ERROR(I::CheckId(app.submitted_at, "submittedAt"));
  DDBEMU_RETURN_IF_ERROR(I::CheckId(app.app_id, "appId"));
  std::optional<ApplicationStatus> from;
  if (to == ApplicationStatus::kReviewing) from = ApplicationStatus::kApplied;
  if (to == ApplicationStatus::kAccepted || to == ApplicationStatus::kRejected) {
    from = ApplicationStatus::kReviewing;
  }
  if (!from) {
    return Error(ErrorKind::kInvalidTransition,
                 "no application moves to " + std::string(ToString(to)));
  }
  DDBEMU_RETURN_IF_ERROR(ResolveJob(*this, ctx, app.job_id));  // the job is this org's
  DDBEMU_ASSIGN_OR_RETURN(
      Item updated,
      I::Update(*this,
                {.key = Key(keys::JobPk(app.job_id), keys::AppSk(app.submitted_at, app.app_id)),
                 .update_expression = "SET #status = :to",
                 .condition_expression = "#status = :from",
                 .expression_attribute_names = {{"#status", "status"}},
                 .expression_attribute_values = {{":from", AttributeValue::S(ToString(*from))},
                                                 {":to", AttributeValue::S(ToString(to))}}},
                [&](const Item* old) {
                  if (old == nullptr) return I::NotFound("application " + app.app_id);
                  return Error(ErrorKind::kInvalidTransition,
                               "application " + app.app_id + " is " +
                                   GetOr<std::string>(*old, "status") + ": cannot move to " +
                                   std::string(ToString(to)));
                }));
  return codec::ApplicationFrom(updated);
}

}  // namespace hrcore
