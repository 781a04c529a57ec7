#include "operation_table.h"

#include <algorithm>
#include <array>

#include "handlers.h"

namespace ddbemu {
namespace {

// Sorted by name for binary search.
constexpr std::array kOperations = {
    OperationEntry{"BatchExecuteStatement", &handlers::BatchExecuteStatement},
    OperationEntry{"BatchGetItem", &handlers::BatchGetItem},
    OperationEntry{"BatchWriteItem", &handlers::BatchWriteItem},
    OperationEntry{"CreateTable", &handlers::CreateTable},
    OperationEntry{"DeleteItem", &handlers::DeleteItem},
    OperationEntry{"DeleteTable", &handlers::DeleteTable},
    OperationEntry{"DescribeTable", &handlers::DescribeTable},
    OperationEntry{"ExecuteStatement", &handlers::ExecuteStatement},
    OperationEntry{"ExecuteTransaction", &handlers::ExecuteTransaction},
    OperationEntry{"GetItem", &handlers::GetItem},
    OperationEntry{"ListTables", &handlers::ListTables},
    OperationEntry{"PutItem", &handlers::PutItem},
    OperationEntry{"Query", &handlers::Query},
    OperationEntry{"Scan", &handlers::Scan},
    OperationEntry{"TransactGetItems", &handlers::TransactGetItems},
    OperationEntry{"TransactWriteItems", &handlers::TransactWriteItems},
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
