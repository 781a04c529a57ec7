// The whole-table invariant check (see check.h).
#include "hrcore/check.h"

#include <map>
#include <set>

#include "ddbemu/paginate.h"
#include "employee_shape.h"
#include "hrcore/keys.h"
#include "hrcore/ulid.h"
#include "item_codec.h"

namespace hrcore {
namespace {

using ddbemu::Item;

bool StartsWith(const std::string& s, std::string_view p) { return s.rfind(p, 0) == 0; }

}  // namespace

Result<CheckReport> CheckInvariants(ddbemu::Client& client, const std::string& table_name) {
  CheckReport report;
  std::vector<Item> orgs, depts, emps, rels, jobs, apps, uniques, refs;
  std::vector<Item> emps_v2, emp_refs;  // migration 3's shape and lookup items
  std::optional<Item> schema_item;
  auto scan = ddbemu::ScanItems(client, {.table_name = table_name, .consistent_read = true});
  for (Item item : scan) {  // a copy: the range's pages are its own
    ++report.items;
    std::string pk = GetOr<std::string>(item, keys::kPK), sk = GetOr<std::string>(item, keys::kSK);
    if (pk == keys::kMigrationPk) {  // migration records and the schema switch
      if (sk == keys::kSchemaSk) schema_item = item;
    } else if (StartsWith(pk, "ORG#") && StartsWith(sk, keys::kEmpPrefix) &&
               shape::IsNewShape(item))
      emps_v2.push_back(std::move(item));
    else if (StartsWith(pk, "ORG#") && StartsWith(sk, keys::kEmpRefPrefix))
      emp_refs.push_back(std::move(item));
    else if (StartsWith(pk, "ORG#") && sk == keys::kOrgMetaSk)
      orgs.push_back(std::move(item));
    else if (StartsWith(pk, "ORG#") && StartsWith(sk, keys::kDeptPrefix))
      depts.push_back(std::move(item));
    else if (StartsWith(pk, "ORG#") && StartsWith(sk, keys::kEmpPrefix))
      emps.push_back(std::move(item));
    else if (StartsWith(pk, "ORG#") && StartsWith(sk, keys::kJobPrefix))
      jobs.push_back(std::move(item));
    else if (StartsWith(pk, keys::kDeptPrefix) && StartsWith(sk, keys::kEmpPrefix))
      rels.push_back(std::move(item));
    else if (StartsWith(pk, keys::kJobPrefix) && StartsWith(sk, keys::kAppPrefix))
      apps.push_back(std::move(item));
    else if (StartsWith(pk, keys::kJobPrefix) && sk == keys::kJobRefSk)
      refs.push_back(std::move(item));
    else if (StartsWith(pk, "EMAIL#") && sk == keys::kUniqueSk)
      uniques.push_back(std::move(item));
    else
      report.violations.push_back({"unknown-item", pk + " / " + sk});
  }
  if (!scan.status().ok()) return Error::Backend(scan.status().error());
  // The invariants hold on the shape reads come from (schema_state.h); `migrate verify`
  // compares the two shapes while both exist.
  const SchemaState schema = SchemaStateFrom(schema_item ? &*schema_item : nullptr);
  if (ReadsNewShape(schema.employee_keys)) {
    std::map<std::pair<std::string, std::string>, std::string> ref_last;
    for (const Item& r : emp_refs)
      ref_last[{GetOr<std::string>(r, "orgId"), GetOr<std::string>(r, "empId")}] =
          GetOr<std::string>(r, "lastName");
    for (const Item& e : emps_v2) {
      auto it = ref_last.find({GetOr<std::string>(e, "orgId"), GetOr<std::string>(e, "empId")});
      if (it == ref_last.end() || it->second != GetOr<std::string>(e, "lastName") ||
          GetOr<std::string>(e, keys::kSK) !=
              keys::EmpSkV2(GetOr<std::string>(e, "lastName"), GetOr<std::string>(e, "empId")))
        report.violations.push_back({"employee-ref", "employee " + GetOr<std::string>(e, "empId") +
                                                         " has no matching EMPREF# item"});
    }
    emps = std::move(emps_v2);
  }
  report.organisations = static_cast<std::int64_t>(orgs.size());
  report.departments = static_cast<std::int64_t>(depts.size());
  report.employees = static_cast<std::int64_t>(emps.size());
  report.relationships = static_cast<std::int64_t>(rels.size());
  report.jobs = static_cast<std::int64_t>(jobs.size());
  report.applications = static_cast<std::int64_t>(apps.size());
  auto add = [&](std::string rule, std::string detail) {
    report.violations.push_back({std::move(rule), std::move(detail)});
  };

  // Employees by (org, emp).
  std::map<std::pair<std::string, std::string>, const Item*> employee;
  for (const Item& e : emps)
    employee[{GetOr<std::string>(e, "orgId"), GetOr<std::string>(e, "empId")}] = &e;

  // Invariant 1: headcount == relationship items, and each relationship is consistent.
  std::map<std::string, std::int64_t> rel_count;  // deptId -> items
  for (const Item& r : rels) {
    std::string dept = GetOr<std::string>(r, keys::kPK).substr(keys::kDeptPrefix.size());
    std::string emp = GetOr<std::string>(r, keys::kSK).substr(keys::kEmpPrefix.size());
    ++rel_count[dept];
    auto it = employee.find({GetOr<std::string>(r, "orgId"), emp});
    if (it == employee.end()) {
      add("relationship", "DEPT#" + dept + "/EMP#" + emp + " names no employee of org " +
                              GetOr<std::string>(r, "orgId"));
    } else if (GetOr<std::string>(*it->second, "status") != "active" ||
               GetOr<std::string>(*it->second, "departmentId") != dept) {
      add("relationship", "DEPT#" + dept + "/EMP#" + emp + " but the employee is " +
                              GetOr<std::string>(*it->second, "status") + " in department '" +
                              GetOr<std::string>(*it->second, "departmentId") + "'");
    }
  }
  std::set<std::string> dept_ids;
  for (const Item& d : depts) {
    std::string id = GetOr<std::string>(d, "deptId");
    dept_ids.insert(id);
    std::int64_t headcount = GetOr<std::int64_t>(d, "headcount");
    if (headcount != rel_count[id]) {
      add("headcount", "department " + id + " of org " + GetOr<std::string>(d, "orgId") +
                           ": headcount " + std::to_string(headcount) + " but " +
                           std::to_string(rel_count[id]) + " relationship items");
    }
  }
  for (const auto& [dept, n] : rel_count) {
    if (!dept_ids.count(dept))
      add("relationship",
          std::to_string(n) + " items under DEPT#" + dept + ", which does not exist");
  }

  // Invariant 2: one constraint item per active employee.
  std::map<std::string, const Item*> unique_by_email;
  for (const Item& u : uniques) unique_by_email[GetOr<std::string>(u, keys::kPK).substr(6)] = &u;
  for (const Item& e : emps) {
    std::string id = GetOr<std::string>(e, "empId"), email = GetOr<std::string>(e, "email");
    bool active = GetOr<std::string>(e, "status") == "active";
    if (!ValidateUlid(id, "empId").ok()) add("ulid", "employee id " + id);
    if (active) {
      auto it = unique_by_email.find(email);
      if (it == unique_by_email.end()) {
        add("email-constraint", "active employee " + id + " has no EMAIL#" + email + " item");
      } else if (GetOr<std::string>(*it->second, "empId") != id) {
        add("email-constraint", "EMAIL#" + email + " belongs to " +
                                    GetOr<std::string>(*it->second, "empId") + ", not " + id);
      }
      if (GetOr<std::string>(e, keys::kGsi1Pk) != keys::EmailGsiPk(email))
        add("email-gsi", "active employee " + id + " is not in GSI1 by email");
    } else if (!active && e.count(std::string(keys::kGsi1Pk))) {
      add("email-gsi", "inactive employee " + id + " is still in GSI1");
    }
  }
  for (const auto& [email, u] : unique_by_email) {
    auto it = employee.find({GetOr<std::string>(*u, "orgId"), GetOr<std::string>(*u, "empId")});
    if (it == employee.end() || GetOr<std::string>(*it->second, "status") != "active" ||
        GetOr<std::string>(*it->second, "email") != email) {
      add("email-constraint", "EMAIL#" + email + " names no active employee with that email");
    }
  }

  // Invariant 4: GSI1 holds exactly the open jobs; every job has its lookup item.
  std::map<std::string, const Item*> ref_by_job;
  for (const Item& r : refs) ref_by_job[GetOr<std::string>(r, "jobId")] = &r;
  for (const Item& j : jobs) {
    std::string id = GetOr<std::string>(j, "jobId"), status = GetOr<std::string>(j, "status"),
                org = GetOr<std::string>(j, "orgId");
    bool open = status == "open";
    bool indexed = j.count(std::string(keys::kGsi1Pk)) > 0;
    if (open && GetOr<std::string>(j, keys::kGsi1Pk) != keys::OpenJobsGsiPk(org))
      add("open-jobs-gsi", "open job " + id + " is not in GSI1");
    if (!open && indexed) add("open-jobs-gsi", status + " job " + id + " is still in GSI1");
    if (status != "draft" && status != "open" && status != "closed")
      add("status", "job " + id + " has status '" + status + "'");
    auto ref = ref_by_job.find(id);
    if (ref == ref_by_job.end() || GetOr<std::string>(*ref->second, "orgId") != org ||
        GetOr<std::string>(*ref->second, "postedAt") != GetOr<std::string>(j, "postedAt")) {
      add("job-ref", "job " + id + " has no matching JOB#" + id + "/#META item");
    }
  }
  for (const Item& a : apps) {
    std::string status = GetOr<std::string>(a, "status");
    if (status != "applied" && status != "reviewing" && status != "accepted" &&
        status != "rejected") {
      add("status",
          "application " + GetOr<std::string>(a, "appId") + " has status '" + status + "'");
    }
  }
  return report;
}

}  // namespace hrcore
