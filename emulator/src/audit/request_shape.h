// From a typed request and its outcome to the audit's Observation (access_audit.h): the
// request's shape with its expressions normalised, and what it read, returned, wrote and
// consumed. One Observe overload per audited operation; audit_probe.h calls them. Single-item
// operations and Query/Scan are in request_shape.cc, the batches and transactions in
// batch_shape.cc, the PartiQL operations in partiql_shape.cc.
#pragma once

#include <map>
#include <string>
#include <string_view>

#include "api/batch_requests.h"
#include "api/item_requests.h"
#include "api/partiql_requests.h"
#include "api/read_requests.h"
#include "api/transact_requests.h"
#include "api/vector_requests.h"
#include "audit/access_audit.h"
#include "audit/raw_shape.h"
#include "ddbemu/error.h"
#include "ddbemu/version.h"
#include "ops/engine.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::audit {

// `expression` with `#name` placeholders replaced by the names they stand for, `:value`
// placeholders by `?` and runs of blanks by one space (raw_shape.h).
template <class Names>
std::string NormalizeExpression(std::string_view expression, const Names& names) {
  std::string out;
  AppendNormalized(expression, names, out);
  return out;
}

void Observe(AccessAudit& audit, ops::Engine& engine, const ops::Caller& caller,
             const api::GetItemRequest& request, const Result<api::ItemResponse>& response);
void Observe(AccessAudit& audit, ops::Engine& engine, const ops::Caller& caller,
             const api::PutItemRequest& request, const Result<api::ItemResponse>& response);
void Observe(AccessAudit& audit, ops::Engine& engine, const ops::Caller& caller,
             const api::UpdateItemRequest& request, const Result<api::ItemResponse>& response);
void Observe(AccessAudit& audit, ops::Engine& engine, const ops::Caller& caller,
             const api::DeleteItemRequest& request, const Result<api::ItemResponse>& response);
void Observe(AccessAudit& audit, ops::Engine& engine, const ops::Caller& caller,
             const api::QueryRequest& request, const Result<api::ReadResponse>& response);
void Observe(AccessAudit& audit, ops::Engine& engine, const ops::Caller& caller,
             const api::ScanRequest& request, const Result<api::ReadResponse>& response);
// SearchVectors: its SearchConditionExpression as the key condition, TopK as the Limit, the
// vectors it compared as the items read.
void Observe(AccessAudit& audit, ops::Engine& engine, const ops::Caller& caller,
             const api::SearchVectorsRequest& request,
             const Result<api::SearchVectorsResult>& response);

// Each item of a batch or transaction is observed as its own request ("TransactWriteItems:Put",
// "BatchGetItem:Get"), with its share of its table's ConsumedCapacity; an item the batch left
// unprocessed counts as throttled.
void Observe(AccessAudit& audit, ops::Engine& engine, const ops::Caller& caller,
             const api::BatchGetItemRequest& request,
             const Result<api::BatchGetItemResponse>& response);
void Observe(AccessAudit& audit, ops::Engine& engine, const ops::Caller& caller,
             const api::BatchWriteItemRequest& request,
             const Result<api::BatchWriteItemResponse>& response);
void Observe(AccessAudit& audit, ops::Engine& engine, const ops::Caller& caller,
             const api::TransactGetItemsRequest& request,
             const Result<api::TransactGetItemsResponse>& response);
void Observe(AccessAudit& audit, ops::Engine& engine, const ops::Caller& caller,
             const api::TransactWriteItemsRequest& request,
             const Result<api::TransactWriteItemsResponse>& response);

// PartiQL: each statement is observed as the operation it runs as ("ExecuteStatement:Scan",
// "ExecuteStatement:Query", "ExecuteStatement:Get", "BatchExecuteStatement:Put",
// "ExecuteTransaction:Update"...), its key condition and filter taken from its WHERE.
void Observe(AccessAudit& audit, ops::Engine& engine, const ops::Caller& caller,
             const api::ExecuteStatementRequest& request,
             const Result<api::ExecuteStatementResponse>& response);
void Observe(AccessAudit& audit, ops::Engine& engine, const ops::Caller& caller,
             const api::BatchExecuteStatementRequest& request,
             const Result<api::BatchExecuteStatementResponse>& response);
void Observe(AccessAudit& audit, ops::Engine& engine, const ops::Caller& caller,
             const api::ExecuteTransactionRequest& request,
             const Result<api::ExecuteTransactionResponse>& response);

// Whether requests of this type are observed (audit_probe.h asks for their capacity).
template <class Request>
inline constexpr bool kObserved = false;
template <>
inline constexpr bool kObserved<api::GetItemRequest> = true;
template <>
inline constexpr bool kObserved<api::PutItemRequest> = true;
template <>
inline constexpr bool kObserved<api::UpdateItemRequest> = true;
template <>
inline constexpr bool kObserved<api::DeleteItemRequest> = true;
template <>
inline constexpr bool kObserved<api::QueryRequest> = true;
template <>
inline constexpr bool kObserved<api::ScanRequest> = true;
template <>
inline constexpr bool kObserved<api::BatchGetItemRequest> = true;
template <>
inline constexpr bool kObserved<api::BatchWriteItemRequest> = true;
template <>
inline constexpr bool kObserved<api::TransactGetItemsRequest> = true;
template <>
inline constexpr bool kObserved<api::TransactWriteItemsRequest> = true;
template <>
inline constexpr bool kObserved<api::ExecuteStatementRequest> = true;
template <>
inline constexpr bool kObserved<api::BatchExecuteStatementRequest> = true;
template <>
inline constexpr bool kObserved<api::ExecuteTransactionRequest> = true;
template <>
inline constexpr bool kObserved<api::SearchVectorsRequest> = true;

// The observed requests that only read (their capacity is read units, no item size needed).
template <class Request>
inline constexpr bool kReadOnly = false;
template <>
inline constexpr bool kReadOnly<api::GetItemRequest> = true;
template <>
inline constexpr bool kReadOnly<api::QueryRequest> = true;
template <>
inline constexpr bool kReadOnly<api::ScanRequest> = true;
template <>
inline constexpr bool kReadOnly<api::BatchGetItemRequest> = true;
template <>
inline constexpr bool kReadOnly<api::TransactGetItemsRequest> = true;
template <>
inline constexpr bool kReadOnly<api::SearchVectorsRequest> = true;

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::audit
