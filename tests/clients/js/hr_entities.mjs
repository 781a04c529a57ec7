// The schema review's ElectroDB entities (model names org, employee, department, job,
// application; version '1'; service 'acme-hr'), as a TypeScript service on ElectroDB would
// declare them to share one table with hrcore. Two changes make the review's code do what its
// text says:
//  - casing: "none" on every key. ElectroDB lower-cases key values by default, so the review's
//    code as printed writes "org#01hx…"/"#metadata", not the ORG#<orgId>/#METADATA of its
//    table design (and of hrcore).
//  - JobPosting's open-jobs index uses ElectroDB's index `condition` (status === "open"). The
//    review's computed `gsi1pk` attribute cannot make the index sparse: the index's own
//    composite always writes GSI1PK. With the condition, ElectroDB writes GSI1PK/GSI1SK only
//    for open jobs and REMOVEs them when a job leaves "open".
// Three entities the review names in its text but not in its code: the DeptEmployee
// relationship item (AP7), the email constraint item and the JOB#<jobId>/#META lookup (AP9).
import { Entity, Service } from "electrodb";

const none = (field, composite, template) => ({ field, composite, template, casing: "none" });
const iso = () => new Date().toISOString();

export function hrEntities(client, table) {
  const config = { table, client };
  const Organisation = new Entity({
    model: { entity: "org", version: "1", service: "acme-hr" },
    attributes: {
      orgId: { type: "string", required: true },
      name: { type: "string", required: true },
      plan: { type: ["free", "pro", "enterprise"], required: true },
      status: { type: ["active", "suspended"], default: "active" },
      createdAt: { type: "string", readOnly: true, default: iso },
    },
    indexes: { byOrg: { pk: none("PK", ["orgId"], "ORG#${orgId}"), sk: none("SK", [], "#METADATA") } },
  }, config);
  const Employee = new Entity({
    model: { entity: "employee", version: "1", service: "acme-hr" },
    attributes: {
      empId: { type: "string", required: true },
      orgId: { type: "string", required: true },
      email: { type: "string", required: true },
      firstName: { type: "string", required: true },
      lastName: { type: "string", required: true },
      departmentId: { type: "string" },
      role: { type: ["admin", "manager", "employee"], default: "employee" },
      status: { type: ["active", "inactive"], default: "active" },
      hiredAt: { type: "string", readOnly: true, default: iso },
      terminatedAt: { type: "string" },
    },
    indexes: {
      byOrg: { pk: none("PK", ["orgId"], "ORG#${orgId}"), sk: none("SK", ["empId"], "EMP#${empId}") },
      byEmail: { index: "GSI1", pk: none("GSI1PK", ["email"], "EMAIL#${email}"),
        sk: none("GSI1SK", ["empId"], "EMP#${empId}") },
    },
  }, config);
  const Department = new Entity({
    model: { entity: "department", version: "1", service: "acme-hr" },
    attributes: {
      deptId: { type: "string", required: true },
      orgId: { type: "string", required: true },
      name: { type: "string", required: true },
      managerId: { type: "string" },
      headcount: { type: "number", default: 0 },
    },
    indexes: { byOrg: { pk: none("PK", ["orgId"], "ORG#${orgId}"), sk: none("SK", ["deptId"], "DEPT#${deptId}") } },
  }, config);
  const JobPosting = new Entity({
    model: { entity: "job", version: "1", service: "acme-hr" },
    attributes: {
      jobId: { type: "string", required: true },
      orgId: { type: "string", required: true },
      departmentId: { type: "string" },
      title: { type: "string", required: true },
      status: { type: ["draft", "open", "closed"], default: "draft" },
      postedAt: { type: "string" },
      closedAt: { type: "string" },
    },
    indexes: {
      byOrg: { pk: none("PK", ["orgId"], "ORG#${orgId}"),
        sk: none("SK", ["postedAt", "jobId"], "JOB#${postedAt}#${jobId}") },
      openByOrg: { index: "GSI1", condition: (attr) => attr.status === "open",
        pk: none("GSI1PK", ["orgId"], "ORG#${orgId}#OPEN"),
        sk: none("GSI1SK", ["postedAt", "jobId"], "JOB#${postedAt}#${jobId}") },
    },
  }, config);
  const Application = new Entity({
    model: { entity: "application", version: "1", service: "acme-hr" },
    attributes: {
      appId: { type: "string", required: true },
      jobId: { type: "string", required: true },
      empId: { type: "string", required: true },
      status: { type: ["applied", "reviewing", "rejected", "accepted"], default: "applied" },
      submittedAt: { type: "string", readOnly: true, default: iso },
    },
    indexes: {
      byJob: { pk: none("PK", ["jobId"], "JOB#${jobId}"),
        sk: none("SK", ["submittedAt", "appId"], "APP#${submittedAt}#${appId}") },
      byEmployee: { index: "GSI1", pk: none("GSI1PK", ["empId"], "EMP#${empId}"),
        sk: none("GSI1SK", ["submittedAt", "appId"], "APP#${submittedAt}#${appId}") },
    },
  }, config);
  const DeptEmployee = new Entity({
    model: { entity: "deptEmployee", version: "1", service: "acme-hr" },
    attributes: {
      deptId: { type: "string", required: true },
      empId: { type: "string", required: true },
      orgId: { type: "string", required: true },
    },
    indexes: { byDept: { pk: none("PK", ["deptId"], "DEPT#${deptId}"), sk: none("SK", ["empId"], "EMP#${empId}") } },
  }, config);
  const EmailUnique = new Entity({
    model: { entity: "emailUnique", version: "1", service: "acme-hr" },
    attributes: {
      email: { type: "string", required: true },
      orgId: { type: "string", required: true },
      empId: { type: "string", required: true },
    },
    indexes: { byEmail: { pk: none("PK", ["email"], "EMAIL#${email}"), sk: none("SK", [], "#UNIQUE") } },
  }, config);
  const JobRef = new Entity({
    model: { entity: "jobRef", version: "1", service: "acme-hr" },
    attributes: {
      jobId: { type: "string", required: true },
      orgId: { type: "string", required: true },
      postedAt: { type: "string", required: true },
    },
    indexes: { byJob: { pk: none("PK", ["jobId"], "JOB#${jobId}"), sk: none("SK", [], "#META") } },
  }, config);
  const entities = { Organisation, Employee, Department, JobPosting, Application, DeptEmployee,
    EmailUnique, JobRef };
  const service = new Service({ org: Organisation, employee: Employee, department: Department,
    job: JobPosting, application: Application, deptEmployee: DeptEmployee,
    emailUnique: EmailUnique, jobRef: JobRef }, config);
  return { ...entities, service };
}
