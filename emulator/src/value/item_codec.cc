// The binary item codec: how items sit in LMDB values.
//
// FORMAT (persisted: extend only by adding a new format version or new tags)
//  item   := 0x01 (format version) varint(count) { varint(name length) name value }*count
//            with names in strictly increasing byte order (the order of an AttributeMap)
//  value  := tag payload, tags:
//            0x01 S    varint(length) UTF-8 bytes
//            0x02 N    varint(length) canonical number text (decoding is a copy, no parse)
//            0x03 B    varint(length) raw bytes
//            0x04 BOOL false, 0x05 BOOL true, 0x06 NULL (no payload)
//            0x07 M    the same as an item's body: varint(count) { name value }*
//            0x08 L    varint(count) value*
//            0x09 SS, 0x0A NS, 0x0B BS   varint(count) { varint(length) bytes }*  (count > 0)
//  varint := unsigned LEB128, at most 5 bytes (lengths and counts are below 2^32).
//
// Decoding checks every length against the bytes that remain before touching them, rejects
// counts that could not fit, unsorted or duplicate names, empty sets and nesting deeper than
// kMaxDecodeDepth, so a corrupt value yields `false`, never a crash or a huge allocation.
#include "value/item_codec.h"

#include <cstdint>
#include <tuple>
#include <utility>
#include <vector>

#include "value/set_order.h"

namespace ddbemu::itemcodec {
namespace {

constexpr char kFormatVersion = 0x01;

enum Tag : unsigned char {
  kTagS = 0x01,
  kTagN = 0x02,
  kTagB = 0x03,
  kTagFalse = 0x04,
  kTagTrue = 0x05,
  kTagNull = 0x06,
  kTagM = 0x07,
  kTagL = 0x08,
  kTagSS = 0x09,
  kTagNS = 0x0A,
  kTagBS = 0x0B,
};

// DynamoDB allows 32 levels of nesting; anything much deeper is corruption, and bounding the
// recursion keeps a corrupt value from exhausting the stack.
constexpr int kMaxDecodeDepth = 64;

std::size_t VarintSize(std::uint64_t v) {
  std::size_t n = 1;
  while (v >= 0x80) {
    v >>= 7;
    ++n;
  }
  return n;
}

void PutVarint(std::uint64_t v, std::string* out) {
  while (v >= 0x80) {
    out->push_back(static_cast<char>((v & 0x7F) | 0x80));
    v >>= 7;
  }
  out->push_back(static_cast<char>(v));
}

std::size_t BytesSize(std::string_view s) { return VarintSize(s.size()) + s.size(); }

std::size_t ValueSize(const AttributeValue& v);

std::size_t MapBodySize(const AttributeMap& m) {
  std::size_t n = VarintSize(m.size());
  for (const auto& [name, value] : m) n += BytesSize(name) + ValueSize(value);
  return n;
}

// Exact encoded size, so that encoding reserves once and never reallocates.
std::size_t ValueSize(const AttributeValue& v) {
  switch (v.type()) {
    case AttributeType::kS:
    case AttributeType::kN:
    case AttributeType::kB:
      return 1 + BytesSize(v.scalar());
    case AttributeType::kBool:
    case AttributeType::kNull:
      return 1;
    case AttributeType::kM:
      return 1 + MapBodySize(v.map());
    case AttributeType::kL: {
      std::size_t n = 1 + VarintSize(v.list().size());
      for (const auto& e : v.list()) n += ValueSize(e);
      return n;
    }
    case AttributeType::kSS:
    case AttributeType::kNS:
    case AttributeType::kBS: {
      std::size_t n = 1 + VarintSize(v.set().size());
      for (const auto& e : v.set()) n += BytesSize(e);
      return n;
    }
  }
  return 0;
}

void PutBytes(std::string_view s, std::string* out) {
  PutVarint(s.size(), out);
  out->append(s);
}

void PutValue(const AttributeValue& v, std::string* out);

void PutMapBody(const AttributeMap& m, std::string* out) {
  PutVarint(m.size(), out);
  for (const auto& [name, value] : m) {
    PutBytes(name, out);
    PutValue(value, out);
  }
}

unsigned char SetTag(AttributeType t) {
  return t == AttributeType::kSS ? kTagSS : (t == AttributeType::kNS ? kTagNS : kTagBS);
}

void PutValue(const AttributeValue& v, std::string* out) {
  switch (v.type()) {
    case AttributeType::kS:
      out->push_back(static_cast<char>(kTagS));
      return PutBytes(v.scalar(), out);
    case AttributeType::kN:
      out->push_back(static_cast<char>(kTagN));
      return PutBytes(v.scalar(), out);
    case AttributeType::kB:
      out->push_back(static_cast<char>(kTagB));
      return PutBytes(v.scalar(), out);
    case AttributeType::kBool:
      out->push_back(static_cast<char>(v.boolean() ? kTagTrue : kTagFalse));
      return;
    case AttributeType::kNull:
      out->push_back(static_cast<char>(kTagNull));
      return;
    case AttributeType::kM:
      out->push_back(static_cast<char>(kTagM));
      return PutMapBody(v.map(), out);
    case AttributeType::kL:
      out->push_back(static_cast<char>(kTagL));
      PutVarint(v.list().size(), out);
      for (const auto& e : v.list()) PutValue(e, out);
      return;
    case AttributeType::kSS:
    case AttributeType::kNS:
    case AttributeType::kBS:
      out->push_back(static_cast<char>(SetTag(v.type())));
      PutVarint(v.set().size(), out);
      for (const auto& e : v.set()) PutBytes(e, out);
      return;
  }
}

// A bounds-checked cursor over the input.
class Reader {
 public:
  explicit Reader(std::string_view in) : in_(in) {}

  std::size_t remaining() const { return in_.size(); }
  std::string_view rest() const { return in_; }

  bool Byte(unsigned char* b) {
    if (in_.empty()) return false;
    *b = static_cast<unsigned char>(in_[0]);
    in_.remove_prefix(1);
    return true;
  }
  bool Varint(std::uint32_t* v) {
    std::uint64_t r = 0;
    for (int shift = 0; shift < 35; shift += 7) {
      unsigned char b;
      if (!Byte(&b)) return false;
      r |= static_cast<std::uint64_t>(b & 0x7F) << shift;
      if ((b & 0x80) == 0) {
        if (r > UINT32_MAX) return false;
        *v = static_cast<std::uint32_t>(r);
        return true;
      }
    }
    return false;  // more than 5 bytes
  }
  bool Bytes(std::string_view* s) {
    std::uint32_t len;
    if (!Varint(&len) || len > in_.size()) return false;
    *s = in_.substr(0, len);
    in_.remove_prefix(len);
    return true;
  }
  // A count of elements that each take at least one byte: more than remain is corruption.
  bool Count(std::uint32_t* n) { return Varint(n) && *n <= in_.size(); }

 private:
  std::string_view in_;
};

bool ReadValue(Reader& r, int depth, AttributeValue* out);

bool ReadMapBody(Reader& r, int depth, AttributeMap* out) {
  std::uint32_t count;
  if (!r.Count(&count)) return false;
  out->clear();
  std::string_view previous;
  for (std::uint32_t i = 0; i < count; ++i) {
    std::string_view name;
    if (!r.Bytes(&name)) return false;
    if (i > 0 && !(previous < name)) return false;  // the encoder writes map order
    auto it = out->emplace_hint(out->end(), std::piecewise_construct, std::forward_as_tuple(name),
                                std::forward_as_tuple());
    if (!ReadValue(r, depth + 1, &it->second)) return false;
    previous = it->first;
  }
  return true;
}

bool ReadSet(Reader& r, AttributeType type, AttributeValue* out) {
  std::uint32_t count;
  if (!r.Count(&count) || count == 0) return false;  // sets are never empty
  std::vector<std::string> members;
  members.reserve(count);
  for (std::uint32_t i = 0; i < count; ++i) {
    std::string_view m;
    if (!r.Bytes(&m)) return false;
    members.emplace_back(m);
  }
  // Sets are written in set order; one written before that was kept is sorted here.
  SortSetMembers(type, members);
  *out = type == AttributeType::kSS   ? AttributeValue::SS(std::move(members))
         : type == AttributeType::kNS ? AttributeValue::NS(std::move(members))
                                      : AttributeValue::BS(std::move(members));
  return true;
}

bool ReadList(Reader& r, int depth, AttributeValue* out) {
  std::uint32_t count;
  if (!r.Count(&count)) return false;
  *out = AttributeValue::L({});
  AttributeList& list = out->list();
  list.resize(count);
  for (auto& e : list) {
    if (!ReadValue(r, depth + 1, &e)) return false;
  }
  return true;
}

bool ReadValue(Reader& r, int depth, AttributeValue* out) {
  if (depth > kMaxDecodeDepth) return false;
  unsigned char tag;
  if (!r.Byte(&tag)) return false;
  std::string_view s;
  switch (tag) {
    case kTagS:
      if (!r.Bytes(&s)) return false;
      *out = AttributeValue::S(std::string(s));
      return true;
    case kTagN:
      if (!r.Bytes(&s) || s.empty()) return false;
      *out = AttributeValue::N(std::string(s));
      return true;
    case kTagB:
      if (!r.Bytes(&s)) return false;
      *out = AttributeValue::B(std::string(s));
      return true;
    case kTagFalse:
    case kTagTrue:
      *out = AttributeValue::Bool(tag == kTagTrue);
      return true;
    case kTagNull:
      *out = AttributeValue::Null();
      return true;
    case kTagM:
      *out = AttributeValue::M({});
      return ReadMapBody(r, depth, &out->map());
    case kTagL:
      return ReadList(r, depth, out);
    case kTagSS:
      return ReadSet(r, AttributeType::kSS, out);
    case kTagNS:
      return ReadSet(r, AttributeType::kNS, out);
    case kTagBS:
      return ReadSet(r, AttributeType::kBS, out);
    default:
      return false;
  }
}

}  // namespace

void EncodeItem(const Item& item, std::string* out) {
  out->reserve(out->size() + 1 + MapBodySize(item));
  out->push_back(kFormatVersion);
  PutMapBody(item, out);
}

bool DecodeItem(std::string_view bytes, Item* out) {
  Reader r(bytes);
  unsigned char version;
  if (!r.Byte(&version) || version != kFormatVersion) return false;
  return ReadMapBody(r, 1, out) && r.remaining() == 0;
}

void EncodeValue(const AttributeValue& value, std::string* out) {
  out->reserve(out->size() + ValueSize(value));
  PutValue(value, out);
}

bool DecodeValue(std::string_view* in, AttributeValue* out) {
  Reader r(*in);
  if (!ReadValue(r, 1, out)) return false;
  *in = r.rest();
  return true;
}

}  // namespace ddbemu::itemcodec
