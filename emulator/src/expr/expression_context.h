// ExpressionContext: the ExpressionAttributeNames and ExpressionAttributeValues of one request,
// shared by all of its expressions (a Query's key condition, filter and projection; an
// UpdateItem's update and condition), recording which placeholders they use so that the
// request can be rejected for unused ones afterwards, as the service does:
//   "Value provided in ExpressionAttributeNames unused in expressions: keys: {#x}"
// The service checks names before values. It prints the unused keys in the iteration order of
// a java.util.HashSet of them; UnusedKeysInServiceOrder reproduces that order so messages
// match byte for byte.
#pragma once

#include <boost/container/small_vector.hpp>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "ddbemu/attribute_value.h"
#include "ddbemu/error.h"
#include "ddbemu/version.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::expr {

using AttributeNames = std::map<std::string, std::string>;
// The same map with lookup by string_view, as Query and Scan requests hold their names
// (api/read_requests.h): a context can use theirs instead of a per-request copy.
using LookupAttributeNames = std::map<std::string, std::string, std::less<>>;

class ExpressionContext {
 public:
  // Either map may be null (the parameter was absent). Both must outlive the context.
  ExpressionContext(const AttributeNames* names, const Item* values)
      : names_(names), values_(values) {}
  // The same over a LookupAttributeNames map (a factory: a null `names` would make a second
  // constructor ambiguous).
  static ExpressionContext WithLookupNames(const LookupAttributeNames* names, const Item* values) {
    ExpressionContext context(nullptr, values);
    context.lookup_names_ = names;
    return context;
  }

  // The attribute name for "#n", or null when the request does not define it. Marks it used.
  const std::string* FindName(std::string_view placeholder);
  // The value for ":v", or null when the request does not define it. Marks it used.
  const AttributeValue* FindValue(std::string_view placeholder);

  // After every expression of the request is bound: the unused-names error, else the
  // unused-values error, else OK.
  Status CheckAllUsed() const;

 private:
  const AttributeNames* names_;
  const LookupAttributeNames* lookup_names_ = nullptr;  // set instead of names_, or neither
  const Item* values_;
  // Views of the maps' keys, one per use (a repeat costs less than looking it up); a
  // request's few fit inline.
  using UsedKeys = boost::container::small_vector<std::string_view, 4>;
  UsedKeys used_names_;
  UsedKeys used_values_;
};

// `keys` reordered as java.util.HashSet iterates them (bucket order of String.hashCode, then
// insertion order); the service prints placeholder sets in this order.
std::vector<std::string> JavaHashSetOrder(const std::vector<std::string>& keys);

// Request-level validation of the two maps, with the service's messages:
//   "ExpressionAttributeNames must not be empty",
//   "ExpressionAttributeNames contains invalid key: Syntax error; key: \"n\"",
//   "ExpressionAttributeNames contains invalid key: The expression attribute map contains a key
//    that is too long; size of key: 256",
//   "ExpressionAttributeNames contains invalid value: Empty attribute name for key #n",
//   "ExpressionAttributeNames contains invalid value: Attribute name is too large, must be less
//    than 65536 bytes for key #n",
// and the same for ExpressionAttributeValues keys (whose too-long message stops at "too long;").
// The values themselves are validated by the JSON codec.
Status ValidateAttributeNames(const AttributeNames& names);
// The same over a Query's or Scan's names (another name: a braced map would fit either).
Status ValidateLookupAttributeNames(const LookupAttributeNames& names);
Status ValidateAttributeValueKeys(const Item& values);

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::expr
