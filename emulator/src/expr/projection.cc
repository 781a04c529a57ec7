// Projection of items onto document paths; see evaluator.h.
#include "expr/evaluator.h"

#include <map>
#include <memory>
#include <string>

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::expr {
namespace {

// The projected paths as a tree: a node either takes its whole value or selects children.
struct Selection {
  bool whole = false;
  std::map<std::string, Selection, std::less<>> names;
  std::map<std::uint32_t, Selection> indexes;

  void Add(const DocumentPath& path, std::size_t from) {
    if (whole) return;
    if (from == path.elements.size()) {
      whole = true;
      names.clear();
      indexes.clear();
      return;
    }
    const PathElement& e = path.elements[from];
    Selection& child = e.is_index() ? indexes[e.index] : names[e.name];
    child.Add(path, from + 1);
  }
};

// The part of `value` that `sel` selects, or false when nothing of it resolves.
bool Select(const AttributeValue& value, const Selection& sel, AttributeValue* out) {
  if (sel.whole) {
    *out = value;
    return true;
  }
  if (value.is(AttributeType::kM) && !sel.names.empty()) {
    AttributeMap picked;
    for (const auto& [name, child] : sel.names) {
      const auto it = value.map().find(name);
      AttributeValue v;
      if (it != value.map().end() && Select(it->second, child, &v))
        picked.emplace(name, std::move(v));
    }
    if (picked.empty()) return false;
    *out = AttributeValue::M(std::move(picked));
    return true;
  }
  if (value.is(AttributeType::kL) && !sel.indexes.empty()) {
    AttributeList picked;
    for (const auto& [index, child] : sel.indexes) {
      AttributeValue v;
      if (index < value.list().size() && Select(value.list()[index], child, &v)) {
        picked.push_back(std::move(v));
      }
    }
    if (picked.empty()) return false;
    *out = AttributeValue::L(std::move(picked));
    return true;
  }
  return false;
}

}  // namespace

Item Project(const Item& item, const std::vector<DocumentPath>& paths) {
  Selection root;
  for (const DocumentPath& p : paths) root.Add(p, 0);
  Item out;
  for (const auto& [name, sel] : root.names) {
    const auto it = item.find(name);
    AttributeValue v;
    if (it != item.end() && Select(it->second, sel, &v)) out.emplace(name, std::move(v));
  }
  return out;
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::expr
