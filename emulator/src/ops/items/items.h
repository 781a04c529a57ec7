// The single-item operations: PutItem, GetItem, DeleteItem, UpdateItem. Each runs in one LMDB
// transaction (a write transaction for writes, covering the item and every index entry).
#pragma once

#include "api/item_requests.h"
#include "ddbemu/error.h"
#include "ops/engine.h"

namespace ddbemu::ops {

Result<api::ItemResponse> PutItem(Engine& engine, const Caller& caller,
                                  const api::PutItemRequest& request);
Result<api::ItemResponse> GetItem(Engine& engine, const Caller& caller,
                                  const api::GetItemRequest& request);
Result<api::ItemResponse> DeleteItem(Engine& engine, const Caller& caller,
                                     const api::DeleteItemRequest& request);
Result<api::ItemResponse> UpdateItem(Engine& engine, const Caller& caller,
                                     const api::UpdateItemRequest& request);

}  // namespace ddbemu::ops
