// BatchWriteItem and BatchGetItem for any number of requests, with UnprocessedItems and
// UnprocessedKeys sent again after a backoff until none remain, as the DynamoDB Developer Guide
// asks of batch callers ("If DynamoDB returns any unprocessed items, you should retry the batch
// operation on those items ... using exponential backoff").
//
//   ddbemu::BatchWriteItemRequest writes;
//   for (const Item& item : items)
//   writes.request_items["Music"].push_back(ddbemu::PutRequest{item}); auto written =
//   ddbemu::BatchWriteAll(client, std::move(writes)); if (!written.ok()) ... // a call failed
//   (validation, a missing table) if (!written->unprocessed_items.empty()) ...    // still
//   throttled after every attempt
//
// Requests go 25 writes (100 keys) to a call, tables in name order; the waits are the
// RetryPolicy's (ddbemu/retrying_client.h), one round of resending per attempt. A call that fails
// ends the helper with its error; what earlier calls wrote stays written, as with BatchWriteItem.
#pragma once

#include <cstddef>
#include <map>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "ddbemu/client.h"
#include "ddbemu/retrying_client.h"
#include "ddbemu/version.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE {
namespace batch_all_internal {

// `all` cut into requests of at most `per_call` entries, tables in name order.
template <class Entry>
std::vector<std::map<std::string, std::vector<Entry>>> Chunks(
    std::map<std::string, std::vector<Entry>> all, std::size_t per_call) {
  std::vector<std::map<std::string, std::vector<Entry>>> chunks;
  std::size_t in_last = per_call;
  for (auto& [table, entries] : all) {
    for (Entry& entry : entries) {
      if (in_last == per_call) {
        chunks.emplace_back();
        in_last = 0;
      }
      chunks.back()[table].push_back(std::move(entry));
      ++in_last;
    }
  }
  return chunks;
}

inline void Wait(const RetryPolicy& policy, int retry, std::mt19937_64& engine) {
  const double draw =
      policy.random ? policy.random() : std::uniform_real_distribution<double>(0.0, 1.0)(engine);
  const std::chrono::microseconds wait = RetryDelay(policy, retry, draw);
  if (policy.sleep) {
    policy.sleep(wait);
  } else {
    std::this_thread::sleep_for(wait);
  }
}

inline std::size_t KeyCount(const std::map<std::string, KeysAndAttributes>& keys) {
  std::size_t n = 0;
  for (const auto& [table, k] : keys) n += k.keys.size();
  return n;
}

}  // namespace batch_all_internal

// Every write of `request`; the response's unprocessed_items holds what was still unprocessed
// after policy.max_attempts attempts of its call (empty: everything was written), and
// consumed_capacity every call's.
inline Result<BatchWriteItemResponse> BatchWriteAll(Client& client, BatchWriteItemRequest request,
                                                    const RetryPolicy& policy = {}) {
  constexpr std::size_t kWritesPerCall = 25;
  std::mt19937_64 engine(std::random_device{}());
  BatchWriteItemResponse total;
  for (auto& chunk : batch_all_internal::Chunks(std::move(request.request_items), kWritesPerCall)) {
    BatchWriteItemRequest call;
    call.request_items = std::move(chunk);
    call.return_consumed_capacity = request.return_consumed_capacity;
    call.return_item_collection_metrics = request.return_item_collection_metrics;
    for (int attempt = 1;; ++attempt) {
      DDBEMU_ASSIGN_OR_RETURN(BatchWriteItemResponse answer, client.BatchWriteItem(call));
      for (auto& c : answer.consumed_capacity) total.consumed_capacity.push_back(std::move(c));
      for (auto& [table, metrics] : answer.item_collection_metrics) {
        for (auto& m : metrics) total.item_collection_metrics[table].push_back(std::move(m));
      }
      if (answer.unprocessed_items.empty()) break;
      if (attempt >= policy.max_attempts) {
        for (auto& [table, left] : answer.unprocessed_items) {
          for (auto& w : left) total.unprocessed_items[table].push_back(std::move(w));
        }
        break;
      }
      call.request_items = std::move(answer.unprocessed_items);
      batch_all_internal::Wait(policy, attempt, engine);
    }
  }
  return total;
}

// Every key of `request` (each table's projection and consistency kept); responses holds the
// items found per table, unprocessed_keys what was still unread after policy.max_attempts
// attempts of its call.
inline Result<BatchGetItemResponse> BatchGetAll(Client& client, BatchGetItemRequest request,
                                                const RetryPolicy& policy = {}) {
  constexpr std::size_t kKeysPerCall = 100;
  std::mt19937_64 engine(std::random_device{}());
  // Each table's settings, and its keys cut into calls of at most 100 keys in all.
  std::map<std::string, std::vector<Item>> keys;
  std::map<std::string, KeysAndAttributes> settings;
  for (auto& [table, k] : request.request_items) {
    keys[table] = std::move(k.keys);
    settings[table] = std::move(k);
  }
  BatchGetItemResponse total;
  for (auto& chunk : batch_all_internal::Chunks(std::move(keys), kKeysPerCall)) {
    BatchGetItemRequest call;
    call.return_consumed_capacity = request.return_consumed_capacity;
    for (auto& [table, table_keys] : chunk) {
      KeysAndAttributes k = settings[table];
      k.keys = std::move(table_keys);
      call.request_items[table] = std::move(k);
    }
    for (int attempt = 1;; ++attempt) {
      DDBEMU_ASSIGN_OR_RETURN(BatchGetItemResponse answer, client.BatchGetItem(call));
      for (auto& [table, items] : answer.responses) {
        auto& into = total.responses[table];
        for (auto& item : items) into.push_back(std::move(item));
      }
      for (auto& c : answer.consumed_capacity) total.consumed_capacity.push_back(std::move(c));
      if (batch_all_internal::KeyCount(answer.unprocessed_keys) == 0) break;
      if (attempt >= policy.max_attempts) {
        for (auto& [table, left] : answer.unprocessed_keys) {
          auto& into = total.unprocessed_keys[table];
          if (into.keys.empty())
            into = left;
          else
            into.keys.insert(into.keys.end(), left.keys.begin(), left.keys.end());
        }
        break;
      }
      call.request_items = std::move(answer.unprocessed_keys);
      batch_all_internal::Wait(policy, attempt, engine);
    }
  }
  return total;
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE
