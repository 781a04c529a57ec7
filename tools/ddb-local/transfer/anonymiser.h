// Anonymisation rules for `ddb-local import` and `ddb-local export` (docs/ddb-local.md, "Import,
// export and anonymisation"): per attribute (a top-level name or a dotted path into maps), a
// rule that replaces its value with a realistic fake, masks it, hashes it or removes it; and
// rules that rewrite a part of a composite key string (EMAIL#<address>) with another
// attribute's rule, so that the key and the attribute keep meaning the same person.
//
// Deterministic: a replacement is a function of the seed, the rule and the value alone, so the
// same input, rules and seed give the same output bytes, and one value always maps to one
// replacement (references between items stay joined).
#pragma once

#include <cstddef>
#include <memory>
#include <optional>
#include <regex>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "ddbemu/attribute_value.h"
#include "ddbemu/error.h"

namespace ddblocal {

// What one rule does to a string.
struct ValueRule {
  enum class Kind { kFake, kMask, kHash, kRedact };
  Kind kind = Kind::kFake;
  std::string fake_kind;  // fake: "email", "name", "phone", "word"; empty: guessed from the value
  std::size_t keep_first = 0;  // mask
  std::size_t keep_last = 0;   // mask
  std::size_t length = 16;     // hash: hex digits kept
};

// A rule bound to an attribute path; `matcher` set: only the captured parts of a string change,
// each by `value_rule` (a composite key's EMAIL#{email}).
struct AttributeRule {
  std::vector<std::string> path;  // "address.city" -> {"address", "city"}
  std::string path_text;
  ValueRule value_rule;
  std::optional<std::regex> matcher;
};

class Anonymiser {
 public:
  // Parses the rules file's text (format: docs/ddb-local.md). A ValidationException names the
  // first problem: bad JSON, an unknown rule or fake kind, a pattern naming no rule.
  static ddbemu::Result<Anonymiser> Parse(std::string_view rules_json, std::string seed);

  // Refuses (ValidationException) a redact rule on one of `key_attributes` (the table's and its
  // indexes' key attributes): an item without its key cannot be written.
  ddbemu::Status CheckKeyAttributes(const std::set<std::string>& key_attributes) const;

  // `item` with every rule applied, in the order of the rules file.
  ddbemu::Item Apply(ddbemu::Item item) const;

  // One string through one rule (exposed for the tests).
  std::string Transform(const ValueRule& rule, std::string_view value) const;

  bool empty() const { return rules_.empty(); }

 private:
  std::string seed_;
  std::vector<AttributeRule> rules_;
};

}  // namespace ddblocal
