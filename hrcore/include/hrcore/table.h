// The table definition (docs/hr-schema.md): string keys PK, SK; on-demand; one GSI `GSI1`
// (GSI1PK, GSI1SK, projection ALL) overloaded by three disjoint key shapes.
#pragma once

#include <string>

#include "ddbemu/client.h"
#include "hrcore/errors.h"

namespace hrcore {

// The review's table name for a stage: acme-hr-<stage>.
std::string TableNameForStage(const std::string& stage);

ddbemu::CreateTableRequest HrTableDefinition(const std::string& table_name);

// Creates the table; an existing table with that name is success when `if_missing`.
Status CreateHrTable(ddbemu::Client& client, const std::string& table_name, bool if_missing);

}  // namespace hrcore
