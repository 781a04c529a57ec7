#include "operation_table.h"

#include <algorithm>
#include <array>

#include "handlers.h"
#include "handlers_backups.h"
#include "handlers_control.h"
#include "handlers_tags.h"

namespace ddbemu {
namespace {

// Sorted by name for binary search.
constexpr std::array kOperations = {
    OperationEntry{"BatchGetItem", &handlers::BatchGetItem},
    OperationEntry{"BatchWriteItem", &handlers::BatchWriteItem},
    OperationEntry{"CreateBackup", &handlers::CreateBackup},
    OperationEntry{"CreateTable", &handlers::CreateTable},
    OperationEntry{"DeleteBackup", &handlers::DeleteBackup},
    OperationEntry{"DeleteItem", &handlers::DeleteItem},
    OperationEntry{"DeleteTable", &handlers::DeleteTable},
    OperationEntry{"DescribeBackup", &handlers::DescribeBackup},
    OperationEntry{"DescribeContinuousBackups", &handlers::DescribeContinuousBackups},
    OperationEntry{"DescribeContributorInsights", &handlers::DescribeContributorInsights},
    OperationEntry{"DescribeEndpoints", &handlers::DescribeEndpoints},
    OperationEntry{"DescribeLimits", &handlers::DescribeLimits},
    OperationEntry{"DescribeTable", &handlers::DescribeTable},
    OperationEntry{"GetItem", &handlers::GetItem},
    OperationEntry{"ListBackups", &handlers::ListBackups},
    OperationEntry{"ListContributorInsights", &handlers::ListContributorInsights},
    OperationEntry{"ListTables", &handlers::ListTables},
    OperationEntry{"ListTagsOfResource", &handlers::ListTagsOfResource},
    OperationEntry{"PutItem", &handlers::PutItem},
    OperationEntry{"Query", &handlers::Query},
    OperationEntry{"RestoreTableFromBackup", &handlers::RestoreTableFromBackup},
    OperationEntry{"Scan", &handlers::Scan},
    OperationEntry{"TagResource", &handlers::TagResource},
    OperationEntry{"TransactGetItems", &handlers::TransactGetItems},
    OperationEntry{"TransactWriteItems", &handlers::TransactWriteItems},
    OperationEntry{"UntagResource", &handlers::UntagResource},
    OperationEntry{"UpdateContinuousBackups", &handlers::UpdateContinuousBackups},
    OperationEntry{"UpdateContributorInsights", &handlers::UpdateContributorInsights},
    OperationEntry{"UpdateItem", &handlers::UpdateItem},
    OperationEntry{"UpdateTable", &handlers::UpdateTable},
};

}  // namespace

const OperationEntry* FindOperation(std::string_view name) {
  auto it = std::lower_bound(kOperations.begin(), kOperations.end(), name,
                             [](const OperationEntry& e, std::string_view n) { return e.name < n; });
  if (it == kOperations.end() || it->name != name) return nullptr;
  return &*it;
}

}  // namespace ddbemu
