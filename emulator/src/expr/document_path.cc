// Navigation of document paths; see document_path.h.
#include "expr/document_path.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::expr {
namespace {

// One step down from `v`, or null.
template <class Value>
Value* Step(Value* v, const PathElement& e) {
  if (e.is_index()) {
    if (!v->is(AttributeType::kL) || e.index >= v->list().size()) return nullptr;
    return &v->list()[e.index];
  }
  if (!v->is(AttributeType::kM)) return nullptr;
  auto& map = v->map();
  const auto it = map.find(e.name);
  return it == map.end() ? nullptr : &it->second;
}

template <class ItemT, class Value>
Value* Find(ItemT& item, const DocumentPath& path, std::size_t length) {
  if (length == 0 || path.elements.empty()) return nullptr;
  const auto it = item.find(path.elements[0].name);
  if (it == item.end()) return nullptr;
  Value* v = &it->second;
  for (std::size_t i = 1; i < length && v != nullptr; ++i) v = Step(v, path.elements[i]);
  return v;
}

}  // namespace

const AttributeValue* FindPath(const Item& item, const DocumentPath& path) {
  return FindPathPrefix(item, path, path.elements.size());
}

const AttributeValue* FindPathPrefix(const Item& item, const DocumentPath& path,
                                     std::size_t length) {
  return Find<const Item, const AttributeValue>(item, path, length);
}

AttributeValue* FindPathPrefix(Item& item, const DocumentPath& path, std::size_t length) {
  return Find<Item, AttributeValue>(item, path, length);
}

bool CanUpdateAt(const Item& item, const DocumentPath& path) {
  if (path.is_top_level()) return true;
  const AttributeValue* parent = FindPathPrefix(item, path, path.elements.size() - 1);
  if (parent == nullptr) return false;
  return path.elements.back().is_index() ? parent->is(AttributeType::kL)
                                         : parent->is(AttributeType::kM);
}

void WriteAt(Item& item, const DocumentPath& path, AttributeValue value) {
  if (path.is_top_level()) {
    item.insert_or_assign(path.root(), std::move(value));
    return;
  }
  AttributeValue* parent = FindPathPrefix(item, path, path.elements.size() - 1);
  if (parent == nullptr) return;
  const PathElement& last = path.elements.back();
  if (last.is_index()) {
    AttributeList& list = parent->list();
    if (last.index < list.size()) {
      list[last.index] = std::move(value);
    } else {
      list.push_back(std::move(value));
    }
  } else {
    parent->map().insert_or_assign(last.name, std::move(value));
  }
}

void RemoveAt(Item& item, const DocumentPath& path) {
  if (path.is_top_level()) {
    item.erase(path.root());
    return;
  }
  AttributeValue* parent = FindPathPrefix(item, path, path.elements.size() - 1);
  if (parent == nullptr) return;
  const PathElement& last = path.elements.back();
  if (last.is_index()) {
    if (!parent->is(AttributeType::kL)) return;
    AttributeList& list = parent->list();
    if (last.index < list.size()) list.erase(list.begin() + last.index);
  } else if (parent->is(AttributeType::kM)) {
    parent->map().erase(last.name);
  }
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::expr
