// Anonymiser (see anonymiser.h): the rules file, and each rule's deterministic replacement.
// Every replacement is drawn from HMAC-SHA256(seed, rule kind + value), so it depends on
// nothing but the seed, the rule and the value.
#include "transfer/anonymiser.h"

#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <rapidjson/document.h>
#include <rapidjson/error/en.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <map>
#include <utility>

namespace ddblocal {
namespace {

using ddbemu::ApiError;
using ddbemu::AttributeType;
using ddbemu::AttributeValue;

using Digest = std::array<unsigned char, 32>;

// A small built-in vocabulary: enough for replacements that read like data, not a corpus.
constexpr std::array<std::string_view, 32> kFirstNames = {
    "olivia", "liam",  "emma",   "noah",  "ava",    "elijah", "sophia", "james",
    "mia",    "lucas", "amelia", "mateo", "harper", "levi",   "evelyn", "ezra",
    "luna",   "leo",   "nora",   "hugo",  "ines",   "omar",   "priya",  "kenji",
    "zoe",    "ivan",  "chloe",  "arjun", "lena",   "tomas",  "yara",   "felix"};
constexpr std::array<std::string_view, 32> kLastNames = {
    "smith",  "garcia",  "martin", "brown",  "tanaka", "muller", "rossi",  "kowalski",
    "nguyen", "silva",   "dubois", "jensen", "novak",  "khan",   "ozturk", "larsen",
    "moreau", "fischer", "costa",  "patel",  "kim",    "lopez",  "weber",  "ivanova",
    "haddad", "berg",    "okafor", "sato",   "meyer",  "russo",  "adams",  "walsh"};
constexpr std::array<std::string_view, 32> kWords = {
    "amber",  "birch",   "cedar",   "delta",  "ember", "fjord",  "garnet",  "harbor",
    "indigo", "juniper", "kestrel", "lagoon", "maple", "nectar", "onyx",    "pebble",
    "quartz", "raven",   "sierra",  "tundra", "umber", "violet", "willow",  "xenon",
    "yarrow", "zephyr",  "basalt",  "coral",  "dune",  "fern",   "glacier", "heron"};

Digest Hmac(std::string_view key, std::string_view kind, std::string_view value) {
  std::string message(kind);
  message += '\0';
  message += value;
  Digest out{};
  unsigned int length = 0;
  HMAC(EVP_sha256(), key.data(), static_cast<int>(key.size()),
       reinterpret_cast<const unsigned char*>(message.data()), message.size(), out.data(), &length);
  return out;
}

std::string Hex(const Digest& d, std::size_t digits) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string s;
  for (std::size_t i = 0; i < d.size() && s.size() < digits; ++i) {
    s += kHex[d[i] >> 4];
    if (s.size() < digits) s += kHex[d[i] & 15];
  }
  return s;
}

std::string Capitalised(std::string_view word) {
  std::string s(word);
  if (!s.empty()) s[0] = static_cast<char>(s[0] - 'a' + 'A');
  return s;
}

// Each digit of `value` replaced by one drawn from `d`, everything else kept: a phone number
// keeps its layout (+44 20 7946 0018 -> +17 93 0412 5561).
std::string FakeDigits(std::string_view value, const Digest& d) {
  std::string s(value);
  std::size_t i = 0;
  for (char& c : s) {
    if (c >= '0' && c <= '9') c = static_cast<char>('0' + d[i++ % d.size()] % 10);
  }
  return s;
}

std::string GuessKind(std::string_view value) {
  if (value.find('@') != std::string_view::npos) return "email";
  const auto digits =
      std::count_if(value.begin(), value.end(), [](char c) { return c >= '0' && c <= '9'; });
  const bool phone_like = std::all_of(value.begin(), value.end(), [](char c) {
    return (c >= '0' && c <= '9') || c == '+' || c == '-' || c == ' ' || c == '(' || c == ')' ||
           c == '.';
  });
  if (phone_like && digits >= 7) return "phone";
  return "word";
}

// The code points of UTF-8 `s` as byte ranges (mask counts characters, not bytes).
std::vector<std::string_view> CodePoints(std::string_view s) {
  std::vector<std::string_view> out;
  for (std::size_t i = 0; i < s.size();) {
    std::size_t n = 1;
    while (i + n < s.size() && (static_cast<unsigned char>(s[i + n]) & 0xC0) == 0x80) ++n;
    out.push_back(s.substr(i, n));
    i += n;
  }
  return out;
}

// A number of as many digits as `text` has (at least one), its first digit not zero: fake and
// hash on an N keep it a number of the same size.
std::string FakeNumber(std::string_view text, const Digest& d) {
  std::size_t digits = std::max<std::size_t>(
      1, std::count_if(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; }));
  digits = std::min<std::size_t>(digits, 38);
  std::string s;
  for (std::size_t i = 0; i < digits; ++i) {
    s += static_cast<char>('0' + (i == 0 ? 1 + d[i % d.size()] % 9 : d[i % d.size()] % 10));
  }
  return s;
}

std::string RegexEscape(std::string_view literal) {
  std::string out;
  for (char c : literal) {
    if (std::string_view(".^$|()[]{}*+?\\").find(c) != std::string_view::npos) out += '\\';
    out += c;
  }
  return out;
}

std::vector<std::string> SplitPath(std::string_view path) {
  std::vector<std::string> parts;
  std::size_t start = 0;
  while (true) {
    const std::size_t dot = path.find('.', start);
    parts.emplace_back(path.substr(start, dot == std::string_view::npos ? dot : dot - start));
    if (dot == std::string_view::npos) break;
    start = dot + 1;
  }
  return parts;
}

ddbemu::Result<ValueRule> ParseValueRule(const rapidjson::Value& entry, std::string_view where) {
  auto text = [&](const char* name) -> std::string {
    auto m = entry.FindMember(name);
    return m != entry.MemberEnd() && m->value.IsString() ? m->value.GetString() : "";
  };
  auto count = [&](const char* name, std::size_t fallback) -> std::size_t {
    auto m = entry.FindMember(name);
    return m != entry.MemberEnd() && m->value.IsUint() ? m->value.GetUint() : fallback;
  };
  ValueRule rule;
  const std::string kind = text("rule");
  if (kind == "fake") {
    rule.kind = ValueRule::Kind::kFake;
    rule.fake_kind = text("kind");
    if (!rule.fake_kind.empty() && rule.fake_kind != "email" && rule.fake_kind != "name" &&
        rule.fake_kind != "phone" && rule.fake_kind != "word") {
      return ApiError::Validation(std::string(where) + ": unknown fake kind '" + rule.fake_kind +
                                  "' (email, name, phone or word)");
    }
  } else if (kind == "mask") {
    rule.kind = ValueRule::Kind::kMask;
    rule.keep_first = count("keepFirst", 0);
    rule.keep_last = count("keepLast", 0);
  } else if (kind == "hash") {
    rule.kind = ValueRule::Kind::kHash;
    rule.length = count("length", 16);
    if (rule.length < 1 || rule.length > 64) {
      return ApiError::Validation(std::string(where) + ": hash length must be 1 to 64");
    }
  } else if (kind == "redact") {
    rule.kind = ValueRule::Kind::kRedact;
  } else {
    return ApiError::Validation(std::string(where) + ": unknown rule '" + kind +
                                "' (fake, mask, hash or redact)");
  }
  return rule;
}

}  // namespace

ddbemu::Result<Anonymiser> Anonymiser::Parse(std::string_view rules_json, std::string seed) {
  rapidjson::Document doc;
  doc.Parse(rules_json.data(), rules_json.size());
  if (doc.HasParseError()) {
    return ApiError::Validation(std::string("anonymisation rules: bad JSON at offset ") +
                                std::to_string(doc.GetErrorOffset()) + ": " +
                                rapidjson::GetParseError_En(doc.GetParseError()));
  }
  if (!doc.IsObject() || !doc.HasMember("rules") || !doc["rules"].IsArray()) {
    return ApiError::Validation("anonymisation rules: expected {\"rules\": [...]}");
  }
  Anonymiser anonymiser;
  anonymiser.seed_ = std::move(seed);
  // Pattern rules name another attribute's rule; resolved once every plain rule is known.
  struct Pending {
    std::vector<std::string> attributes;
    std::string regex;
    std::string uses;
    std::string where;
  };
  std::vector<std::pair<std::size_t, Pending>> pending;  // position among the rules
  std::map<std::string, ValueRule> plain;
  std::size_t position = 0;
  for (const auto& entry : doc["rules"].GetArray()) {
    const std::string where = "anonymisation rule " + std::to_string(position + 1);
    if (!entry.IsObject()) return ApiError::Validation(where + ": expected an object");
    std::vector<std::string> attributes;
    if (entry.HasMember("attribute") && entry["attribute"].IsString()) {
      attributes.emplace_back(entry["attribute"].GetString());
    }
    if (entry.HasMember("attributes") && entry["attributes"].IsArray()) {
      for (const auto& a : entry["attributes"].GetArray()) {
        if (a.IsString()) attributes.emplace_back(a.GetString());
      }
    }
    if (attributes.empty()) {
      return ApiError::Validation(where + ": names no attribute (\"attribute\" or \"attributes\")");
    }
    Pending p{attributes, "", "", where};
    if (entry.HasMember("pattern") && entry["pattern"].IsString()) {
      // EMAIL#{email}: the literal parts escaped, the one placeholder a capture.
      const std::string pattern = entry["pattern"].GetString();
      const std::size_t open = pattern.find('{');
      const std::size_t close = pattern.find('}', open);
      if (open == std::string::npos || close == std::string::npos ||
          pattern.find('{', close) != std::string::npos) {
        return ApiError::Validation(where + ": a pattern holds exactly one {attribute}");
      }
      p.uses = pattern.substr(open + 1, close - open - 1);
      p.regex = "^" + RegexEscape(pattern.substr(0, open)) + "(.+?)" +
                RegexEscape(pattern.substr(close + 1)) + "$";
    } else if (entry.HasMember("regex") && entry["regex"].IsString()) {
      p.regex = entry["regex"].GetString();
      if (entry.HasMember("use") && entry["use"].IsString()) p.uses = entry["use"].GetString();
    }
    if (!p.regex.empty() || !p.uses.empty()) {
      if (p.uses.empty()) {
        DDBEMU_ASSIGN_OR_RETURN(ValueRule own, ParseValueRule(entry, where));
        if (own.kind == ValueRule::Kind::kRedact) {
          return ApiError::Validation(where + ": redact cannot apply to a part of a string");
        }
        p.uses = "\x01" + std::to_string(position);
        plain[p.uses] = own;
      }
      pending.emplace_back(anonymiser.rules_.size(), std::move(p));
      for (std::size_t i = 0; i < attributes.size(); ++i) anonymiser.rules_.emplace_back();
    } else {
      DDBEMU_ASSIGN_OR_RETURN(ValueRule rule, ParseValueRule(entry, where));
      for (const std::string& a : attributes) {
        plain[a] = rule;
        anonymiser.rules_.push_back({SplitPath(a), a, rule, std::nullopt});
      }
    }
    ++position;
  }
  for (auto& [at, p] : pending) {
    auto used = plain.find(p.uses);
    if (used == plain.end() || used->second.kind == ValueRule::Kind::kRedact) {
      return ApiError::Validation(p.where + ": the pattern names '" + p.uses +
                                  "', which has no fake, mask or hash rule");
    }
    std::regex matcher;
    try {
      matcher = std::regex(p.regex, std::regex::ECMAScript);
    } catch (const std::regex_error& e) {
      return ApiError::Validation(p.where + ": bad regex: " + e.what());
    }
    if (matcher.mark_count() == 0) {
      return ApiError::Validation(p.where + ": the regex has no capture group");
    }
    for (std::size_t i = 0; i < p.attributes.size(); ++i) {
      anonymiser.rules_[at + i] = {SplitPath(p.attributes[i]), p.attributes[i], used->second,
                                   matcher};
    }
  }
  return anonymiser;
}

ddbemu::Status Anonymiser::CheckKeyAttributes(const std::set<std::string>& key_attributes) const {
  for (const AttributeRule& rule : rules_) {
    if (rule.value_rule.kind == ValueRule::Kind::kRedact && rule.path.size() == 1 &&
        key_attributes.contains(rule.path[0])) {
      return ApiError::Validation("anonymisation rules: cannot redact key attribute '" +
                                  rule.path_text + "': an item without its key cannot be written");
    }
  }
  return ddbemu::Status::Ok();
}

std::string Anonymiser::Transform(const ValueRule& rule, std::string_view value) const {
  switch (rule.kind) {
    case ValueRule::Kind::kHash:
      return Hex(Hmac(seed_, "hash", value), rule.length);
    case ValueRule::Kind::kMask: {
      const auto points = CodePoints(value);
      if (points.size() <= rule.keep_first + rule.keep_last) return std::string(points.size(), '*');
      std::string out;
      for (std::size_t i = 0; i < points.size(); ++i) {
        const bool kept = i < rule.keep_first || i >= points.size() - rule.keep_last;
        out += kept ? std::string(points[i]) : "*";
      }
      return out;
    }
    case ValueRule::Kind::kRedact:
      return std::string(value);  // Apply removes the attribute instead
    case ValueRule::Kind::kFake:
      break;
  }
  const std::string kind = rule.fake_kind.empty() ? GuessKind(value) : rule.fake_kind;
  const Digest d = Hmac(seed_, kind, value);
  if (kind == "email") {
    return std::string(kFirstNames[d[0] % 32]) + "." + std::string(kLastNames[d[1] % 32]) + "." +
           Hex(Digest{d[2], d[3], d[4]}, 6) + "@example.com";
  }
  if (kind == "name") {
    return Capitalised(kFirstNames[d[0] % 32]) + " " + Capitalised(kLastNames[d[1] % 32]);
  }
  if (kind == "phone") return FakeDigits(value, d);
  return std::string(kWords[d[0] % 32]) + "-" + Hex(Digest{d[1], d[2], d[3], d[4]}, 8);
}

namespace {

// Applies `change` to the strings (S, and the S members of SS and L) and, for fake and hash,
// the numbers of `value`; `change` maps one string to its replacement.
template <class Change>
void ChangeValue(AttributeValue& value, const ValueRule& rule, const Change& change,
                 const std::function<std::string(std::string_view)>& number) {
  if (value.is(AttributeType::kS)) {
    value = AttributeValue::S(change(value.scalar()));
  } else if (value.is(AttributeType::kSS) || value.is(AttributeType::kNS)) {
    if (value.is(AttributeType::kNS) && rule.kind == ValueRule::Kind::kMask) return;
    std::set<std::string> members;  // replacements may coincide: a set keeps them distinct
    for (const std::string& m : value.set()) {
      members.insert(value.is(AttributeType::kSS) ? change(m) : number(m));
    }
    std::vector<std::string> v(members.begin(), members.end());
    value = value.is(AttributeType::kSS) ? AttributeValue::SS(std::move(v))
                                         : AttributeValue::NS(std::move(v));
  } else if (value.is(AttributeType::kN) && rule.kind != ValueRule::Kind::kMask) {
    value = AttributeValue::N(number(value.scalar()));
  } else if (value.is(AttributeType::kL)) {
    for (AttributeValue& element : value.list()) ChangeValue(element, rule, change, number);
  }
}

}  // namespace

ddbemu::Item Anonymiser::Apply(ddbemu::Item item) const {
  for (const AttributeRule& rule : rules_) {
    ddbemu::AttributeMap* parent = &item;
    for (std::size_t i = 0; i + 1 < rule.path.size() && parent; ++i) {
      AttributeValue* next = parent->get(rule.path[i]);
      parent = next && next->is(AttributeType::kM) ? &next->map() : nullptr;
    }
    if (!parent) continue;
    AttributeValue* value = parent->get(rule.path.back());
    if (!value) continue;
    if (rule.value_rule.kind == ValueRule::Kind::kRedact) {
      parent->erase(rule.path.back());
      continue;
    }
    auto whole = [&](std::string_view s) { return Transform(rule.value_rule, s); };
    auto parts = [&](std::string_view s) {
      std::match_results<std::string_view::const_iterator> m;
      if (!std::regex_match(s.begin(), s.end(), m, *rule.matcher)) return std::string(s);
      std::string out;
      auto from = s.begin();
      for (std::size_t g = 1; g < m.size(); ++g) {
        if (!m[g].matched) continue;
        out.append(from, m[g].first);
        out += Transform(rule.value_rule, std::string_view(&*m[g].first, m[g].length()));
        from = m[g].second;
      }
      out.append(from, s.end());
      return out;
    };
    auto number = [&](std::string_view n) { return FakeNumber(n, Hmac(seed_, "number", n)); };
    if (rule.matcher) {
      // A pattern rewrites parts of strings; a number has none.
      ChangeValue(*value, rule.value_rule, parts,
                  [](std::string_view n) { return std::string(n); });
    } else {
      ChangeValue(*value, rule.value_rule, whole, number);
    }
  }
  return item;
}

}  // namespace ddblocal
