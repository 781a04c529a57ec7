// ConditionExpression, filter, key-condition and update expressions built from C++ values, with the
// `#name` and `:value` placeholders allocated for you, as boto3's resource layer (Attr, Key) and
// the SDKs' object mappers give them:
//
//   using ddbemu::Path;
//   ddbemu::UpdateItemRequest r{.table_name = "Users", .key = key};
//   ddbemu::SetUpdate(r, ddbemu::UpdateExpression().Set("name", "Ada").Add("logins",
//   1).Remove("token")); ddbemu::SetCondition(r, Path("version") == 7 &&
//   Path("deleted").NotExists());
//
//   ddbemu::QueryRequest q{.table_name = "Users"};
//   ddbemu::SetKeyCondition(q, Path("pk") == "org#1" && Path("sk").BeginsWith("user#"));
//   ddbemu::SetFilter(q, Path("age").Between(18, 65) || Path("tags").Contains("admin"));
//
// Every attribute name becomes a `#n<i>` placeholder (so reserved words such as "name" or
// "status" need no thought) and every value a `:v<i>` one; a path "a.b[2]" names each part. The
// Set* functions add to a request's expression_attribute_names and _values without touching the
// placeholders already there, so a condition, an update and hand-written parts can share one
// request. The service still checks the result: a key condition the table's keys cannot answer
// is refused by the service's rules, with its message.
#pragma once

#include <algorithm>
#include <cstddef>
#include <functional>
#include <initializer_list>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "ddbemu/attribute_value.h"
#include "ddbemu/document.h"
#include "ddbemu/model/common.h"
#include "ddbemu/version.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE {

// The placeholders of one request: allocates `#n<i>` for attribute names (one per distinct name)
// and `:v<i>` for values, skipping any the request already holds.
class Placeholders {
 public:
  Placeholders(ExpressionAttributeNames& names, ExpressionAttributeValues& values)
      : names_(names), values_(values) {}

  // "a.b[2]" as "#n0.#n1[2]": each name part a placeholder, list indexes kept.
  std::string Path(std::string_view path) {
    std::string out;
    std::size_t i = 0;
    while (i < path.size()) {
      const std::size_t end = std::min(path.find_first_of(".[", i), path.size());
      if (end > i) out += Name(path.substr(i, end - i));
      if (end == path.size()) break;
      const std::size_t next =
          path[end] == '[' ? std::min(path.find(']', end), path.size() - 1) + 1 : end + 1;
      out.append(path.substr(end, next - end));
      i = next;
    }
    return out;
  }

  std::string Name(std::string_view name) {
    for (const auto& [placeholder, existing] : names_) {
      if (existing == name) return placeholder;
    }
    std::string placeholder;
    do placeholder = "#n" + std::to_string(next_name_++);
    while (names_.count(placeholder) != 0);
    names_.emplace(placeholder, std::string(name));
    return placeholder;
  }

  std::string Value(AttributeValue value) {
    std::string placeholder;
    do placeholder = ":v" + std::to_string(next_value_++);
    while (values_.contains(placeholder));
    values_.insert_or_assign(placeholder, std::move(value));
    return placeholder;
  }

 private:
  ExpressionAttributeNames& names_;
  ExpressionAttributeValues& values_;
  std::size_t next_name_ = 0;
  std::size_t next_value_ = 0;
};

// One side of a comparison: an attribute path, a value, or size(path).
class Operand {
 public:
  Operand(ddbemu::Value value)  // NOLINT(google-explicit-constructor): values read naturally
      : render_([v = std::move(value).value()](Placeholders& p) { return p.Value(v); }) {}
  template <class T>
  requires std::is_constructible_v<ddbemu::Value, T> Operand(T&& value)  // NOLINT
      : Operand(ddbemu::Value(std::forward<T>(value))) {}

  static Operand OfPath(std::string path) {
    return Operand([path = std::move(path)](Placeholders& p) { return p.Path(path); });
  }
  static Operand SizeOf(std::string path) {
    return Operand(
        [path = std::move(path)](Placeholders& p) { return "size(" + p.Path(path) + ")"; });
  }

  std::string Render(Placeholders& p) const { return render_(p); }

 private:
  explicit Operand(std::function<std::string(Placeholders&)> render) : render_(std::move(render)) {}
  std::function<std::string(Placeholders&)> render_;
};

// A condition (ConditionExpression, FilterExpression, KeyConditionExpression), combined with
// &&, || and !; each combination is parenthesised, so C++'s precedence is the expression's.
class ConditionExpression {
 public:
  explicit ConditionExpression(std::function<std::string(Placeholders&)> render)
      : render_(std::move(render)) {}
  std::string Render(Placeholders& p) const { return render_(p); }

  friend ConditionExpression operator&&(ConditionExpression a, ConditionExpression b) {
    return Join(std::move(a), " AND ", b);
  }
  friend ConditionExpression operator||(ConditionExpression a, ConditionExpression b) {
    return Join(std::move(a), " OR ", b);
  }
  friend ConditionExpression operator!(ConditionExpression a) {
    return ConditionExpression(
        [a = std::move(a)](Placeholders& p) { return "NOT (" + a.Render(p) + ")"; });
  }

  static ConditionExpression Compare(Operand a, std::string_view op, Operand b) {
    return ConditionExpression(
        [a = std::move(a), op = std::string(op), b = std::move(b)](Placeholders& p) {
          std::string left = a.Render(p);  // placeholders numbered left to right
          return left + " " + op + " " + b.Render(p);
        });
  }

 private:
  static ConditionExpression Join(ConditionExpression a, std::string_view op,
                                  ConditionExpression b) {
    return ConditionExpression(
        [a = std::move(a), op = std::string(op), b = std::move(b)](Placeholders& p) {
          std::string left = a.Render(p);
          return "(" + left + ")" + op + "(" + b.Render(p) + ")";
        });
  }
  std::function<std::string(Placeholders&)> render_;
};

// An attribute path ("name", "address.city", "tags[0]") to compare or test.
class Path {
 public:
  explicit Path(std::string path) : path_(std::move(path)) {}

  ConditionExpression operator==(Operand v) const { return Cmp("=", std::move(v)); }
  ConditionExpression operator!=(Operand v) const { return Cmp("<>", std::move(v)); }
  ConditionExpression operator<(Operand v) const { return Cmp("<", std::move(v)); }
  ConditionExpression operator<=(Operand v) const { return Cmp("<=", std::move(v)); }
  ConditionExpression operator>(Operand v) const { return Cmp(">", std::move(v)); }
  ConditionExpression operator>=(Operand v) const { return Cmp(">=", std::move(v)); }
  // Another attribute as the right-hand side: Path("a") == Path("b").Ref().
  Operand Ref() const { return Operand::OfPath(path_); }
  // size(path), to compare: Path("tags").Size() > 2.
  class SizeOperand;
  SizeOperand Size() const;

  ConditionExpression Between(Operand low, Operand high) const {
    return ConditionExpression(
        [a = Ref(), low = std::move(low), high = std::move(high)](Placeholders& p) {
          std::string path = a.Render(p);
          std::string lo = low.Render(p);
          return path + " BETWEEN " + lo + " AND " + high.Render(p);
        });
  }
  ConditionExpression In(std::vector<ddbemu::Value> values) const {
    return ConditionExpression([a = Ref(), values = std::move(values)](Placeholders& p) {
      std::string out = a.Render(p) + " IN (";
      for (std::size_t i = 0; i < values.size(); ++i) {
        out += (i == 0 ? "" : ", ") + p.Value(values[i].value());
      }
      return out + ")";
    });
  }
  ConditionExpression Exists() const { return Function("attribute_exists"); }
  ConditionExpression NotExists() const { return Function("attribute_not_exists"); }
  ConditionExpression BeginsWith(Operand prefix) const {
    return Function("begins_with", std::move(prefix));
  }
  ConditionExpression Contains(Operand member) const {
    return Function("contains", std::move(member));
  }
  // attribute_type(path, :t) with the type's descriptor ("S", "N", "M", ...).
  ConditionExpression IsType(AttributeType type) const {
    return Function("attribute_type", Operand(std::string(TypeDescriptor(type))));
  }

  const std::string& path() const { return path_; }

 private:
  ConditionExpression Cmp(std::string_view op, Operand v) const {
    return ConditionExpression::Compare(Ref(), op, std::move(v));
  }
  ConditionExpression Function(std::string name) const {
    return ConditionExpression([name = std::move(name), a = Ref()](Placeholders& p) {
      return name + "(" + a.Render(p) + ")";
    });
  }
  ConditionExpression Function(std::string name, Operand arg) const {
    return ConditionExpression(
        [name = std::move(name), a = Ref(), arg = std::move(arg)](Placeholders& p) {
          std::string path = a.Render(p);
          return name + "(" + path + ", " + arg.Render(p) + ")";
        });
  }
  std::string path_;
};

class Path::SizeOperand {
 public:
  explicit SizeOperand(std::string path) : path_(std::move(path)) {}
  ConditionExpression operator==(Operand v) const { return Cmp("=", std::move(v)); }
  ConditionExpression operator!=(Operand v) const { return Cmp("<>", std::move(v)); }
  ConditionExpression operator<(Operand v) const { return Cmp("<", std::move(v)); }
  ConditionExpression operator<=(Operand v) const { return Cmp("<=", std::move(v)); }
  ConditionExpression operator>(Operand v) const { return Cmp(">", std::move(v)); }
  ConditionExpression operator>=(Operand v) const { return Cmp(">=", std::move(v)); }

 private:
  ConditionExpression Cmp(std::string_view op, Operand v) const {
    return ConditionExpression::Compare(Operand::SizeOf(path_), op, std::move(v));
  }
  std::string path_;
};

inline Path::SizeOperand Path::Size() const { return SizeOperand(path_); }

// An UpdateExpression's actions, grouped into its SET, REMOVE, ADD and DELETE clauses in the
// order they were added.
class UpdateExpression {
 public:
  UpdateExpression& Set(std::string path, ddbemu::Value value) {
    return Action(kSet, [path = std::move(path), v = std::move(value).value()](Placeholders& p) {
      std::string target = p.Path(path);
      return target + " = " + p.Value(v);
    });
  }
  // SET path = if_not_exists(path, value): a default that keeps a value already there.
  UpdateExpression& SetIfNotExists(std::string path, ddbemu::Value value) {
    return Action(kSet, [path = std::move(path), v = std::move(value).value()](Placeholders& p) {
      std::string target = p.Path(path);
      return target + " = if_not_exists(" + target + ", " + p.Value(v) + ")";
    });
  }
  // SET path = path + n (path must hold a number; Add also creates a missing one).
  UpdateExpression& Increment(std::string path, ddbemu::Value n) {
    return Action(kSet, [path = std::move(path), v = std::move(n).value()](Placeholders& p) {
      std::string target = p.Path(path);
      return target + " = " + target + " + " + p.Value(v);
    });
  }
  // SET path = list_append(path, list): `list` an L value appended at the end.
  UpdateExpression& Append(std::string path, AttributeValue list) {
    return Action(kSet, [path = std::move(path), v = std::move(list)](Placeholders& p) {
      std::string target = p.Path(path);
      return target + " = list_append(" + target + ", " + p.Value(v) + ")";
    });
  }
  UpdateExpression& Remove(std::string path) {
    return Action(kRemove, [path = std::move(path)](Placeholders& p) { return p.Path(path); });
  }
  // ADD: a number added (the attribute created as it when missing), or set members added.
  UpdateExpression& Add(std::string path, ddbemu::Value value) {
    return Action(kAdd, [path = std::move(path), v = std::move(value).value()](Placeholders& p) {
      std::string target = p.Path(path);
      return target + " " + p.Value(v);
    });
  }
  // DELETE: set members removed (`members` an SS, NS or BS).
  UpdateExpression& Delete(std::string path, AttributeValue members) {
    return Action(kDelete, [path = std::move(path), v = std::move(members)](Placeholders& p) {
      std::string target = p.Path(path);
      return target + " " + p.Value(v);
    });
  }

  bool empty() const { return actions_.empty(); }

  std::string Render(Placeholders& p) const {
    static constexpr const char* kClause[] = {"SET ", "REMOVE ", "ADD ", "DELETE "};
    std::string parts[4];
    for (const auto& [clause, render] : actions_) {
      std::string& part = parts[clause];
      part += part.empty() ? kClause[clause] : ", ";
      part += render(p);
    }
    std::string out;
    for (const std::string& part : parts) {
      if (part.empty()) continue;
      out += out.empty() ? "" : " ";
      out += part;
    }
    return out;
  }

 private:
  enum Clause { kSet, kRemove, kAdd, kDelete };
  UpdateExpression& Action(Clause clause, std::function<std::string(Placeholders&)> render) {
    actions_.emplace_back(clause, std::move(render));
    return *this;
  }
  std::vector<std::pair<Clause, std::function<std::string(Placeholders&)>>> actions_;
};

// Sets a request's expression and adds its placeholders. Any request with the member works:
// SetCondition (PutItem, UpdateItem, DeleteItem, a transaction's parts), SetFilter (Query,
// Scan), SetKeyCondition (Query), SetUpdate (UpdateItem, a transaction's Update).
template <class Request>
void SetCondition(Request& r, const ConditionExpression& c) {
  Placeholders p(r.expression_attribute_names, r.expression_attribute_values);
  r.condition_expression = c.Render(p);
}
template <class Request>
void SetFilter(Request& r, const ConditionExpression& c) {
  Placeholders p(r.expression_attribute_names, r.expression_attribute_values);
  r.filter_expression = c.Render(p);
}
template <class Request>
void SetKeyCondition(Request& r, const ConditionExpression& c) {
  Placeholders p(r.expression_attribute_names, r.expression_attribute_values);
  r.key_condition_expression = c.Render(p);
}
template <class Request>
void SetUpdate(Request& r, const UpdateExpression& u) {
  Placeholders p(r.expression_attribute_names, r.expression_attribute_values);
  r.update_expression = u.Render(p);
}
// A ProjectionExpression of `paths`, placeholders for each name.
template <class Request>
void SetProjection(Request& r, std::initializer_list<std::string_view> paths) {
  ExpressionAttributeValues unused;
  Placeholders p(r.expression_attribute_names, unused);
  std::string out;
  for (std::string_view path : paths) out += (out.empty() ? "" : ", ") + p.Path(path);
  r.projection_expression = out;
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE
