// DynamoDB JSON text without a JSON library (see value_text.h).
#include "value/value_text.h"

#include <cstddef>
#include <ostream>
#include <string_view>
#include <vector>

#include "ddbemu/json.h"

#include "value/text_encodings.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE {

void AppendJsonString(std::string_view s, std::string& out) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  out.reserve(out.size() + s.size() + 2);
  out.push_back('"');
  for (const char c : s) {
    const auto u = static_cast<unsigned char>(c);
    if (u >= 0x20 && c != '"' && c != '\\') {
      out.push_back(c);
      continue;
    }
    out.push_back('\\');
    switch (c) {
      case '"':
      case '\\':
        out.push_back(c);
        break;
      case '\b':
        out.push_back('b');
        break;
      case '\t':
        out.push_back('t');
        break;
      case '\n':
        out.push_back('n');
        break;
      case '\f':
        out.push_back('f');
        break;
      case '\r':
        out.push_back('r');
        break;
      default:
        out.append("u00");
        out.push_back(kHex[u >> 4]);
        out.push_back(kHex[u & 0xF]);
        break;
    }
  }
  out.push_back('"');
}

namespace {

// A map or list being written: the members written so far, and how to close it.
struct OpenContainer {
  const AttributeMap* map = nullptr;  // else a list
  const AttributeList* list = nullptr;
  std::size_t next = 0;
  bool is_item = false;  // a top-level item: "}" closes it, not "}}"
};

void AppendSet(std::string_view tag, const std::vector<std::string>& members, bool base64,
               std::string& out) {
  out += "{\"";
  out += tag;
  out += "\":[";
  for (std::size_t i = 0; i < members.size(); ++i) {
    if (i > 0) out.push_back(',');
    AppendJsonString(base64 ? Base64Encode(members[i]) : members[i], out);
  }
  out += "]}";
}

// Writes a scalar or set whole; writes the opening of an M or L and returns it to be filled.
bool Open(const AttributeValue& v, std::string& out, OpenContainer* opened) {
  switch (v.type()) {
    case AttributeType::kS:
      out += "{\"S\":";
      AppendJsonString(v.scalar(), out);
      out.push_back('}');
      return false;
    case AttributeType::kN:
      out += "{\"N\":";
      AppendJsonString(v.scalar(), out);
      out.push_back('}');
      return false;
    case AttributeType::kB:
      out += "{\"B\":";
      AppendJsonString(Base64Encode(v.scalar()), out);
      out.push_back('}');
      return false;
    case AttributeType::kBool:
      out += v.boolean() ? "{\"BOOL\":true}" : "{\"BOOL\":false}";
      return false;
    case AttributeType::kNull:
      out += "{\"NULL\":true}";
      return false;
    case AttributeType::kSS:
      AppendSet("SS", v.set(), false, out);
      return false;
    case AttributeType::kNS:
      AppendSet("NS", v.set(), false, out);
      return false;
    case AttributeType::kBS:
      AppendSet("BS", v.set(), true, out);
      return false;
    case AttributeType::kM:
      out += "{\"M\":{";
      *opened = OpenContainer{.map = &v.map()};
      return true;
    case AttributeType::kL:
      out += "{\"L\":[";
      *opened = OpenContainer{.list = &v.list()};
      return true;
  }
  return false;
}

// Fills the containers on `stack` (and those they hold) until it is empty.
void Fill(std::vector<OpenContainer>& stack, std::string& out) {
  OpenContainer opened;
  while (!stack.empty()) {
    OpenContainer& top = stack.back();
    const std::size_t size = top.map != nullptr ? top.map->size() : top.list->size();
    if (top.next == size) {
      out += top.is_item ? "}" : (top.map != nullptr ? "}}" : "]}");
      stack.pop_back();
      continue;
    }
    if (top.next > 0) out.push_back(',');
    const AttributeValue* member;
    if (top.map != nullptr) {
      const auto& entry = *(top.map->begin() + static_cast<std::ptrdiff_t>(top.next));
      AppendJsonString(entry.first, out);
      out.push_back(':');
      member = &entry.second;
    } else {
      member = &(*top.list)[top.next];
    }
    ++top.next;
    if (Open(*member, out, &opened)) stack.push_back(opened);  // `top` is not used after this
  }
}

}  // namespace

void AppendValueJson(const AttributeValue& value, std::string& out) {
  std::vector<OpenContainer> stack;
  OpenContainer opened;
  if (Open(value, out, &opened)) stack.push_back(opened);
  Fill(stack, out);
}

void AppendItemJson(const Item& item, std::string& out) {
  out.push_back('{');
  std::vector<OpenContainer> stack{OpenContainer{.map = &item, .is_item = true}};
  Fill(stack, out);
}

std::string ToJson(const AttributeValue& value) {
  std::string out;
  AppendValueJson(value, out);
  return out;
}

std::string ToJson(const Item& item) {
  std::string out;
  AppendItemJson(item, out);
  return out;
}

std::ostream& operator<<(std::ostream& out, const AttributeValue& value) {
  return out << ToJson(value);
}
std::ostream& operator<<(std::ostream& out, const Item& item) { return out << ToJson(item); }
void PrintTo(const AttributeValue& value, std::ostream* out) { *out << value; }
void PrintTo(const Item& item, std::ostream* out) { *out << item; }

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE
