// The two stored shapes of an Employee while migration 3 (`employee-rekey`) runs, and the
// items that go with them (see schema_state.h for the modes):
//   old  ORG#<orgId> / EMP#<empId>                     (the review's key; AP3 in hire order)
//   new  ORG#<orgId> / EMP#<lastName>#<empId>, keyVersion = 2   (AP3 sorted by last name)
//        + ORG#<orgId> / EMPREF#<empId> {lastName}      (AP2 by empId alone)
// Both shapes carry the same attributes (GSI1 while active, GSI2 once the status index
// exists), so that either one answers every access pattern identically.
#pragma once

#include <string>

#include "ddbemu/attribute_value.h"
#include "hrcore/entities.h"
#include "hrcore/schema_state.h"

namespace hrcore::shape {

ddbemu::Item OldKey(const std::string& org, const std::string& emp);
ddbemu::Item NewKey(const std::string& org, const std::string& last_name, const std::string& emp);
ddbemu::Item RefKey(const std::string& org, const std::string& emp);

ddbemu::Item OldItem(const Employee& e, bool status_index);
ddbemu::Item NewItem(const Employee& e, bool status_index);
ddbemu::Item RefItem(const Employee& e);

// Adds GSI2PK/GSI2SK (employees by status within an org).
void AddStatusIndex(ddbemu::Item& item, const Employee& e);

// True for the re-keyed shape (keyVersion = 2).
bool IsNewShape(const ddbemu::Item& item);

// The FilterExpression that keeps one shape of a Query over EMP# (names #kv, value :kv2), or
// "" in kV1, where only the old shape exists.
std::string ReadShapeFilter(EmployeeKeyMode mode);

// The attributes two shapes of one employee must agree on: all but PK, SK and keyVersion.
ddbemu::Item Comparable(const ddbemu::Item& item);

}  // namespace hrcore::shape
