// Every key template of the single-table design, in one place (docs/hr-schema.md "One table"), with
// the attribute names and the ElectroDB identifiers the review's entities use, so that hrcore
// and a TypeScript service on ElectroDB read and write the same items.
//
//   Organisation    ORG#<orgId>          #METADATA
//   Department      ORG#<orgId>          DEPT#<deptId>
//   Employee        ORG#<orgId>          EMP#<empId>          GSI1 EMAIL#<email> / EMP#<empId>
//   DeptEmployee    DEPT#<deptId>        EMP#<empId>
//   JobPosting      ORG#<orgId>          JOB#<postedAt>#<jobId>
//                                         GSI1 ORG#<orgId>#OPEN / JOB#<postedAt>#<jobId>, open only
//   Application     JOB#<jobId>          APP#<submittedAt>#<appId>  GSI1 EMP#<empId> / APP#...
//   EmailUnique     EMAIL#<email>        #UNIQUE   (constraint item: email unique across orgs)
//   JobRef          JOB#<jobId>          #META     (AP9 by jobId alone: orgId and postedAt)
#pragma once

#include <string>
#include <string_view>

namespace hrcore::keys {

// Attribute names.
inline constexpr std::string_view kPK = "PK";
inline constexpr std::string_view kSK = "SK";
inline constexpr std::string_view kGsi1Pk = "GSI1PK";
inline constexpr std::string_view kGsi1Sk = "GSI1SK";
inline constexpr std::string_view kGsi1 = "GSI1";  // the index name
inline constexpr std::string_view kType = "type";  // org, dept, emp, dept_emp, job, app, ...
// ElectroDB's entity identifiers: ElectroDB ignores items whose __edb_e__/__edb_v__ do not
// name its entity, so hrcore writes them as the review's model {entity, version: '1'}.
inline constexpr std::string_view kEdbEntity = "__edb_e__";
inline constexpr std::string_view kEdbVersion = "__edb_v__";
inline constexpr std::string_view kEdbModelVersion = "1";
inline constexpr std::string_view kService = "acme-hr";

// Entity names (ElectroDB model.entity) and `type` values.
inline constexpr std::string_view kOrgEntity = "org";
inline constexpr std::string_view kDeptEntity = "department";
inline constexpr std::string_view kEmpEntity = "employee";
inline constexpr std::string_view kJobEntity = "job";
inline constexpr std::string_view kAppEntity = "application";
// Not in the review's code (its text names the items): our ElectroDB names for them.
inline constexpr std::string_view kDeptEmpEntity = "deptEmployee";
inline constexpr std::string_view kEmailUniqueEntity = "emailUnique";
inline constexpr std::string_view kJobRefEntity = "jobRef";
inline constexpr std::string_view kOrgType = "org";
inline constexpr std::string_view kDeptType = "dept";
inline constexpr std::string_view kEmpType = "emp";
inline constexpr std::string_view kDeptEmpType = "dept_emp";
inline constexpr std::string_view kJobType = "job";
inline constexpr std::string_view kAppType = "app";
inline constexpr std::string_view kEmailUniqueType = "email_unique";
inline constexpr std::string_view kJobRefType = "job_ref";

// Sort-key prefixes for the begins_with of the list patterns.
inline constexpr std::string_view kDeptPrefix = "DEPT#";
inline constexpr std::string_view kEmpPrefix = "EMP#";
inline constexpr std::string_view kJobPrefix = "JOB#";
inline constexpr std::string_view kAppPrefix = "APP#";
inline constexpr std::string_view kOrgMetaSk = "#METADATA";
inline constexpr std::string_view kUniqueSk = "#UNIQUE";
inline constexpr std::string_view kJobRefSk = "#META";

inline std::string Cat(std::string_view a, std::string_view b) {
  std::string s;
  s.reserve(a.size() + b.size());
  s.append(a).append(b);
  return s;
}

inline std::string OrgPk(std::string_view org) { return Cat("ORG#", org); }
inline std::string DeptSk(std::string_view dept) { return Cat(kDeptPrefix, dept); }
inline std::string EmpSk(std::string_view emp) { return Cat(kEmpPrefix, emp); }
inline std::string DeptPk(std::string_view dept) { return Cat(kDeptPrefix, dept); }
inline std::string JobSk(std::string_view posted_at, std::string_view job) {
  return Cat(kJobPrefix, posted_at) + "#" + std::string(job);
}
inline std::string JobPk(std::string_view job) { return Cat(kJobPrefix, job); }
inline std::string AppSk(std::string_view submitted_at, std::string_view app) {
  return Cat(kAppPrefix, submitted_at) + "#" + std::string(app);
}
inline std::string EmailGsiPk(std::string_view email) { return Cat("EMAIL#", email); }
inline std::string EmpGsiPk(std::string_view emp) { return Cat("EMP#", emp); }
inline std::string OpenJobsGsiPk(std::string_view org) { return OrgPk(org) + "#OPEN"; }
inline std::string EmailUniquePk(std::string_view email) { return Cat("EMAIL#", email); }

// ---- Schema migrations (hrcore/migrations.h).
// The migration records and the schema switch live under one partition, `#MIGRATION`: no
// access pattern queries it (they list ORG#, DEPT#, JOB# partitions and GSI1's EMAIL#, EMP#,
// ORG#..#OPEN keys) and its items carry no GSI key, so no index sees them either.
inline constexpr std::string_view kMigrationPk = "#MIGRATION";
inline constexpr std::string_view kSchemaSk = "#SCHEMA";  // the switch HrService reads
// The re-keyed Employee (migration 3): ORG#<orgId> / EMP#<lastName>#<empId>, marked with
// keyVersion = 2 so that a Query over EMP# can tell the two shapes apart while both exist (a
// FilterExpression cannot name the sort key), and its lookup item ORG#<orgId> /
// EMPREF#<empId> {lastName} for AP2 by empId alone, as JOB#<jobId>/#META serves AP9.
inline constexpr std::string_view kKeyVersion = "keyVersion";
inline constexpr std::string_view kEmpRefPrefix = "EMPREF#";  // does not begin with "EMP#"
inline constexpr std::string_view kEmpRefType = "emp_ref";
inline std::string EmpSkV2(std::string_view last_name, std::string_view emp) {
  return Cat(kEmpPrefix, last_name) + "#" + std::string(emp);
}
inline std::string EmpRefSk(std::string_view emp) { return Cat(kEmpRefPrefix, emp); }
// GSI2 (migration 2): employees by status within an org. Sparse: employees only.
inline constexpr std::string_view kGsi2 = "GSI2";
inline constexpr std::string_view kGsi2Pk = "GSI2PK";
inline constexpr std::string_view kGsi2Sk = "GSI2SK";
inline std::string StatusGsiPk(std::string_view org) { return OrgPk(org) + "#EMPLOYEES"; }
inline std::string StatusGsiSk(std::string_view status, std::string_view emp) {
  return std::string(status) + "#" + std::string(emp);
}

}  // namespace hrcore::keys
