// Entity <-> stored item. The only place that knows which attributes each item carries, so
// that the key strings, attribute names and ElectroDB identifiers stay those of keys.h.
// Decoding tolerates what ElectroDB writes (no `type`, no `version`) so that items written by
// the review's TypeScript entities read back here.
#pragma once

#include <string>
#include <string_view>

#include "ddbemu/attribute_value.h"
#include "ddbemu/document.h"  // GetOr: the attributes an entity is read from
#include "hrcore/entities.h"
#include "hrcore/errors.h"

namespace hrcore::codec {

// A primary key {PK, SK}.
ddbemu::Item Key(std::string pk, std::string sk);

ddbemu::Item ToItem(const Organisation& org);
ddbemu::Item ToItem(const Department& dept);
ddbemu::Item ToItem(const Employee& emp);  // with GSI1 EMAIL#/EMP# while active
ddbemu::Item ToItem(const DeptEmployee& rel);
ddbemu::Item ToItem(const JobPosting& job);  // with GSI1 ORG#..#OPEN only while open
ddbemu::Item ToItem(const Application& app);
ddbemu::Item EmailUniqueItem(std::string_view email, std::string_view org_id,
                             std::string_view emp_id);
ddbemu::Item JobRefItem(const JobPosting& job);

Result<Organisation> OrganisationFrom(const ddbemu::Item& item);
Result<Department> DepartmentFrom(const ddbemu::Item& item);
Result<Employee> EmployeeFrom(const ddbemu::Item& item);
Result<DeptEmployee> DeptEmployeeFrom(const ddbemu::Item& item);
Result<JobPosting> JobPostingFrom(const ddbemu::Item& item);
Result<Application> ApplicationFrom(const ddbemu::Item& item);

}  // namespace hrcore::codec
