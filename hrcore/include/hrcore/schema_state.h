// The schema switch: which shape of the HR items hrcore writes and reads, kept in the table
// itself (#MIGRATION / #SCHEMA) so that every process serving the table follows the same
// version. The migrations (hrcore/migrations.h) move it; HrService reads it (cached for
// ServiceOptions::schema_refresh_ms) and, while two Employee shapes coexist, conditions every
// employee write on it, so that no write made under an old mode can commit after a switch.
#pragma once

#include <optional>
#include <string_view>

#include "ddbemu/attribute_value.h"

namespace hrcore {

// The Employee key of migration 3 (`employee-rekey`), step by step:
//   kV1          ORG#<org> / EMP#<empId> only (the review's design).
//   kDualReadOld both shapes written in one transaction, reads from EMP#<empId>.
//   kDualReadNew both shapes written, reads from EMP#<lastName>#<empId> (the cut-over).
//   kV2          only EMP#<lastName>#<empId> (and its EMPREF# lookup item) is written and read.
enum class EmployeeKeyMode { kV1, kDualReadOld, kDualReadNew, kV2 };

std::string_view ToString(EmployeeKeyMode mode);
std::optional<EmployeeKeyMode> ParseEmployeeKeyMode(std::string_view s);

inline bool ReadsNewShape(EmployeeKeyMode m) {
  return m == EmployeeKeyMode::kDualReadNew || m == EmployeeKeyMode::kV2;
}
inline bool WritesOldShape(EmployeeKeyMode m) { return m != EmployeeKeyMode::kV2; }
inline bool WritesNewShape(EmployeeKeyMode m) { return m != EmployeeKeyMode::kV1; }
inline bool IsDual(EmployeeKeyMode m) {
  return m == EmployeeKeyMode::kDualReadOld || m == EmployeeKeyMode::kDualReadNew;
}

struct SchemaState {
  EmployeeKeyMode employee_keys = EmployeeKeyMode::kV1;
  // Migration 2 (`employee-status-index`): employee writes carry GSI2PK/GSI2SK.
  bool status_index = false;
};

// The #MIGRATION / #SCHEMA key, and the state an item (or its absence: the review's schema)
// describes.
ddbemu::Item SchemaStateKey();
SchemaState SchemaStateFrom(const ddbemu::Item* item);

}  // namespace hrcore
