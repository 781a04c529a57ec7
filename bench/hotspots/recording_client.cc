#include "recording_client.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <type_traits>
#include <variant>

namespace hrhot {
namespace {

constexpr const char* kGsi = "GSI1";
constexpr const char* kGsiPk = "GSI1PK";

std::string StringAttr(const ddbemu::Item& item, const char* name) {
  auto it = item.find(name);
  if (it == item.end() || it->second.type() != ddbemu::AttributeType::kS) return "";
  return it->second.scalar();
}

std::string ItemId(const ddbemu::Item& key) {
  return StringAttr(key, "PK") + '\x1f' + StringAttr(key, "SK");
}

std::int64_t NumberSize(const std::string& text) {
  // docs/capacity.md §1: about one byte per two significant digits, plus one.
  std::string digits;
  for (char c : text) {
    if (c >= '0' && c <= '9') digits += c;
    if (c == 'e' || c == 'E') break;
  }
  const auto first = digits.find_first_not_of('0');
  if (first == std::string::npos) return 2;
  const auto last = digits.find_last_not_of('0');
  const std::int64_t significant = static_cast<std::int64_t>(last - first + 1);
  return (significant + 1) / 2 + 1;
}

std::int64_t ValueSize(const ddbemu::AttributeValue& v) {
  using T = ddbemu::AttributeType;
  switch (v.type()) {
    case T::kS:
    case T::kB:
      return static_cast<std::int64_t>(v.scalar().size());
    case T::kN:
      return NumberSize(v.scalar());
    case T::kBool:
    case T::kNull:
      return 1;
    case T::kSS:
    case T::kBS: {
      std::int64_t n = 0;
      for (const auto& s : v.set()) n += static_cast<std::int64_t>(s.size());
      return n;
    }
    case T::kNS: {
      std::int64_t n = 0;
      for (const auto& s : v.set()) n += NumberSize(s);
      return n;
    }
    case T::kL: {
      std::int64_t n = 3;
      for (const auto& e : v.list()) n += 1 + ValueSize(e);
      return n;
    }
    case T::kM:
      return 3 + ItemSizeBytes(v.map()) + static_cast<std::int64_t>(v.map().size());
  }
  return 0;
}

// `expression` with each #name replaced by the attribute name it stands for.
std::string Resolve(const std::string& expression, const ddbemu::ExpressionAttributeNames& names) {
  std::string out;
  for (std::size_t i = 0; i < expression.size();) {
    if (expression[i] == '#') {
      std::size_t j = i + 1;
      while (j < expression.size() &&
             (std::isalnum(static_cast<unsigned char>(expression[j])) || expression[j] == '_')) {
        ++j;
      }
      auto it = names.find(expression.substr(i, j - i));
      out += it != names.end() ? it->second : expression.substr(i, j - i);
      i = j;
    } else {
      out += expression[i++];
    }
  }
  return out;
}

// The value `attribute = :v` sets in an update expression, if any; `removes` when a REMOVE
// clause names the attribute.
std::optional<std::string> SetValue(const std::string& resolved, const std::string& attribute,
                                    const ddbemu::ExpressionAttributeValues& values,
                                    bool* removes) {
  const std::size_t remove_at = resolved.find("REMOVE");
  std::size_t at = resolved.find(attribute);
  while (at != std::string::npos) {
    const std::size_t end = at + attribute.size();
    const bool whole =
        end >= resolved.size() ||
        !(std::isalnum(static_cast<unsigned char>(resolved[end])) || resolved[end] == '_');
    if (whole) {
      if (remove_at != std::string::npos && at > remove_at) {
        *removes = true;
      } else {
        std::size_t p = end;
        while (p < resolved.size() && resolved[p] == ' ') ++p;
        if (p < resolved.size() && resolved[p] == '=') {
          ++p;
          while (p < resolved.size() && resolved[p] == ' ') ++p;
          std::size_t q = p;
          while (q < resolved.size() && (std::isalnum(static_cast<unsigned char>(resolved[q])) ||
                                         resolved[q] == ':' || resolved[q] == '_')) {
            ++q;
          }
          auto it = values.find(resolved.substr(p, q - p));
          if (it != values.end() && it->second.type() == ddbemu::AttributeType::kS)
            return it->second.scalar();
        }
      }
    }
    at = resolved.find(attribute, end);
  }
  return std::nullopt;
}

double WriteUnits(std::int64_t bytes) { return std::max<double>(1, std::ceil(bytes / 1024.0)); }

// The table's and each GSI's share of a ConsumedCapacity (INDEXES).
void Shares(const std::vector<ddbemu::ConsumedCapacity>& consumed, double* table,
            std::map<std::string, double>* indexes) {
  for (const auto& c : consumed) {
    if (c.table) {
      *table += c.table->capacity_units;
    } else {
      double gsi = 0;
      for (const auto& [n, cap] : c.global_secondary_indexes) gsi += cap.capacity_units;
      *table += c.capacity_units - gsi;
    }
    for (const auto& [name, cap] : c.global_secondary_indexes)
      (*indexes)[name] += cap.capacity_units;
  }
}

std::vector<ddbemu::ConsumedCapacity> AsVector(const std::optional<ddbemu::ConsumedCapacity>& c) {
  if (!c) return {};
  return {*c};
}

std::string ShortestText(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", v);
  return buf;
}

}  // namespace

std::int64_t ItemSizeBytes(const ddbemu::Item& item) {
  std::int64_t n = 0;
  for (const auto& [name, value] : item)
    n += static_cast<std::int64_t>(name.size()) + ValueSize(value);
  return n;
}

std::vector<Charge> RecordingClient::PredictWrite(const WriteShape& w, double factor,
                                                  int action) const {
  std::vector<Charge> out;
  const std::string pk = StringAttr(*w.key, "PK");
  const std::int64_t bytes = w.new_item ? ItemSizeBytes(*w.new_item) : 0;
  // Items other than a Put's are the HR table's small items (< 1 KB): one unit; the check
  // against ConsumedCapacity says when that is wrong.
  const double units = WriteUnits(bytes);
  // `factor` (2 in a transaction) applies to the table's share only; GSI writes are not doubled.
  out.push_back(Charge{kTableSpace, pk, 0, units * factor, action});
  if (w.condition_check) return out;
  ddbemu::sync::MutexLock lock(mutex_);
  auto old = gsi_keys_.find(ItemId(*w.key));
  const std::string old_gsi = old == gsi_keys_.end() ? "" : old->second;
  std::string new_gsi;
  if (w.new_item) {
    new_gsi = StringAttr(*w.new_item, kGsiPk);
  } else if (w.set_gsi) {
    new_gsi = *w.set_gsi;
  } else if (!w.removes_gsi) {
    new_gsi = old_gsi;  // an update of an indexed item rewrites its entry (projection ALL)
  }
  // GSI writes are not doubled inside a transaction (docs/capacity.md §1); a changed index key
  // is a delete plus a put.
  if (!old_gsi.empty() && old_gsi != new_gsi) out.push_back(Charge{kGsi, old_gsi, 0, 1, action});
  if (!new_gsi.empty()) out.push_back(Charge{kGsi, new_gsi, 0, units, action});
  return out;
}

void RecordingClient::RememberWrite(const WriteShape& w) {
  const std::string id = ItemId(*w.key);
  std::string gsi;
  if (w.new_item) {
    gsi = StringAttr(*w.new_item, kGsiPk);
  } else if (w.set_gsi) {
    gsi = *w.set_gsi;
  } else if (!w.removes_gsi) {
    return;
  }
  ddbemu::sync::MutexLock lock(mutex_);
  if (gsi.empty()) {
    gsi_keys_.erase(id);
  } else {
    gsi_keys_[id] = gsi;
  }
}

template <class R>
void RecordingClient::Record(const std::vector<Charge>& predicted, const ddbemu::Result<R>& result,
                             const std::vector<ddbemu::ConsumedCapacity>& consumed,
                             bool exact_from_service) {
  std::vector<Refusal> refusals;
  bool throttled = false;
  if (!result.ok()) {
    const ddbemu::ApiError& e = result.error();
    if (e.code() == ddbemu::ErrorCode::kProvisionedThroughputExceeded ||
        e.code() == ddbemu::ErrorCode::kThrottling) {
      throttled = true;
      for (const auto& r : e.throttling_reasons) {
        const auto index_at = r.resource_arn.find("/index/");
        refusals.push_back(Refusal{r.reason,
                                   index_at == std::string::npos
                                       ? std::string(kTableSpace)
                                       : r.resource_arn.substr(index_at + 7),
                                   -1});
      }
      if (e.throttling_reasons.empty()) refusals.push_back(Refusal{"Throttled", kTableSpace, -1});
    } else if (e.code() == ddbemu::ErrorCode::kTransactionCanceled) {
      for (std::size_t i = 0; i < e.cancellation_reasons.size(); ++i) {
        const auto& r = e.cancellation_reasons[i];
        if (r.kind() != ddbemu::CancellationCode::kThrottlingError &&
            r.kind() != ddbemu::CancellationCode::kProvisionedThroughputExceeded) {
          continue;
        }
        throttled = true;
        // The service words a GSI's refusal differently from the table's (no ARN here).
        const bool index = r.message.find("global secondary ind") != std::string::npos;
        refusals.push_back(Refusal{"Transaction" + r.code + (index ? "(index)" : "(table)"),
                                   index ? "index" : kTableSpace, static_cast<int>(i)});
      }
    }
  }
  const std::int64_t second = now_second_();
  ddbemu::sync::MutexLock lock(mutex_);
  last_throttled_[std::this_thread::get_id()] = throttled;
  if (!recording_) return;
  if (!result.ok()) {
    stats_.RecordAttempt(second, predicted, false, refusals);
    return;
  }
  // Served: compare the model's prediction with the service's charge, per key space.
  double table = 0;
  std::map<std::string, double> indexes;
  Shares(consumed, &table, &indexes);
  double predicted_table = 0;
  std::map<std::string, double> predicted_indexes;
  for (const Charge& c : predicted) {
    if (c.keyspace == kTableSpace) {
      predicted_table += c.read + c.write;
    } else {
      predicted_indexes[c.keyspace] += c.read + c.write;
    }
  }
  bool agreed = std::abs(table - predicted_table) < 1e-9;
  for (const auto& [name, units] : indexes)
    agreed &= std::abs(units - predicted_indexes[name]) < 1e-9;
  for (const auto& [name, units] : predicted_indexes)
    agreed &= std::abs(units - indexes[name]) < 1e-9;
  std::string detail;
  if (!agreed) {
    detail = "predicted table " + ShortestText(predicted_table) + ", charged " +
             ShortestText(table) + " (" + (predicted.empty() ? "?" : predicted.front().key) + ")";
  }
  // A read's cost is known only once it has read (the size of what it found), so only writes
  // are checked. What is recorded as accepted is the service's charge: the prediction's split
  // over keys, scaled to the charged total of each key space.
  const bool read = !predicted.empty() && predicted.front().read > 0;
  if (!read || !exact_from_service) stats_.RecordModelCheck(agreed, detail);
  std::vector<Charge> charged = predicted;
  auto scale = [&](const std::string& space, double total, double predicted_total) {
    if (predicted_total <= 0) {
      if (total > 0) {
        charged.push_back(Charge{space, "?", read ? total : 0, read ? 0 : total, -1});
      }
      return;
    }
    for (Charge& c : charged) {
      if (c.keyspace != space) continue;
      c.read *= total / predicted_total;
      c.write *= total / predicted_total;
    }
  };
  scale(kTableSpace, table, predicted_table);
  for (const auto& [name, units] : indexes) scale(name, units, predicted_indexes[name]);
  for (const auto& [name, units] : predicted_indexes) {
    if (!indexes.count(name)) scale(name, 0, units);
  }
  stats_.RecordAttempt(second, charged, true, {});
}

bool RecordingClient::last_throttled() const {
  ddbemu::sync::MutexLock lock(mutex_);
  auto it = last_throttled_.find(std::this_thread::get_id());
  return it != last_throttled_.end() && it->second;
}

ddbemu::Result<ddbemu::PutItemResponse> RecordingClient::PutItem(const ddbemu::PutItemRequest& r) {
  ddbemu::PutItemRequest req = r;
  req.return_consumed_capacity = ddbemu::ReturnConsumedCapacity::kIndexes;
  WriteShape w{.key = &r.item, .new_item = &r.item};
  auto predicted = PredictWrite(w, 1, -1);
  auto result = inner().PutItem(req);
  Record(
      predicted, result,
      result.ok() ? AsVector(result->consumed_capacity) : std::vector<ddbemu::ConsumedCapacity>{},
      true);
  if (result.ok()) RememberWrite(w);
  return result;
}

ddbemu::Result<ddbemu::UpdateItemResponse> RecordingClient::UpdateItem(
    const ddbemu::UpdateItemRequest& r) {
  ddbemu::UpdateItemRequest req = r;
  req.return_consumed_capacity = ddbemu::ReturnConsumedCapacity::kIndexes;
  WriteShape w{.key = &r.key};
  if (r.update_expression) {
    const std::string resolved = Resolve(*r.update_expression, r.expression_attribute_names);
    w.set_gsi = SetValue(resolved, kGsiPk, r.expression_attribute_values, &w.removes_gsi);
  }
  auto predicted = PredictWrite(w, 1, -1);
  auto result = inner().UpdateItem(req);
  Record(
      predicted, result,
      result.ok() ? AsVector(result->consumed_capacity) : std::vector<ddbemu::ConsumedCapacity>{},
      true);
  if (result.ok()) RememberWrite(w);
  return result;
}

ddbemu::Result<ddbemu::DeleteItemResponse> RecordingClient::DeleteItem(
    const ddbemu::DeleteItemRequest& r) {
  ddbemu::DeleteItemRequest req = r;
  req.return_consumed_capacity = ddbemu::ReturnConsumedCapacity::kIndexes;
  WriteShape w{.key = &r.key, .removes_gsi = true};
  auto predicted = PredictWrite(w, 1, -1);
  auto result = inner().DeleteItem(req);
  Record(
      predicted, result,
      result.ok() ? AsVector(result->consumed_capacity) : std::vector<ddbemu::ConsumedCapacity>{},
      true);
  if (result.ok()) RememberWrite(w);
  return result;
}

ddbemu::Result<ddbemu::GetItemResponse> RecordingClient::GetItem(const ddbemu::GetItemRequest& r) {
  ddbemu::GetItemRequest req = r;
  req.return_consumed_capacity = ddbemu::ReturnConsumedCapacity::kIndexes;
  // Before the read, the least it can cost: one 4 KB unit, half of it eventually consistent.
  std::vector<Charge> predicted{
      Charge{kTableSpace, StringAttr(r.key, "PK"), r.consistent_read ? 1.0 : 0.5, 0, -1}};
  auto result = inner().GetItem(req);
  Record(
      predicted, result,
      result.ok() ? AsVector(result->consumed_capacity) : std::vector<ddbemu::ConsumedCapacity>{},
      true);
  return result;
}

ddbemu::Result<ddbemu::QueryResponse> RecordingClient::Query(const ddbemu::QueryRequest& r) {
  ddbemu::QueryRequest req = r;
  req.return_consumed_capacity = ddbemu::ReturnConsumedCapacity::kIndexes;
  // The partition key value: the first `= :v` of the key condition.
  std::string key = "?";
  if (r.key_condition_expression) {
    const std::string& k = *r.key_condition_expression;
    const std::size_t eq = k.find('=');
    if (eq != std::string::npos) {
      std::size_t p = eq + 1;
      while (p < k.size() && k[p] == ' ') ++p;
      std::size_t q = p;
      while (q < k.size() &&
             (std::isalnum(static_cast<unsigned char>(k[q])) || k[q] == ':' || k[q] == '_')) {
        ++q;
      }
      auto it = r.expression_attribute_values.find(k.substr(p, q - p));
      if (it != r.expression_attribute_values.end()) key = it->second.scalar();
    }
  }
  const std::string space = r.index_name ? *r.index_name : kTableSpace;
  std::vector<Charge> predicted{Charge{space, key, r.consistent_read ? 1.0 : 0.5, 0, -1}};
  auto result = inner().Query(req);
  Record(
      predicted, result,
      result.ok() ? AsVector(result->consumed_capacity) : std::vector<ddbemu::ConsumedCapacity>{},
      true);
  return result;
}

ddbemu::Result<ddbemu::TransactWriteItemsResponse> RecordingClient::TransactWriteItems(
    const ddbemu::TransactWriteItemsRequest& r) {
  ddbemu::TransactWriteItemsRequest req = r;
  req.return_consumed_capacity = ddbemu::ReturnConsumedCapacity::kIndexes;
  std::vector<WriteShape> shapes;
  for (const auto& action : r.transact_items) {
    WriteShape w;
    std::visit(
        [&](const auto& a) {
          using A = std::decay_t<decltype(a)>;
          if constexpr (std::is_same_v<A, ddbemu::Put>) {
            w.key = &a.item;
            w.new_item = &a.item;
          } else if constexpr (std::is_same_v<A, ddbemu::Update>) {
            w.key = &a.key;
            w.set_gsi = SetValue(Resolve(a.update_expression, a.expression_attribute_names), kGsiPk,
                                 a.expression_attribute_values, &w.removes_gsi);
          } else if constexpr (std::is_same_v<A, ddbemu::Delete>) {
            w.key = &a.key;
            w.removes_gsi = true;
          } else {
            w.key = &a.key;
            w.condition_check = true;
          }
        },
        action);
    shapes.push_back(w);
  }
  std::vector<Charge> predicted;
  for (std::size_t i = 0; i < shapes.size(); ++i) {
    // docs/capacity.md §1: twice the table's units inside TransactWriteItems.
    for (Charge& c : PredictWrite(shapes[i], 2, static_cast<int>(i))) predicted.push_back(c);
  }
  auto result = inner().TransactWriteItems(req);
  Record(predicted, result,
         result.ok() ? result->consumed_capacity : std::vector<ddbemu::ConsumedCapacity>{}, false);
  if (result.ok()) {
    for (const WriteShape& w : shapes) {
      if (!w.condition_check) RememberWrite(w);
    }
  }
  return result;
}

}  // namespace hrhot
