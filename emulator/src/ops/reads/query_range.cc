// Key condition -> key range, and start-key checks (see reads.h).
#include "ops/reads/reads.h"

#include <string>

#include "expr/evaluator.h"
#include "storage/key_layout.h"
#include "value/key_codec.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops {
namespace {

using expr::KeyOperator;
using expr::KeyPredicate;
using storage::KeyRange;
using storage::PrefixSuccessor;

// The encoding of an S or B prefix without its terminator: by the key codec's persisted format
// (value/key_codec.cc, FORMAT) a string's encoding is its escaped bytes followed by the two-byte
// terminator 0x00 0x01, and escaping works byte by byte, so the strings that begin with `p` are
// exactly those whose encodings begin with this.
void AppendOpenComponent(const AttributeValue& prefix, std::string* out) {
  keycodec::AppendComponent(prefix, out);
  out->resize(out->size() - 2);
}

std::string Component(const AttributeValue& value) {
  std::string encoded;
  keycodec::AppendComponent(value, &encoded);
  return encoded;
}

// [lower, upper) with an upper bound that may not exist (all-0xFF prefixes).
KeyRange Between(std::string lower, std::optional<std::string> upper) {
  KeyRange range;
  range.lower = std::move(lower);
  range.upper = std::move(upper);
  return range;
}

// The range of the last sort predicate, inside prefix `p` (partition and leading equalities).
// `p` is taken by value: the common equality and begins_with extend it in place and it becomes
// the range's lower bound, so that the range costs its two bounds' strings and no more.
KeyRange SortRange(std::string p, const KeyPredicate& last) {
  switch (last.op) {
    case KeyOperator::kEq:
      keycodec::AppendComponent(last.value, &p);
      return KeyRange::Prefix(std::move(p));
    case KeyOperator::kLt:
      return Between(p, p + Component(last.value));
    case KeyOperator::kLe:
      return Between(p, PrefixSuccessor(p + Component(last.value)));
    case KeyOperator::kGt: {
      std::optional<std::string> lower = PrefixSuccessor(p + Component(last.value));
      // No key follows an all-0xFF prefix: an empty range.
      if (!lower) return Between(p, p);
      return Between(std::move(*lower), PrefixSuccessor(p));
    }
    case KeyOperator::kGe:
      return Between(p + Component(last.value), PrefixSuccessor(p));
    case KeyOperator::kBetween:
      return Between(p + Component(last.value), PrefixSuccessor(p + Component(last.upper)));
    case KeyOperator::kBeginsWith:
      AppendOpenComponent(last.value, &p);
      return KeyRange::Prefix(std::move(p));
  }
  return KeyRange::Prefix(std::move(p));
}

bool SamePartition(const expr::KeyCondition& condition, const Item& start_key) {
  for (const KeyPredicate& p : condition.partition) {
    auto it = start_key.find(p.attribute);
    if (it == start_key.end() || !expr::ValuesEqual(it->second, p.value)) return false;
  }
  return true;
}

// The partition prefix of the condition's partition values. A partition key of one attribute
// (every table's, most indexes') is encoded from its predicate's value; others through an Item
// of the values, looked up by name.
std::optional<std::string> PartitionPrefix(const ReadTarget& target,
                                           const expr::KeyCondition& condition) {
  if (target.partition_key.size() == 1 && condition.partition.size() == 1 &&
      condition.partition[0].attribute == target.partition_key[0].name) {
    return storage::EncodePartitionPrefix(target.keyspace_id, target.partition_key[0],
                                          condition.partition[0].value);
  }
  Item partition;
  for (const KeyPredicate& p : condition.partition) partition[p.attribute] = p.value;
  return storage::EncodePartitionPrefix(target.keyspace_id, target.partition_key, partition);
}

}  // namespace

Result<KeyRange> QueryRange(const ReadTarget& target, const expr::KeyCondition& condition) {
  std::optional<std::string> prefix = PartitionPrefix(target, condition);
  if (!prefix) return ApiError::InternalServerError("A key condition does not fit its schema");
  if (condition.sort.empty()) return KeyRange::Prefix(std::move(*prefix));
  // Room for the sort components appended below (a hint: escaping may need a little more), so
  // that appending them does not reallocate the prefix.
  std::size_t room = 0;
  for (const KeyPredicate& p : condition.sort) room += p.value.scalar().size() + 8;
  prefix->reserve(prefix->size() + room);
  // All but the last sort predicate are equalities (expr::ExtractKeyCondition).
  for (std::size_t i = 0; i + 1 < condition.sort.size(); ++i) {
    keycodec::AppendComponent(condition.sort[i].value, &*prefix);
  }
  return SortRange(std::move(*prefix), condition.sort.back());
}

Status CheckStartKeyInQuery(const expr::KeyCondition& condition, const Item& start_key) {
  const bool same_partition = SamePartition(condition, start_key);
  if (condition.sort.empty()) {
    if (same_partition) return Status::Ok();
    return ApiError::Validation(
        "The provided starting key is outside query boundaries based on provided conditions");
  }
  for (const KeyPredicate& p : condition.sort) {
    auto it = start_key.find(p.attribute);
    if (it == start_key.end() || !expr::SortKeyMatches(p, it->second)) {
      return ApiError::Validation(
          "The provided starting key does not match the range key predicate");
    }
  }
  if (!same_partition) {
    return ApiError::Validation("The query can return at most one row and cannot be restarted");
  }
  return Status::Ok();
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops
